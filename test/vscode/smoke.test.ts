// Smoke test inside a real VS Code: the extension activates, every command it contributes is registered, and
// it connects to the simulated panel, shows its nodes and keeps the token only in SecretStorage.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startPanel, type SimulatedPanel } from '../panel';
import { children, connect, labelOf, signOut, testApi } from './support';

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
