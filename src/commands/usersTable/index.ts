import * as vscode from 'vscode';
import type { PanelSession } from '../../connection/panelSession';
import { whenChanged } from '../../connection/whenChanged';
import type { Services } from '../../services';
import { plainLabel } from '../../text/plainText';
import { READ_ONLY_SCHEME } from '../../editors/readOnlyDocuments';
import { applyTablePlan } from './applyTablePlan';
import { editUsersAsTable } from './editUsersAsTable';
import { revertLastPlan } from './revertLastPlan';
import { saveTablePlan } from './saveTablePlan';
import { TableSessions } from './tableSessions';
import type { UsersTableContext } from './usersTableContext';
import { registerPanelCommand } from '../registerPanelCommand';

/**
 * "Apply Plan" at the top of a plan document; on a read-only panel, one sentence instead, naming the level
 * and how to change it (Set Protection Level… on that panel), redrawn when a level changes.
 */
class PlanLenses implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly levels: vscode.Disposable;

  constructor(private readonly tables: TableSessions, private readonly session: PanelSession) {
    const looks = () => session.connectedPanels().map((panel) => `${panel.id}=${panel.protection}`).join('\n');
    this.levels = whenChanged(session.onDidChange, looks, () => this.changed.fire());
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const plan = this.tables.ofPlan(document.uri);
    if (!plan) return [];
    const top = new vscode.Range(0, 0, 0, 0);
    const panel = this.session.panel(plan.session.file.panelId);
    if (panel?.protection === 'readOnly') {
      return [new vscode.CodeLens(top, {
        title: `$(lock) ${vscode.l10n.t('"{0}" is read-only in Panel Ops: to apply this plan, change its level with Set Protection Level….', plainLabel(panel.name, 80))}`,
        command: 'panelOps.setProtection',
        arguments: [panel.id],
      })];
    }
    return [new vscode.CodeLens(top, { title: `$(play) ${vscode.l10n.t('Apply Plan')}`, command: 'panelOps.users.applyPlan', arguments: [document.uri] })];
  }

  dispose(): void {
    this.levels.dispose();
    this.changed.dispose();
  }
}

/** Users as a document: Edit Users as Table, Apply Plan, Revert Last Plan; and what saving a table does. */
export function registerUsersTableCommands(services: Services): vscode.Disposable {
  const { session, log, input, documents, views, editors, panels } = services;
  const tables = new TableSessions();
  const lenses = new PlanLenses(tables, session);
  const context: UsersTableContext = {
    session, log, panels, input, documents, users: views.users, nodesView: views.nodes, tables,
    files: editors.usersTables, problems: editors.services.problems, memory: services.context.workspaceState,
  };
  return vscode.Disposable.from(
    editors.usersTables.setSaver((file, text) => saveTablePlan(context, file, text)),
    lenses,
    vscode.languages.registerCodeLensProvider({ scheme: READ_ONLY_SCHEME }, lenses),
    registerPanelCommand('panelOps.users.editAsTable', (from?: unknown, selected?: unknown) => editUsersAsTable(context, from, selected)),
    registerPanelCommand('panelOps.users.applyPlan', (from?: unknown) => applyTablePlan(context, from)),
    registerPanelCommand('panelOps.users.revertLastPlan', () => revertLastPlan(context)),
  );
}
