import * as vscode from 'vscode';

/** The value each context key was given last in this window (context keys are the window's). */
const given = new Map<string, unknown>();

/**
 * Gives a context key (for `when` clauses) a value, only when it differs from the one given last: each
 * `setContext` makes the workbench re-render the tree rows whose menus depend on context, and one that lands
 * while a view redraws its root can find a row already gone (VS Code 1.117 logs "Data tree node not found"
 * and drops the reveal under way).
 */
export function setContextKey(key: string, value: unknown): void {
  if (given.has(key) && Object.is(given.get(key), value)) return;
  given.set(key, value);
  void vscode.commands.executeCommand('setContext', key, value);
}
