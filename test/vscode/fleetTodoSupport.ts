// What the fleet to-do's suites read of Problems: the to-do's entries, by panel and kind, and the quick
// fixes the light bulb is offered at one.
import * as vscode from 'vscode';

/** Every entry of the fleet to-do in Problems (source `Panel Ops · …`), with its document. */
export function todo(): [vscode.Uri, vscode.Diagnostic][] {
  return vscode.languages.getDiagnostics().flatMap(([uri, diagnostics]) =>
    diagnostics.filter((diagnostic) => diagnostic.source?.startsWith('Panel Ops · ')).map((diagnostic): [vscode.Uri, vscode.Diagnostic] => [uri, diagnostic]));
}

/** An entry's kind (its code's value). */
export function kindOf(diagnostic: vscode.Diagnostic): string {
  return typeof diagnostic.code === 'object' ? String(diagnostic.code.value) : '';
}

/** The entries of one panel (by its name) and kind. */
export function findingsOf(panelName: string, kind: string): [vscode.Uri, vscode.Diagnostic][] {
  return todo().filter(([, diagnostic]) => diagnostic.source === `Panel Ops · ${panelName}` && kindOf(diagnostic) === kind);
}

/**
 * The quick fixes at a finding, as the light bulb asks for them (on its document, opened as selecting the
 * Problem does). Every finding has at least Ignore; a request that met the document still loading answers
 * none, and the light bulb would ask again, so this asks again too (a few times).
 */
export async function actionsAt(uri: vscode.Uri, diagnostic: vscode.Diagnostic): Promise<vscode.CodeAction[]> {
  await vscode.workspace.openTextDocument(uri);
  for (let attempt = 0; ; attempt++) {
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, diagnostic.range) ?? [];
    // Other extensions' actions on a JSON document (Sort JSON…) are not the to-do's.
    const ours = actions.filter((action) => action.command?.command.startsWith('panelOps.todo.'));
    if (ours.length > 0 || attempt === 4) return ours;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
