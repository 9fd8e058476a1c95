// Helpers for the node action suites: finding node items and the simulated panel's node records, the
// audit entries the panel recorded (they carry what a request's body asked for), and the read-only tabs
// the extension opened.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ScriptedAnswer } from '../../src/prompts/scriptedUserInput';
import type { SimulatedPanel } from '../panel';
import { children, labelOf, type TestApi } from './support';

export async function nodeItem(api: TestApi, name: string): Promise<vscode.TreeItem & { node: { id: string; name: string } }> {
  const found = (await children(api.nodes)).find((item) => labelOf(item) === name);
  assert.ok(found, `node ${name}`);
  return found as vscode.TreeItem & { node: { id: string; name: string } };
}

export function nodeRecord(panel: SimulatedPanel, name: string) {
  const found = [...panel.data.nodes.values()].find((node) => node.name === name);
  assert.ok(found, `node record ${name}`);
  return found;
}

/** Audit entries of an action recorded since `since` (an index into the audit log). */
export function auditSince(panel: SimulatedPanel, since: number, action: string) {
  return panel.data.audit.slice(since).filter((entry) => entry.action === action);
}

/** The text of the newest read-only tab whose title matches. */
export function readOnlyTab(title: RegExp): string {
  const documents = vscode.workspace.textDocuments.filter((document) => document.uri.scheme === 'panelops-view' && title.test(decodeURIComponent(document.uri.path)));
  assert.ok(documents.length > 0, `a read-only tab titled ${title} (open: ${vscode.workspace.textDocuments.map((document) => document.uri.path).join(', ')})`);
  return documents[documents.length - 1].getText();
}

/** Sets a panelOps setting for the enclosing describe and puts it back after. */
export function withSetting(name: string, value: unknown): void {
  before(() => vscode.workspace.getConfiguration('panelOps').update(name, value, vscode.ConfigurationTarget.Global));
  after(() => vscode.workspace.getConfiguration('panelOps').update(name, undefined, vscode.ConfigurationTarget.Global));
}

/** Runs a command on tree item(s) as its menu does, answering its prompts with `answers`. */
export async function onItem(api: TestApi, command: string, item: vscode.TreeItem | readonly vscode.TreeItem[], ...answers: ScriptedAnswer[]): Promise<unknown> {
  api.input.clear();
  api.input.queue(...answers);
  const items = Array.isArray(item) ? item : [item];
  const result = await vscode.commands.executeCommand(command, items[0], items.length > 1 ? items : undefined);
  assert.equal(api.input.remaining, 0, `every answer to ${command} was used`);
  return result;
}

