import * as vscode from 'vscode';
import { usersTableUri } from './panelUri';

/** A users table document (Edit Users as Table): its text as the file system holds it, and its panel. */
export interface UsersTableFile {
  readonly uri: vscode.Uri;
  readonly panelId: string;
  readonly format: 'csv' | 'json';
  /** The document's text: the rows read so far, or what the last save planned. */
  readonly text: string;
  /** Every row has been read: until then the document is read-only. */
  readonly complete: boolean;
  readonly mtime: number;
}

/** What a save of a users table does (the Users Table commands set it when they load): throws to refuse it. */
export type UsersTableSaver = (table: UsersTableFile, text: string) => Promise<void>;

/**
 * The users tables of the panel file system (`/users/<name>.csv|json`: `Users — active.csv`, then
 * `Users — active (2).csv` for a second table of the same users on the same panel, so a tab's title is
 * words and no two tables share an address). Their text lives here while
 * the window does: the table commands write the rows as they are read (the file system tells VS Code, so
 * an open document follows while it is unchanged, read-only until the last row is in), and a save is
 * handed to the saver, which plans and sends nothing. A table this window did not open does not exist.
 */
export class UsersTableFiles implements vscode.Disposable {
  private readonly tables = new Map<string, UsersTableFile>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  /** A table's text changed (more rows read, or rewritten after an apply). */
  readonly onDidChange = this.changed.event;
  private saver: UsersTableSaver | undefined;

  /** A new table named `name` (the tab's title without the extension), numbered after the first of its name. */
  create(panelId: string, name: string, format: 'csv' | 'json', text: string): UsersTableFile {
    let uri = usersTableUri(panelId, name, format);
    for (let count = 2; this.tables.has(uri.toString()); count++) uri = usersTableUri(panelId, name, format, count);
    const table: UsersTableFile = { uri, panelId, format, text, complete: false, mtime: Date.now() };
    this.tables.set(uri.toString(), table);
    return table;
  }

  get(uri: vscode.Uri): UsersTableFile | undefined {
    return this.tables.get(uri.toString());
  }

  /** Replaces a table's text (rows read, or the panel's state after an apply) and tells VS Code. */
  setText(uri: vscode.Uri, text: string, complete: boolean): void {
    const table = this.tables.get(uri.toString());
    if (!table) return;
    // A later mtime, so VS Code reloads an unchanged document (and sees the read-only flag go).
    this.tables.set(uri.toString(), { ...table, text, complete, mtime: Math.max(Date.now(), table.mtime + 1) });
    this.changed.fire(uri);
  }

  setSaver(saver: UsersTableSaver): vscode.Disposable {
    this.saver = saver;
    return new vscode.Disposable(() => {
      if (this.saver === saver) this.saver = undefined;
    });
  }

  stat(uri: vscode.Uri): vscode.FileStat {
    const table = this.find(uri);
    return {
      type: vscode.FileType.File, ctime: 0, mtime: table.mtime, size: Buffer.byteLength(table.text, 'utf8'),
      permissions: table.complete ? undefined : vscode.FilePermission.Readonly,
    };
  }

  read(uri: vscode.Uri): Uint8Array {
    return Buffer.from(this.find(uri).text, 'utf8');
  }

  /** A save: the saver plans it (and may refuse it); the file then holds the saved text. */
  async write(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const table = this.find(uri);
    if (!table.complete) throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('The users are still being read; save once every row is in.'));
    if (!this.saver) throw vscode.FileSystemError.Unavailable(vscode.l10n.t('Run Edit Users as Table again: this table was opened in an earlier session.'));
    const text = Buffer.from(content).toString('utf8');
    await this.saver(table, text);
    const current = this.tables.get(uri.toString()) ?? table;
    this.tables.set(uri.toString(), { ...current, text, mtime: Math.max(Date.now(), current.mtime + 1) });
  }

  dispose(): void {
    this.changed.dispose();
    this.tables.clear();
  }

  private find(uri: vscode.Uri): UsersTableFile {
    const table = this.tables.get(uri.toString());
    if (!table) throw vscode.FileSystemError.FileNotFound(uri);
    return table;
  }
}
