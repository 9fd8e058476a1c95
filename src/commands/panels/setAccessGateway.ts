import * as vscode from 'vscode';
import type { ConnectDependencies } from '../../connection/connectFlow';
import type { GatewayProblem } from '../../connection/gatewayRefusal';
import { NO_GATEWAY } from '../../connection/gatewaySetup';
import type { SavedPanels } from '../../connection/savedPanels';
import { plainLabel } from '../../text/plainText';
import { registerPanelCommand } from '../registerPanelCommand';
import { connectFlow, gatewayPrompts } from './connectCode';

/**
 * "Set Access Gateway…": edits the headers and the client certificate that the access gateway in front of
 * the active panel (or the connected panel `panelId`) asks for, checks the panel with them and the stored
 * token, and saves them only when the check passed. The header values go to SecretStorage only.
 */
async function setAccessGateway(deps: ConnectDependencies, store: SavedPanels, panelId?: unknown): Promise<void> {
  const panel = (typeof panelId === 'string' ? deps.session.panel(panelId) : undefined) ?? deps.session.active;
  const record = panel && store.record(panel.url);
  const token = panel && await store.token(panel.url);
  if (!panel || !record || token === undefined) {
    await deps.input.notify('info', vscode.l10n.t('Connect to a panel first.'));
    return;
  }
  const { checkConnection } = connectFlow();
  const { editGateway, gatewaySummary } = gatewayPrompts();
  const title = vscode.l10n.t('Access Gateway of {0}', plainLabel(panel.name, 200));
  let setup = (await store.gateway(panel.url)) ?? NO_GATEWAY;
  let problem: GatewayProblem | undefined;
  for (;;) {
    const edited = await editGateway(deps.input, setup, { title, finish: 'save', problem });
    if (!edited) return;
    setup = edited;
    const checked = setup;
    const refusal = await deps.runWithProgress(vscode.l10n.t('Checking {0}…', record.url), (_report, signal) => checkConnection(deps, record, token, checked, signal));
    if (!refusal) break;
    problem = refusal;
  }
  await store.saveGateway(panel.url, setup);
  deps.session.rebuildClient(); // the views start over through the new gateway
  await deps.input.notify('info', vscode.l10n.t('The access gateway of "{0}" is saved: {1}.', plainLabel(panel.name, 200), gatewaySummary(setup)));
}

export function registerSetAccessGatewayCommand(deps: ConnectDependencies, store: SavedPanels): vscode.Disposable {
  return registerPanelCommand('panelOps.setAccessGateway', (panelId?: unknown) => setAccessGateway(deps, store, panelId));
}
