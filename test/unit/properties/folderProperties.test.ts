// The panel as a folder under the simulated panel's seeded readings (`random:SEED`, test/panel/SHAPES.md):
// whatever shape the panel gives where the contract is silent, a pull then a plan is empty, a second pull
// writes the same bytes, and one member changed in a pulled file (any resource kind, nested ones included)
// plans exactly that member, applies, is held by the panel, and leaves the next plan empty. The changed
// file is the one the extension itself writes after the panel changed that member, so the value is one the
// panel takes and the shape is the seed's. A failing seed is a bug in the extension, never in the seed.
import * as assert from 'node:assert/strict';
import type { PanelApi } from '../../../src/api';
import {
  applyFolder, isEmptyFolderPlan, planPanel, pullPanel, STATE_FILE, stateAfterApply, usersWithCreatedIds, type FolderFiles, type FolderPlan,
} from '../../../src/panelFolder';
import { readTable, tableText } from '../../../src/usersTable/tableText';
import type { SimulatedPanel } from '../../panel';
import { changeOnPanel, mutationsOf, withValidDraft, type PanelMutation } from './panelMutations';
import { propertySeeds, replayHint, useSeededPanel } from './propertySeeds';

/** How many single-member changes each seed tries (every mutation runs every few seeds). */
const CHANGES_PER_SEED = 3;


/** What a plan would do, as plain lines. */
function planLines(plan: FolderPlan): string[] {
  const lines = plan.changes.map((change) => `${change.kind} ${change.action} ${change.name}: ${change.fields.map((field) => field.field).join(', ')}`);
  const users = plan.users?.plan;
  for (const create of users?.creates ?? []) lines.push(`user create ${String((create as { label?: unknown }).label)}`);
  for (const remove of users?.deletes ?? []) lines.push(`user delete ${String((remove as { id?: unknown }).id)}`);
  for (const update of users?.updates ?? []) lines.push(`user update line ${update.line}: ${[...Object.keys(update.fields), ...(update.enable === undefined ? [] : ['enabled']), ...(update.addNodes.length + update.removeNodes.length ? ['nodes'] : [])].join(', ')}`);
  for (const problem of plan.problems) lines.push(`problem ${problem.file}:${problem.line} ${problem.code} ${problem.field ?? ''} ${problem.detail ?? ''}`);
  for (const conflict of plan.conflicts) lines.push(`conflict ${conflict.kind} ${conflict.name}`);
  return lines;
}

/** The paths whose text differs between two folders (the state file aside). */
function changedPaths(a: FolderFiles, b: FolderFiles): string[] {
  const paths = new Set([...a.keys(), ...b.keys()]);
  paths.delete(STATE_FILE);
  return [...paths].filter((path) => a.get(path) !== b.get(path)).sort();
}

describe('properties: the panel as a folder under every seeded reading', function () {
  this.timeout(120_000);
  const seeded = useSeededPanel();

  for (const seed of propertySeeds()) {
    it(`seed ${seed}: pull then plan is empty, a second pull writes the same bytes, and each single change plans, applies and holds exactly that member`, async () => {
      const { panel, api } = await seeded(seed, { jobStepMs: 60_000 });
      withValidDraft(panel.data);
      const hint = replayHint(seed);
      const pulled = (await pullPanel(api)).files;
      const again = (await pullPanel(api)).files;
      assert.deepEqual(changedPaths(pulled, again), [], `a second pull changed files ${hint}`);
      assert.equal(again.get(STATE_FILE), pulled.get(STATE_FILE), `a second pull changed the state file ${hint}`);
      const plan = await planPanel(api, pulled);
      assert.deepEqual(planLines(plan), [], `pull then plan is not empty ${hint}`);
      assert.deepEqual(plan.panelOnly, [], `pull then plan sees changes on the panel ${hint}`);
      assert.ok(isEmptyFolderPlan(plan));

      for (const mutation of mutationsOf(seed, CHANGES_PER_SEED)) {
        await oneChange(panel, api, pulled, mutation, `${mutation.name}, ${hint}`);
      }
      await oneUsersEdit(panel, api, pulled, seed % 2 === 0 ? 'create' : 'disable', hint);
    });
  }
});

/**
 * The panel changes the member; the extension pulls that (one file differs); the panel is put back; the
 * changed file goes into the folder pulled before; the plan lists one member; Apply; the panel holds it;
 * the next plan is empty.
 */
