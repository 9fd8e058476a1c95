// Small helpers of the dashboard, branding, settings and audit suites.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ScriptedAnswer } from '../../src/prompts/scriptedUserInput';
import type { TestApi } from './support';

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
