// Small helpers of the dashboard, branding, settings and audit suites.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ScriptedAnswer } from '../../src/prompts/scriptedUserInput';
import { children, labelOf, type TestApi } from './support';

/** Resolves once `condition()` holds, checking every 50 ms; fails with `what` after the time limit. */
export async function waitFor(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) assert.fail(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The Nodes view's item of the node with this name, as the command receives it. */
export async function nodeItem(api: TestApi, name: string): Promise<vscode.TreeItem & { node: { id: string; name: string } }> {
  const item = (await children(api.nodes)).find((candidate) => labelOf(candidate).startsWith(name));
  assert.ok(item, `node ${name} in the Nodes view`);
  return item as vscode.TreeItem & { node: { id: string; name: string } };
}

/** The last message of a type that a page was sent. */
export function lastPosted<M extends { type: string }, T extends M['type']>(posted: readonly M[], type: T): Extract<M, { type: T }> | undefined {
  return posted.filter((message): message is Extract<M, { type: T }> => message.type === type).at(-1);
}

/** Closes every editor and webview tab. */
export async function closeAll(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/** Runs a command on a tree item with its prompts answered, in order, by `answers`; fails if one was left over. */
export async function runOn<T = unknown>(api: TestApi, command: string, item: unknown, ...answers: ScriptedAnswer[]): Promise<T> {
  api.input.clear();
  api.input.queue(...answers);
  const result = await vscode.commands.executeCommand<T>(command, item);
  assert.equal(api.input.remaining, 0, `every scripted answer to ${command} was used`);
  return result;
}

/** The notifications shown since the last scripted command, as "severity: message" lines. */
export function noticesOf(api: TestApi): string[] {
  return api.input.notices.map((notice) => `${notice.severity}: ${notice.message}`);
}