async function oneChange(panel: SimulatedPanel, api: PanelApi, pulled: FolderFiles, mutation: PanelMutation, context: string): Promise<void> {
  const changed = changeOnPanel(panel.data, mutation);
  const withChange = (await pullPanel(api)).files;
  changed.restore();
  const paths = changedPaths(pulled, withChange);
  assert.equal(paths.length, 1, `the pull after the panel changed ${context} differs in ${paths.length} files: ${paths.join(', ')}`);
  const files = new Map(pulled);
  files.set(paths[0], withChange.get(paths[0]) ?? '');

  const plan = await planPanel(api, files);
  const lines = planLines(plan);
  assert.equal(lines.length, 1, `the plan of ${context} is ${JSON.stringify(lines)}`);
  const fieldCount = plan.changes.length === 1 ? plan.changes[0].fields.length : Object.keys(plan.users?.plan.updates[0]?.fields ?? {}).length;
  assert.equal(fieldCount, 1, `the plan of ${context} changes ${lines[0]}`);

  const result = await applyFolder(api, plan);
  const failed = result.outcomes.filter((outcome) => outcome.outcome !== 'applied');
  assert.deepEqual(failed.map((outcome) => `${outcome.name} ${outcome.outcome}: ${JSON.stringify(outcome.detail ?? outcome)}`), [], `the apply of ${context}`);
  for (const outcome of result.users?.outcomes ?? []) assert.equal(outcome.kind, 'applied', `the users apply of ${context}: ${JSON.stringify(outcome)}`);
  assert.deepEqual(mutation.read(mutation.target(panel.data)), changed.expected, `the panel does not hold ${context}`);

  const after = await stateAfterApply(api, files, { applied: result.outcomes.filter((outcome) => outcome.outcome === 'applied') });
  assert.deepEqual(after.notHeld.map((change) => change.name), [], `after applying ${context}, the panel is read as not holding it`);
  files.set(STATE_FILE, after.state);
  assert.deepEqual(planLines(await planPanel(api, files)), [], `the plan after applying ${context} is not empty`);
  // Back as it was for the next change of this seed: the first pull restored as a snapshot.
  const back = new Map(pulled);
  await applyFolder(api, await planPanel(api, back, { mode: 'restore' }));
  assert.deepEqual(planLines(await planPanel(api, back)), [], `the panel could not be put back after ${context}`);
}

/**
 * A row of users.csv added (a user created through whichever create route the panel takes) or one user's
 * `enabled` set to false (through whichever bulk route it takes): the plan holds that one row, the apply
 * does it once, and the next plan is empty.
 */
async function oneUsersEdit(panel: SimulatedPanel, api: PanelApi, pulled: FolderFiles, edit: 'create' | 'disable', hint: string): Promise<void> {
  const context = `a user ${edit === 'create' ? 'created' : 'disabled'} in users.csv, ${hint}`;
  const rows = readTable('csv', pulled.get('users.csv') ?? '');
  const keysBefore = panel.data.keys.size;
  const target = rows.find((row) => row.enabled === 'true' && panel.data.keys.get(row.id)?.status === 'active' && row.nodes.length > 0);
  assert.ok(target, `no enabled user in users.csv (${context})`);
  const label = 'Created by a property';
  const edited = edit === 'create'
    ? [...rows, { ...target, line: 0, id: '', label, note: '', owner: '', expiry: '' }]
    : rows.map((row) => (row === target ? { ...row, enabled: 'false' } : row));
  const files = new Map(pulled);
  files.set('users.csv', tableText('csv', edited));
  const plan = await planPanel(api, files);
  const lines = planLines(plan);
  assert.equal(lines.length, 1, `the plan of ${context} is ${JSON.stringify(lines)}`);
  const result = await applyFolder(api, plan);
  assert.deepEqual(result.users?.outcomes.map((outcome) => outcome.kind), ['applied'], `the apply of ${context}: ${JSON.stringify(result.users?.outcomes)}`);
  if (edit === 'create') {
    assert.equal(panel.data.keys.size, keysBefore + 1, `${context}: the panel holds ${panel.data.keys.size - keysBefore} new users`);
    assert.equal([...panel.data.keys.values()].filter((key) => key.label === label).length, 1, `${context}: not created once`);
  } else {
    assert.notEqual(panel.data.keys.get(target.id)?.disabled_at, null, `${context}: the panel did not disable the user`);
  }
  const after = new Map(files);
  if (edit === 'create') {
    const withIds = usersWithCreatedIds(after.get('users.csv') ?? '', result.users?.outcomes.filter((outcome) => outcome.action === 'create') ?? []);
    assert.ok(withIds !== undefined, `${context}: the new user's id is not written into users.csv`);
    after.set('users.csv', withIds);
  }
  after.set(STATE_FILE, (await stateAfterApply(api, after)).state);
  assert.deepEqual(planLines(await planPanel(api, after)), [], `the plan after ${context} is not empty`);
}
