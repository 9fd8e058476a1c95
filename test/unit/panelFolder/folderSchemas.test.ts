// The one JSON schema of a panel folder's files (media/schemas/panel-folder-state.schema.json), which
// package.json's jsonValidation binds to `**/.panelops/state.json`: a path that is by definition a pulled
// folder's marker, so the binding reaches no other project's files. It names every member a pull writes into
// the state file. The node, branding and template files have no schema: VS Code cannot bind one to pulled
// folders only, so the editor's live check (src/commands/panelFolder/folderFileCheck.ts) tells their problems
// with the plan's own check (src/panelFolder/readFolder.ts), in pulled folders only.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pullFiles } from '../../../src/panelFolder/pullFiles';
import { readPanel } from '../../../src/panelFolder/readPanel';
import { usePanel } from '../support/clientPanelHooks';

interface Schema {
  properties?: Record<string, unknown>;
}

const ROOT = resolve(__dirname, '../../../..');

describe('panel folder: the JSON schema of its state file', () => {
  const fixture = usePanel({ dataset: 'demo' });

  it('names every member a pull writes into the state file', async () => {
    const { files } = pullFiles(await readPanel(fixture.client()));
    const state = JSON.parse(files.get('.panelops/state.json') ?? '{}') as Record<string, unknown>;
    const schema = JSON.parse(readFileSync(resolve(ROOT, 'media/schemas/panel-folder-state.schema.json'), 'utf8')) as Schema;
    assert.deepEqual(Object.keys(state).sort(), Object.keys(schema.properties ?? {}).sort());
  });

  it('is bound to the state file alone: no schema is bound to a path other projects may use', () => {
    const manifest = JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { contributes: { jsonValidation: { fileMatch: string[]; url: string }[] } };
    const patterns = manifest.contributes.jsonValidation.flatMap((binding) => binding.fileMatch);
    assert.deepEqual(patterns.filter((pattern) => !pattern.startsWith('panelops://')), ['**/.panelops/state.json']);
  });
});
