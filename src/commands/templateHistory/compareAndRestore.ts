import * as vscode from 'vscode';
import type { Editors } from '../../editors/editors';
import { TemplateVersionItem } from '../../views/templateHistory/templateHistoryView';
import { textOf } from '../../text/plainText';
import { registerPanelCommand } from '../registerPanelCommand';

/** Template History: a saved version opens as a diff against the current text; Restore puts it back with a normal save (409 check included). */
export function registerTemplateHistoryCommands(editors: Editors): vscode.Disposable {
  const itemOf = (argument: unknown): TemplateVersionItem => {
    if (argument instanceof TemplateVersionItem) return argument;
    throw new Error(vscode.l10n.t('Run this on a version in the Template History view.'));
  };
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.templateHistory.compare', async (argument?: unknown) => {
      const item = itemOf(argument);
      const label = textOf(item.label);
      const name = item.uri.path.slice(item.uri.path.lastIndexOf('/') + 1);
      const left = editors.services.documents.keep(`${label} ${name}`, item.entry.text);
      await vscode.commands.executeCommand('vscode.diff', left, item.uri, vscode.l10n.t('{0} ({1}) ↔ current', name, label), { preview: true });
    }),
    registerPanelCommand('panelOps.templateHistory.restore', async (argument?: unknown) => {
      const item = itemOf(argument);
      const document = await vscode.workspace.openTextDocument(item.uri);
      const edit = new vscode.WorkspaceEdit();
      edit.replace(item.uri, new vscode.Range(0, 0, document.lineCount, 0), item.entry.text);
      if (!(await vscode.workspace.applyEdit(edit))) return false;
      await vscode.window.showTextDocument(document, { preview: false });
      return document.save();
    }),
  );
}
