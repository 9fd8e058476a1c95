import type * as vscode from 'vscode';
import type { EditorProblems } from '../../editors/editorProblems';
import type { ReadOnlyDocuments } from '../../editors/readOnlyDocuments';
import type { UsersTableFiles } from '../../editors/usersTableFiles';
import type { NodesViewParts } from '../../views/nodes/nodesView';
import type { TreeViewParts, UsersTree } from '../../views/users/usersView';
import type { UserActionContext } from '../users/userActionsSupport';
import type { TableSessions } from './tableSessions';

/** What the users table commands need. */
export interface UsersTableContext extends UserActionContext {
  readonly files: UsersTableFiles;
  readonly tables: TableSessions;
  readonly problems: EditorProblems;
  readonly documents: ReadOnlyDocuments;
  readonly users: TreeViewParts<UsersTree>;
  readonly nodesView: NodesViewParts;
  /** Where the last applied plan of each panel is kept (workspace state). */
  readonly memory: vscode.Memento;
}
