// What the panel-folder suites (panelFolder, panelFolderExact, panelFolderPromotion) share: the workspace
// folder a suite pulls into, its files read and written as on disk, the documents the commands open, and
// the clean-up after a suite.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { inShapeOf, memberNamed, scalarOf } from '../../src/api/silentValues';
import { NODE_MEMBERS } from '../../src/panelFolder/readPanel';

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** The suite's workspace folder and `panels/<name>` in it, where Pull Panel into Folder… is pointed. */
export function suiteFolder(name: string): { workspace: vscode.Uri; root: vscode.Uri } {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the suite opens a workspace folder');
  return { workspace: folder.uri, root: vscode.Uri.joinPath(folder.uri, 'panels', name) };
}

/** A pulled folder's files by their path inside it ("nodes/ams-1.node.json"), as on disk. */
export function folderFiles(root: () => vscode.Uri): {
  readonly uriOf: (path: string) => vscode.Uri;
  readonly read: (path: string) => Promise<string>;
  readonly write: (path: string, text: string) => Thenable<void>;
} {
  const uriOf = (path: string) => vscode.Uri.joinPath(root(), ...path.split('/'));
  return {
    uriOf,
    read: async (path) => decoder.decode(await vscode.workspace.fs.readFile(uriOf(path))),
    write: (path, text) => vscode.workspace.fs.writeFile(uriOf(path), encoder.encode(text)),
  };
}

/** The last document opened whose path holds `title` ("Plan — ", "Panel apply report", "Panel drift"). */
export function lastDocument(title: string): vscode.TextDocument | undefined {
  return [...vscode.workspace.textDocuments].reverse().find((document) => decodeURIComponent(document.uri.path).includes(title));
}

/** Closes every editor and deletes what the suite wrote. */
export async function cleanUp(...written: vscode.Uri[]): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  for (const uri of written) await vscode.workspace.fs.delete(uri, { recursive: true, useTrash: false }).then(undefined, () => undefined);
}

// Members of a pulled file where the contract is silent (a node's region, note…): the panel may give them
// under another plausible name and in another shape (`{value}`, `{value, source}`) under a seeded reading.
// An edit changes the scalar inside the shape read, and the plan names the member as the pull wrote it.

/** The names a node's file may hold its region and its note under (src/panelFolder/readPanel.ts). */
export const REGION = NODE_MEMBERS.region;
export const NOTE = NODE_MEMBERS.note;

/** Sets the member among `names` to `value` inside the shape the pull wrote (under the first name when none is there). */
export function setScalar(doc: Record<string, unknown>, names: readonly string[], value: string): void {
  const member = memberNamed(doc, names);
  doc[member?.name ?? names[0]] = member ? inShapeOf(member.value, value) : value;
}

/** The member among `names` as read (its scalar), for comparing. */
export function scalarIn(doc: Record<string, unknown>, names: readonly string[]): unknown {
  return scalarOf(memberNamed(doc, names)?.value);
}

/**
 * How a plan, drift or report line names that member: `region`, or the scalar's path inside its wrapping
 * object (`location.value`), the way the documents tell a change to the leaf.
 */
export function memberPath(doc: Record<string, unknown>, names: readonly string[]): string {
  const member = memberNamed(doc, names);
  if (!member) return names[0];
  const asRead = member.value;
  const next = inShapeOf(asRead, '\u0000changed');
  if (typeof asRead === 'object' && asRead !== null && !Array.isArray(asRead) && typeof next === 'object' && next !== null) {
    const key = Object.keys(next).find((name) => JSON.stringify((next as Record<string, unknown>)[name]) !== JSON.stringify((asRead as Record<string, unknown>)[name]));
    if (key) return `${member.name}.${key}`;
  }
  return member.name;
}

/** Text as a regular expression's source that matches it exactly. */
export function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The members that differ between two values, to the leaf as the plan document tells them (objects member
 * by member, lists and scalars whole): `site.variables.site_name.value` when the value was wrapped.
 */
export function leafPaths(before: unknown, after: unknown, path: string): string[] {
  const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  if (JSON.stringify(before) === JSON.stringify(after)) return [];
  if (!isRecord(before) || !isRecord(after)) return [path];
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].sort().flatMap((name) => leafPaths(before[name], after[name], `${path}.${name}`));
}

/** The names a file may hold a node site's variables, the settings' timezone, a template's description under. */
export const VARIABLES = ['variables', 'vars', 'params'];
export const TIMEZONE = ['timezone', 'tz', 'time_zone'];
export const DESCRIPTION = ['description', 'summary'];
export const HOSTNAME = NODE_MEMBERS.hostname;

/**
 * A node site's variables with `name` set to `value`, in the shape the pull wrote them: an object of name →
 * value (each value maybe wrapped), or a list of `{name, value}`.
 */
export function withVariable(variables: unknown, name: string, value: string): unknown {
  if (Array.isArray(variables)) {
    const found = variables.some((entry) => (entry as { name?: unknown }).name === name);
    return found ? variables.map((entry) => ((entry as { name?: unknown }).name === name ? { ...(entry as object), value: inShapeOf((entry as { value?: unknown }).value, value) } : entry))
      : [...variables, { name, value }];
  }
  const record = (typeof variables === 'object' && variables !== null ? variables : {}) as Record<string, unknown>;
  return { ...record, [name]: Object.hasOwn(record, name) ? inShapeOf(record[name], value) : value };
}
