// Smoke test inside a real VS Code: the extension activates and every command it contributes is registered.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

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
