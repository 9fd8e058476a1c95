import * as vscode from 'vscode';
import type { PanelSession } from '../../connection/panelSession';
import type { UserInput } from '../../prompts/userInput';
import type { AuditLogs } from '../../webviews/audit/auditLog';

/** `panelOps.audit.open`: the active panel's audit log as a table with filters, paging and export. */
export function registerOpenAuditLog(session: PanelSession, logs: AuditLogs, input: UserInput): vscode.Disposable {
  return vscode.commands.registerCommand('panelOps.audit.open', () => {
    const panel = session.active;
    if (!panel) {
      void input.notify('error', vscode.l10n.t('No panel is connected.'));
      return undefined;
    }
    return logs.show(panel);
  });
}
