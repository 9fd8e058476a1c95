// Helpers for the suites that edit panel documents in real editor tabs: templates added straight to the
// simulated panel, opening them from the Site Templates view, replacing a buffer's text, waiting for
// Problems entries, and closing every editor (reverting unsaved ones) between tests.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { SimulatedPanel, SiteTemplateRecord } from '../panel';
import { children, until, type TestApi } from './support';

export const VALID_HTML = [
  '<!doctype html>',
  '<html lang="en">',
  '<head>',
  '  <meta charset="utf-8">',
  '  <title>{{site_name}}</title>',
  '</head>',
  '<body>',
  '  <h1>{{site_name}}</h1>',
  '  <p>{{tagline}}</p>',
  '</body>',
  '</html>',
  '',
].join('\n');

/** Adds a non-built-in template to the simulated panel, as if someone had created it there. */
export function addTemplate(panel: SimulatedPanel, fields: Partial<SiteTemplateRecord> & { name: string }): SiteTemplateRecord {
  const now = new Date().toISOString();
  const record: SiteTemplateRecord = {
    id: randomUUID(), description: 'made by a test', html: VALID_HTML, css: 'h1 { color: {{accent_color}}; }\n',
    variables: [{ name: 'site_name', default: 'Test site' }, { name: 'tagline', default: 'Hello' }, { name: 'accent_color', default: '#123456' }],
    builtin: false, version: 1, created_at: now, updated_at: now, updated_by: 'owner', ...fields,
  };
  panel.data.siteTemplates.set(record.id, record);
  return record;
}

/** The Site Templates view's item of a template (after a refresh of the view). */
export async function templateItem(api: TestApi, templateId: string): Promise<vscode.TreeItem> {
  await vscode.commands.executeCommand('panelOps.siteTemplates.refresh');
  const item = (await children(api.siteTemplates)).find((candidate) => (candidate as { template?: { id?: string } }).template?.id === templateId);
  assert.ok(item, `the view lists template ${templateId}`);
  return item;
}

/** Clicks a template in the Site Templates view and returns the editor that opens. */
export async function openFromView(api: TestApi, templateId: string): Promise<vscode.TextEditor> {
  const item = await templateItem(api, templateId);
  assert.ok(item.command, 'clicking a template runs a command');
  await vscode.commands.executeCommand(item.command.command, ...(item.command.arguments ?? []));
  const editor = vscode.window.activeTextEditor;
  assert.ok(editor, 'an editor opened');
  return editor;
}

export async function replaceText(editor: vscode.TextEditor, text: string): Promise<void> {
  const document = editor.document;
  const done = await editor.edit((builder) => builder.replace(new vscode.Range(0, 0, document.lineCount, 0), text));
  assert.ok(done, 'the edit applied');
}

/** The Problems entries of a file from one source (`panel (save)`, `panel (validate)`, `Panel Ops`), once there is one. */
export async function problems(uri: vscode.Uri, source: string, condition: (found: vscode.Diagnostic[]) => boolean = (found) => found.length > 0): Promise<vscode.Diagnostic[]> {
  const found = () => vscode.languages.getDiagnostics(uri).filter((diagnostic) => diagnostic.source === source);
  await until(vscode.languages.onDidChangeDiagnostics, () => condition(found()));
  return found();
}

/** Reverts unsaved panel documents and closes every editor and webview, so the next test starts clean. */
export async function closeAllEditors(): Promise<void> {
  for (const document of vscode.workspace.textDocuments.filter((candidate) => candidate.isDirty)) {
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  for (const tab of allTabs()) await vscode.window.tabGroups.close(tab);
}

/** After each test of these suites: every scripted answer was used, and no editor stays open. */
export async function endEditorTest(api: TestApi): Promise<void> {
  assert.equal(api.input.remaining, 0, 'every scripted answer was used');
  await closeAllEditors();
}

/** Every tab of the window. */
export function allTabs(): vscode.Tab[] {
  return vscode.window.tabGroups.all.flatMap((group) => group.tabs);
}
