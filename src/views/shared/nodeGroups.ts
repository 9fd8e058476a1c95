/**
 * Many nodes in the Nodes view: grouping by status (problems first) or by region, the name filter, and
 * the summary of a panel's nodes ("200 nodes · 4 offline · 3 not applied"). Node fields are read defensively
 * (the spec's node object: `status`, `dirty`, `region`; a failed apply is the node's last 502, or a
 * `last_apply_status`/`last_job_status` field when a panel sends one). No `vscode` import.
 */
import type { PanelNode } from '../../api/types';
import type { NodeProblem } from '../../state/nodesStore';
import type { Localize } from '../../text/localize';
import { plural } from '../../text/plural';
import { nodeLabel } from '../../text/nodeText';
import { jobStatusClass } from '../../text/nodeText';
import { nodeStatusClass } from '../../text/nodeText';
import { numberText } from '../../text/displayLanguage';

export type NodeGrouping = 'none' | 'status' | 'region';
export const NODE_GROUPINGS: readonly NodeGrouping[] = ['none', 'status', 'region'];

/** The status groups, problems first. */
export type NodeStatusGroup = 'offline' | 'degraded' | 'failedApply' | 'notApplied' | 'healthy';
export const STATUS_GROUP_ORDER: readonly NodeStatusGroup[] = ['offline', 'degraded', 'failedApply', 'notApplied', 'healthy'];

/** Whether the node's last apply failed or rolled back, by a field the panel may send or the last 502. */
export function applyFailed(node: Partial<PanelNode>, problem?: NodeProblem): boolean {
  if (problem?.kind === 'failedOnNode') return true;
  for (const field of ['last_apply_status', 'last_job_status', 'apply_status']) {
    const status = jobStatusClass(node[field]);
    if (status === 'failed' || status === 'rolled_back') return true;
  }
  return false;
}

/** The worst thing about a node: offline (or unreachable at the last action), degraded, failed apply, not applied, else healthy. */
export function statusGroupOf(node: Partial<PanelNode>, problem?: NodeProblem): NodeStatusGroup {
  const status = nodeStatusClass(node.status);
  if (status === 'offline' || problem?.kind === 'offline') return 'offline';
  if (status === 'degraded') return 'degraded';
  if (applyFailed(node, problem)) return 'failedApply';
  if (node.dirty === true) return 'notApplied';
  return 'healthy';
}

/** The node's region made one plain line; '' when the panel sent none. */
export function regionOf(node: Partial<PanelNode>): string {
  return typeof node.region === 'string' ? node.region.trim() : '';
}

/** Whether the node's name (or hostname, or id) contains the filter, ignoring case. */
export function matchesNameFilter(node: Partial<PanelNode>, filter: string, t: Localize): boolean {
  const wanted = filter.trim().toLocaleLowerCase();
  if (!wanted) return true;
  return [nodeLabel(node as PanelNode, t), node.hostname, node.id].some((value) => typeof value === 'string' && value.toLocaleLowerCase().includes(wanted));
}

export interface NodeGroup<N> {
  /** 'offline'…'healthy' for status groups; the region ('' for none) for regions. */
  readonly key: string;
  readonly nodes: readonly N[];
}

/**
 * The nodes in groups, keeping the panel's order inside each: status groups problems first (empty groups
 * left out), regions alphabetically with nodes without a region last.
 */
export function groupNodes<N>(nodes: readonly N[], grouping: Exclude<NodeGrouping, 'none'>, read: (item: N) => { node: Partial<PanelNode>; problem?: NodeProblem }): NodeGroup<N>[] {
  const groups = new Map<string, N[]>();
  for (const item of nodes) {
    const { node, problem } = read(item);
    const key = grouping === 'status' ? statusGroupOf(node, problem) : regionOf(node);
    let members = groups.get(key);
    if (!members) {
      members = [];
      groups.set(key, members);
    }
    members.push(item);
  }
  const keys = grouping === 'status'
    ? STATUS_GROUP_ORDER.filter((key) => groups.has(key))
    : [...groups.keys()].sort((a, b) => (a === '' ? 1 : b === '' ? -1 : a.localeCompare(b)));
  return keys.map((key) => ({ key, nodes: groups.get(key) ?? [] }));
}

/** How many nodes there are, offline, degraded, with a failed apply, and not applied. */
export interface NodeCounts {
  readonly total: number;
  readonly offline: number;
  readonly degraded: number;
  readonly failedApply: number;
  readonly notApplied: number;
}

export const NO_NODES: NodeCounts = { total: 0, offline: 0, degraded: 0, failedApply: 0, notApplied: 0 };

export function countNodes(nodes: readonly Partial<PanelNode>[], problem: (id: unknown) => NodeProblem | undefined = () => undefined): NodeCounts {
  let offline = 0;
  let degraded = 0;
  let failedApply = 0;
  let notApplied = 0;
  for (const node of nodes) {
    const nodeProblem = problem(node.id);
    const status = nodeStatusClass(node.status);
    if (status === 'offline' || nodeProblem?.kind === 'offline') offline++;
    else if (status === 'degraded') degraded++;
    if (applyFailed(node, nodeProblem)) failedApply++;
    if (node.dirty === true) notApplied++;
  }
  return { total: nodes.length, offline, degraded, failedApply, notApplied };
}

export function addCounts(a: NodeCounts, b: NodeCounts): NodeCounts {
  return { total: a.total + b.total, offline: a.offline + b.offline, degraded: a.degraded + b.degraded, failedApply: a.failedApply + b.failedApply, notApplied: a.notApplied + b.notApplied };
}

/** "200 nodes · 4 offline · 3 not applied": the total, then only the problems there are. */
export function nodesSummary(counts: NodeCounts, t: Localize): string {
  const parts = [plural(counts.total, { one: '{0} node', other: '{0} nodes' }, t)];
  if (counts.offline > 0) parts.push(t('{0} offline', numberText(counts.offline)));
  if (counts.degraded > 0) parts.push(t('{0} degraded', numberText(counts.degraded)));
  if (counts.failedApply > 0) parts.push(plural(counts.failedApply, { one: '{0} failed apply', other: '{0} failed applies' }, t));
  if (counts.notApplied > 0) parts.push(t('{0} not applied', numberText(counts.notApplied)));
  return parts.join(' · ');
}

/** "12 nodes · 2 offline · 3 alerts": what a panel item says; parts unknown yet are left out. */
export function panelSummary(counts: NodeCounts | undefined, unresolved: number | undefined, t: Localize): string | undefined {
  const parts: string[] = [];
  if (counts) parts.push(nodesSummary(counts, t));
  if (unresolved !== undefined && unresolved > 0) parts.push(plural(unresolved, { one: '{0} alert', other: '{0} alerts' }, t));
  return parts.length > 0 ? parts.join(' · ') : undefined;
}

/** The label of a group: "Offline (4)", "eu-west (12)", "No region (3)". */
export function groupLabel(grouping: Exclude<NodeGrouping, 'none'>, key: string, count: number, t: Localize): string {
  if (grouping === 'region') return key ? t('{0} ({1})', key, numberText(count)) : t('No region ({0})', numberText(count));
  const names: Record<NodeStatusGroup, string> = {
    offline: t('Offline ({0})', numberText(count)),
    degraded: t('Degraded ({0})', numberText(count)),
    failedApply: t('Failed apply ({0})', numberText(count)),
    notApplied: t('Not applied ({0})', numberText(count)),
    healthy: t('Healthy ({0})', numberText(count)),
  };
  return names[key as NodeStatusGroup] ?? key;
}
