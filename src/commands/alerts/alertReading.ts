import * as vscode from 'vscode';
import type { PanelSession } from '../../connection/panelSession';
import type { Alert } from '../../state/alertsModel';
import { plainLabel } from '../../text/plainText';
import { alertFields, AlertItem } from '../../views/alerts/alertItems';
import type { NodesViewParts } from '../../views/nodes/nodesView';
import type { UserInput } from '../../prompts/userInput';
import { revealNodeOnPanel } from '../nodes/revealNode';
import { registerPanelCommand } from '../registerPanelCommand';

export interface AlertReadingContext {
  readonly session: PanelSession;
  readonly input: UserInput;
  readonly log: vscode.LogOutputChannel;
  readonly nodesView: NodesViewParts;
}

/** The alert as plain lines an operator pastes into a ticket or a chat: the panel's own words and figures. */
export function alertText(alert: Alert, panelName: string): string {
  const fields = [[vscode.l10n.t('Panel'), panelName] as [string, unknown], ...alertFields(alert)]
    .map(([name, value]) => [name, plainLabel(value, 500)])
    .filter(([, value]) => value !== '')
    .map(([name, value]) => `${name}: ${value}`);
  return [plainLabel(alert.title, 500), ...(alert.message ? [plainLabel(alert.message, 4000)] : []), '', ...fields].join('\n');
}

/**
 * What an alert offers on every panel, a read-only one included, since they change nothing: Copy Alert
 * Details, and Show Node for an alert about a node (the node selected in the Nodes view, in its panel).
 */
export function registerAlertReading(context: AlertReadingContext): vscode.Disposable {
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.alerts.copy', async (item?: unknown) => {
      if (!(item instanceof AlertItem)) return;
      const panelName = context.session.panel(item.panelId)?.name ?? item.panelId;
      await vscode.env.clipboard.writeText(alertText(item.alert, panelName));
      vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the alert "{0}".', plainLabel(item.alert.title, 80)), 3000);
    }),
    registerPanelCommand('panelOps.alerts.showNode', async (item?: unknown) => {
      if (!(item instanceof AlertItem) || !item.alert.nodeId) return undefined;
      const shown = await revealNodeOnPanel(context, item.panelId, { id: item.alert.nodeId });
      if (!shown) void context.input.notify('warning', vscode.l10n.t('The node of this alert ({0}) is not in the Nodes view: the panel may have deleted it.', plainLabel(item.alert.nodeId, 80)));
      return shown;
    }),
  );
}
