// Runs last (files run in name order): after the whole suite, the tokens it connected with appear
// nowhere but SecretStorage (kept by the browser in code-server, by the OS keychain on a desktop) and the
// Authorization header. It scans the user data folder (logs, including the Panel Ops log, global and
// workspace state, settings), the workspace and the temporary folders the tests wrote, and every
// simulated panel's record of request URLs.
import * as assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { suitePanels, suiteTokens, testApi } from './support';

const MAX_FILE_BYTES = 64 * 1024 * 1024;

function filesUnder(root: string): string[] {
  const files: string[] = [];
  let entries: string[] = [];
  try {
    entries = readdirSync(root, { recursive: true, encoding: 'utf8' });
  } catch {
    return files;
  }
  for (const entry of entries) {
    const path = join(root, entry);
    try {
      const stat = statSync(path);
      if (stat.isFile() && stat.size <= MAX_FILE_BYTES) files.push(path);
    } catch {
      // removed meanwhile
    }
  }
  return files;
}

describe('Token hygiene after the whole suite', () => {
  it('finds no token in logs, state, settings, written files or request URLs', async () => {
    const api = await testApi();
    assert.ok(suiteTokens.size >= 3, 'the suite connected with several tokens');
    // .../User/globalStorage/<extension id> -> the user data folder
    const userData = dirname(dirname(dirname(api.storagePaths.globalStorage)));
    const roots = [
      userData,
      ...(vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri.fsPath),
      ...readdirSync(tmpdir()).filter((name) => name.startsWith('panel-ops')).map((name) => join(tmpdir(), name)),
    ];
    const files = roots.flatMap(filesUnder);
    assert.ok(files.some((file) => /Panel Ops/.test(file)), `the Panel Ops log is among the ${files.length} files scanned`);
    const hits: string[] = [];
    for (const file of files) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(file);
      } catch {
        continue;
      }
      for (const token of suiteTokens) if (bytes.includes(token)) hits.push(file);
    }
    assert.deepEqual(hits, [], 'files holding a token');
    const inUrls = [...suitePanels].flatMap((panel) => panel.tokenUrls ?? []);
    assert.deepEqual(inUrls, [], 'request URLs holding a token');
  });
});
