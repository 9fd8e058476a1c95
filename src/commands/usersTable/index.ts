import * as vscode from 'vscode';
import type { Services } from '../../services';
import { READ_ONLY_SCHEME } from '../../editors/readOnlyDocuments';
import { applyTablePlan } from './applyTablePlan';
import { editUsersAsTable } from './editUsersAsTable';
import { revertLastPlan } from './revertLastPlan';
import { saveTablePlan } from './saveTablePlan';
import { TableSessions } from './tableSessions';
import type { UsersTableContext } from './usersTableContext';
import { registerPanelCommand } from '../registerPanelCommand';

/** "Apply Plan" at the top of a plan document. */
class PlanLenses implements vscode.CodeLensProvider {
  constructor(private readonly tables: TableSessions) {}

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!this.tables.isPlan(document.uri)) return [];
    return [new vscode.CodeLens(new vscode.Range(0, 0, 0, 0), { title: `$(play) ${vscode.l10n.t('Apply Plan')}`, command: 'panelOps.users.applyPlan', arguments: [document.uri] })];
  }
}

/** Users as a document: Edit Users as Table, Apply Plan, Revert Last Plan; and what saving a table does. */
export function registerUsersTableCommands(services: Services): vscode.Disposable {
  const { session, log, input, documents, views, editors, panels } = services;
  const tables = new TableSessions();
  const context: UsersTableContext = {
    session, log, panels, input, documents, users: views.users, nodesView: views.nodes, tables,
    files: editors.usersTables, problems: editors.services.problems, memory: services.context.workspaceState,
  };
  return vscode.Disposable.from(
    editors.usersTables.setSaver((file, text) => saveTablePlan(context, file, text)),
    vscode.languages.registerCodeLensProvider({ scheme: READ_ONLY_SCHEME }, new PlanLenses(tables)),
    registerPanelCommand('panelOps.users.editAsTable', (from?: unknown, selected?: unknown) => editUsersAsTable(context, from, selected)),
    registerPanelCommand('panelOps.users.applyPlan', (from?: unknown) => applyTablePlan(context, from)),
    registerPanelCommand('panelOps.users.revertLastPlan', () => revertLastPlan(context)),
  );
}
