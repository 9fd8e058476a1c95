import * as vscode from 'vscode';
import type { Alert, AlertSeverity } from '../../state/alertsModel';
import { ago } from '../../text/relativeTime';
import { plainLabel, untrustedMarkdown } from '../../text/untrustedText';
import { numberText } from '../../text/displayLanguage';

const SEVERITY_ICON: Record<AlertSeverity, vscode.ThemeIcon> = {
  error: new vscode.ThemeIcon('error', new vscode.ThemeColor('list.errorForeground')),
  warning: new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground')),
  info: new vscode.ThemeIcon('info', new vscode.ThemeColor('charts.blue')),
};

/**
 * One alert: severity icon, title, age; unresolved ones can be resolved (contextValue `alert.unresolved`,
 * with `.node` when it names a node).
 * Its id comes from the panel's (see `stableIds`), so it keeps its place and selection across refreshes.
 */
export class AlertItem extends vscode.TreeItem {
  constructor(
    public alert: Alert,
    id: string,
    /** The panel the alert came from; resolving it goes to this panel. */
    readonly panelId: string,
  ) {
    super('', vscode.TreeItemCollapsibleState.None);
    this.id = id;
    this.show(alert);
  }

  /** Shows a newer copy of the alert (the item keeps its id and place). */
  show(alert: Alert): void {
    this.alert = alert;
    this.label = plainLabel(alert.title) || vscode.l10n.t('(untitled alert)');
    const age = ago(alert.resolved ? alert.resolvedAt ?? alert.createdAt : alert.createdAt, Date.now(), vscode.l10n.t);
    this.description = [age, plainLabel(alert.subject, 60)].filter(Boolean).join(' · ');
    this.iconPath = alert.resolved ? new vscode.ThemeIcon('pass', new vscode.ThemeColor('disabledForeground')) : SEVERITY_ICON[alert.severity];
    // `.node` when the alert names a node (Show Node); a read-only panel's mark follows (views/shared/protectionMarks.ts).
    this.contextValue = `${alert.resolved ? 'alert.resolved' : 'alert.unresolved'}${alert.nodeId ? '.node' : ''}`;
    const tooltip = untrustedMarkdown().heading(alert.title).paragraph(alert.message);
    for (const [label, value] of alertFields(alert, Date.now())) tooltip.field(label, value);
    this.tooltip = tooltip.build();
  }
}

/**
 * An alert's facts as the panel gave them, label and value, in the order its tooltip and Copy Alert Details
 * show them (a value left empty is skipped there); with `now`, Raised also says how long ago.
 */
export function alertFields(alert: Alert, now?: number): [string, unknown][] {
  return [
    [vscode.l10n.t('Severity'), alert.severityText],
    [vscode.l10n.t('About'), alert.subject],
    [vscode.l10n.t('Node id'), alert.nodeId],
    [vscode.l10n.t('Raised'), alert.createdAt && now !== undefined ? `${alert.createdAt} (${ago(alert.createdAt, now, vscode.l10n.t)})` : alert.createdAt],
    [vscode.l10n.t('Resolved'), alert.resolved ? alert.resolvedAt ?? vscode.l10n.t('yes') : undefined],
    [vscode.l10n.t('Alert id'), alert.id],
  ];
}

/** The collapsed group holding resolved alerts: "Resolved (N)". */
export class ResolvedGroupItem extends vscode.TreeItem {
  constructor(readonly alerts: readonly Alert[]) {
    super(vscode.l10n.t('Resolved ({0})', numberText(alerts.length)), vscode.TreeItemCollapsibleState.Collapsed);
    this.iconPath = new vscode.ThemeIcon('check-all');
    this.contextValue = 'alertGroup.resolved';
    this.id = 'alerts:resolved';
  }
}
