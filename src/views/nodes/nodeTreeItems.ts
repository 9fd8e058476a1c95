import * as vscode from 'vscode';
import type { ApplyJob, PanelNode } from '../../api/types';
import { plainLabel } from '../../text/plainText';
import { untrustedMarkdown } from '../../text/untrustedText';
import type { UserList } from '../../state/usersStore';
import type { NodeProblem } from '../../state/nodesStore';
import { joinParts } from '../../text/plainText';
import { inReadingOrder } from '../../text/bidi';
import { themeIcon } from '../shared/userTreeItems';
import { JOB_STATUS_ICONS, NODE_STATUS_ICONS, jobDescription, nodeContextValue, nodeDescription, nodeProblemDetail, nodeProblemText, nodeStatusClass, nodeTooltipRows } from './nodeDescription';
import { jobStatusClass, nodeLabel } from '../../text/nodeText';

/** A node of a panel: name, status icon, "● not applied" while dirty, last apply time. */
export class NodeItem extends vscode.TreeItem {
  /** The three expandable sections, created once so refreshing one keeps the others. */
  readonly sections: readonly NodeSectionItem[];
  private current: PanelNode;
  /** The last 502/503 of an action on the node, shown until an action on it succeeds. */
  problem: NodeProblem | undefined;

  constructor(
    node: PanelNode,
    /** The panel the node belongs to; actions on the item go to this panel. */
    readonly panelId: string,
    now = Date.now(),
  ) {
    super('', vscode.TreeItemCollapsibleState.Collapsed);
    this.current = node;
    this.id = `nodes/${plainLabel(node.id, 100)}`;
    this.show(node, now);
    this.sections = (['health', 'jobs', 'users', 'site'] as const).map((kind) => new NodeSectionItem(kind, this));
  }

  get node(): PanelNode {
    return this.current;
  }

  /** Shows a newer copy of the same node (after a refresh of this node alone). */
  show(node: PanelNode, now = Date.now()): void {
    this.current = node;
    this.label = plainLabel(nodeLabel(node, vscode.l10n.t), 80) || vscode.l10n.t('(no name)');
    const problem = this.problem;
    this.description = problem
      ? inReadingOrder(joinParts([nodeProblemText(problem, vscode.l10n.t), nodeDescription(node, now, vscode.l10n.t)], 80, { keepIsolates: true }))
      : inReadingOrder(nodeDescription(node, now, vscode.l10n.t));
    this.iconPath = problem ? themeIcon({ id: 'warning', color: 'charts.red' }) : themeIcon(NODE_STATUS_ICONS[nodeStatusClass(node.status)]);
    this.contextValue = nodeContextValue(node);
    const tooltip = untrustedMarkdown().heading(nodeLabel(node, vscode.l10n.t));
    if (problem) tooltip.field(vscode.l10n.t('Last problem'), nodeProblemDetail(problem, vscode.l10n.t), 1000);
    for (const [name, value] of nodeTooltipRows(node, vscode.l10n.t)) tooltip.field(name, value);
    this.tooltip = tooltip.build();
  }
}

export type NodeSectionKind = 'health' | 'jobs' | 'users' | 'site';

const SECTION_LABELS: Record<NodeSectionKind, () => string> = {
  health: () => vscode.l10n.t('Health'),
  jobs: () => vscode.l10n.t('Recent jobs'),
  users: () => vscode.l10n.t('Users'),
  site: () => vscode.l10n.t('Site'),
};

const SECTION_ICONS: Record<NodeSectionKind, string> = { health: 'pulse', jobs: 'history', users: 'account', site: 'globe' };

/** "Health", "Recent jobs", "Users" or "Site" under a node; loads when expanded. */
export class NodeSectionItem extends vscode.TreeItem {
  /** The keys store's list of the node's users (the `users` section only), once expanded. */
  list: UserList | undefined;

  constructor(readonly kind: NodeSectionKind, readonly parent: NodeItem) {
    super(SECTION_LABELS[kind](), vscode.TreeItemCollapsibleState.Collapsed);
    this.id = `${parent.id}/${kind}`;
    this.iconPath = new vscode.ThemeIcon(SECTION_ICONS[kind]);
    this.contextValue = `nodeSection.${kind}`;
  }
}

/**
 * One field of a node's health answer. Its id is the row's position: names from the panel can repeat once
 * cut to a label ("disk.free" and `disk: { free }`), and VS Code refuses a view with duplicate ids.
 */
export class HealthFieldItem extends vscode.TreeItem {
  constructor(name: string, value: string, id: string, contextValue = 'healthField') {
    super(plainLabel(name, 60), vscode.TreeItemCollapsibleState.None);
    this.id = id;
    this.description = plainLabel(value, 120);
    this.tooltip = untrustedMarkdown().field(name, value, 2000).build();
    this.contextValue = contextValue;
  }
}

/** A recent apply job: status icon (spinning while running), start time, duration, error text. */
export class JobItem extends vscode.TreeItem {
  constructor(readonly job: ApplyJob, id: string, now = Date.now()) {
    const status = jobStatusClass(job.status);
    super(plainLabel(job.status, 40) || vscode.l10n.t('unknown'), vscode.TreeItemCollapsibleState.None);
    this.id = id;
    this.description = jobDescription(job, now, vscode.l10n.t);
    this.iconPath = themeIcon(JOB_STATUS_ICONS[status]);
    this.contextValue = 'job';
    this.tooltip = untrustedMarkdown()
      .field(vscode.l10n.t('Status'), job.status)
      .field(vscode.l10n.t('Started'), job.started_at)
      .field(vscode.l10n.t('Finished'), job.finished_at)
      .field(vscode.l10n.t('Error'), job.error, 2000)
      .build();
  }
}

/** A group of nodes when the view groups them: "Offline (4)", "eu-west (12)"; expanded. */
export class NodeGroupItem extends vscode.TreeItem {
  constructor(readonly key: string, label: string, readonly nodes: readonly NodeItem[], grouping: string, icon: string) {
    super(label, vscode.TreeItemCollapsibleState.Expanded);
    this.id = `nodes/group/${grouping}/${plainLabel(key, 100)}`;
    this.iconPath = new vscode.ThemeIcon(icon);
    this.contextValue = 'nodeGroup';
  }
}
