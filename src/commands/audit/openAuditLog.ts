import * as vscode from 'vscode';
import type { PanelSession } from '../../connection/panelSession';
import type { AuditLogs } from '../../webviews/audit/auditLog';

/** `panelOps.audit.open`: the active panel's audit log as a table with filters, paging and export. */
export function registerOpenAuditLog(session: PanelSession, logs: AuditLogs): vscode.Disposable {
  return vscode.commands.registerCommand('panelOps.audit.open', () => {
    const panel = session.active;
    if (!panel) {
      void vscode.window.showErrorMessage(vscode.l10n.t('No panel is connected.'));
      return undefined;
    }
    return logs.show(panel);
  });
}
