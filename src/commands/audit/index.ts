import type * as vscode from 'vscode';
import type { Services } from '../../services';
import { registerOpenAuditLog } from './openAuditLog';

/** The audit log page. */
export function registerAuditCommands(services: Services): vscode.Disposable {
  return registerOpenAuditLog(services.session, services.webviews().auditLogs, services.input);
}
