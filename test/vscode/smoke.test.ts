// Smoke test inside a real VS Code: the extension activates, every command it contributes is registered, and
// it connects to the simulated panel, shows its nodes and keeps the token only in SecretStorage.
import * as assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { startPanel, type SimulatedPanel } from '../panel';
import { children, connect, labelOf, signOut, testApi, type TestApi } from './support';

const EXTENSION_ID = 'panel-ops.panel-ops';

interface ContributedCommand {
  command: string;
}

describe('Panel Ops in a real VS Code', () => {
  let extension: vscode.Extension<unknown>;

  before(async () => {
    const found = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(found, `extension ${EXTENSION_ID} is not loaded in this VS Code`);
    extension = found;
    await extension.activate();
  });

  it('activates', () => {
    assert.equal(extension.isActive, true);
  });

  it('registers every command it contributes, all under panelOps.', async () => {
    const contributed: ContributedCommand[] = extension.packageJSON.contributes?.commands ?? [];
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.map((c) => c.command).filter((id) => !registered.has(id));
    assert.deepEqual(missing, [], 'contributed but not registered');
    assert.deepEqual(contributed.filter((c) => !c.command.startsWith('panelOps.')), []);
  });
});

/** Every log file under the folder of the extension's logs (the Panel Ops channel writes there). */
function logText(api: TestApi): string {
  const texts: string[] = [];
  const visit = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) visit(path);
      else if (name.endsWith('.log')) texts.push(readFileSync(path, 'utf8'));
    }
  };
  visit(join(api.storagePaths.logs, '..'));
  return texts.join('\n');
}

describe('A command that fails outside the runner', () => {
  it('tells one sentence in the runner\'s words, naming the command, and logs it once with the stack', async () => {
    const api = await testApi();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    api.input.clear();
    // Copy Panel Ops Link on something that is no template (and no template file open): the handler throws
    // before any runner action. VS Code alone would say "command … resulted in an error".
    const result: unknown = await vscode.commands.executeCommand('panelOps.siteTemplates.copyShareLink', { not: 'a template' });
    assert.equal(result, undefined);
    const sentence = 'Could not run "Copy Panel Ops Link": Run this on a template in the Site Templates view or in an open template file.';
    assert.deepEqual(api.input.notices.map((notice) => [notice.severity, notice.message]), [['error', sentence]]);
    const deadline = Date.now() + 10_000;
    while (!logText(api).includes(sentence) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    const lines = logText(api).split('\n');
    const at = lines.flatMap((line, index) => (line.endsWith(`[warning] ${sentence}`) ? [index] : []));
    assert.equal(at.length, 1, `logged once:\n${lines.filter((line) => line.includes('Could not run')).join('\n')}`);
    assert.match(lines[at[0] + 1] ?? '', /^\s+at /, 'the stack follows the line');
    assert.equal(api.input.notices.length, 1, 'told once');
  });
});

describe('Panel Ops against the simulated panel (demo fleet)', () => {
  let panel: SimulatedPanel;

  before(async () => {
    panel = await startPanel({ dataset: 'demo' });
  });

  after(async () => {
    await panel.close();
  });

  it('connects, lists every node of the fleet and forgets the token on sign-out', async () => {
    const api = await testApi();
    await connect(panel, panel.tokens.owner, { name: 'Demo panel' });
    assert.equal(await api.hasToken(panel.url), true, 'the token is in SecretStorage');
    const shown = (await children(api.nodes)).map(labelOf).sort();
    const fleet = [...panel.data.nodes.values()].map((node) => node.name).sort();
    assert.ok(fleet.length > 0);
    assert.deepEqual(shown, fleet);

    await signOut(panel);
    assert.equal(await api.hasToken(panel.url), false, 'the secret is deleted');
  });
});
