import * as vscode from 'vscode';
import { activePanelOrNotify } from '../shared/activePanel';
import type { PanelSession } from '../../connection/panelSession';
import type { UserInput } from '../../prompts/userInput';
import type { AuditLogs } from '../../webviews/audit';
import { registerPanelCommand } from '../registerPanelCommand';

/** `panelOps.audit.open`: the active panel's audit log as a table with filters, paging and export. */
export function registerOpenAuditLog(session: PanelSession, logs: AuditLogs, input: UserInput): vscode.Disposable {
  return registerPanelCommand('panelOps.audit.open', () => {
    const panel = activePanelOrNotify(session, input);
    return panel && logs.show(panel);
  });
}
