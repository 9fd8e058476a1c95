// Issue 25, "counts are the panel's": in the real workbench, after a bulk disable, an enable, a delete, a
// batch create and three users-table plans (the last a revert), each state group of the Users view shows
// what the panel holds in that state, and the view's description the panel's number of users. Before,
// the groups followed local events and drifted (a user arriving in a group was counted again).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { KEY_STATES, type KeyState } from '../../src/api/types';
import type { SimulatedPanel } from '../panel';
import { deriveKeyState } from '../panel/keyState';
import { endEditorTest } from './editorSupport';
import { children, connectedPanelForActions, eventually, labelOf, runOnWithAnswers, runWithAnswers, userGroup, userItems, type TestApi } from './support';

type UserItemLike = vscode.TreeItem & { user: { id: string; label: string } };

/** What the panel holds per state, in the groups' order, as the groups' descriptions show numbers. */
function panelCounts(panel: SimulatedPanel): string[] {
  const now = Date.now();
  const keys = [...panel.data.keys.values()];
  return KEY_STATES.map((state) => String(keys.filter((key) => deriveKeyState(key, now) === state).length));
}

describe('Users view: the counts are the panel\'s', () => {
  const connected = connectedPanelForActions({ connect: { name: 'Counts panel' } });
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));
  after(async () => {
    await vscode.workspace.getConfiguration('panelOps').update('usersTable.format', undefined, vscode.ConfigurationTarget.Global);
    await endEditorTest(api);
  });

  /** The groups as the view shows them: label and description, in order. */
  async function shown(): Promise<string[][]> {
    return (await children(api.users)).map((item) => [labelOf(item), String(item.description)]);
  }

  /** Waits (re-reading the view) until each group shows the panel's count, and the description its users. */
  async function countsArePanels(after: string): Promise<void> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const expected = KEY_STATES.map((state, index) => [state, panelCounts(panel)[index]]);
      const groups = await shown();
      const description = api.users.view.description ?? '';
      const users = `Counts panel · ${panel.data.keys.size} users`;
      if (JSON.stringify(groups) === JSON.stringify(expected) && description.startsWith(users)) return;
      if (Date.now() > deadline) {
        assert.deepEqual(groups, expected, `after ${after}: each group shows the panel's count`);
        assert.ok(description.startsWith(users), `after ${after}: the description "${description}" starts with "${users}"`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function users(state: KeyState, count: number): Promise<UserItemLike[]> {
    const items = userItems(await children(api.users, await userGroup(api, state))) as UserItemLike[];
    const chosen = items.filter((item) => /^[A-Za-z][A-Za-z0-9 .-]*$/.test(item.user.label)).slice(0, count);
    assert.equal(chosen.length, count, `${count} ${state} users`);
    return chosen;
  }

  /** Opens a group as a JSON table, sets every row's `enabled`, saves (the plan) and applies it. */
  async function planOnGroup(state: KeyState, enabled: boolean): Promise<number> {
    await vscode.workspace.getConfiguration('panelOps').update('usersTable.format', 'json', vscode.ConfigurationTarget.Global);
    const uri = await runOnWithAnswers('panelOps.users.editAsTable', [await userGroup(api, state)]) as vscode.Uri;
    const inState = panelCounts(panel)[KEY_STATES.indexOf(state)];
    const documentOf = () => vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
    const rows = (): Record<string, unknown>[] => {
      try {
        return JSON.parse(documentOf()?.getText() ?? '') as Record<string, unknown>[];
      } catch {
        return [];
      }
    };
    await eventually(() => String(rows().length) === inState && documentOf()?.isDirty === false, `the ${inState} ${state} users in the table`);
    const document = documentOf() as vscode.TextDocument;
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(0, 0, document.lineCount, 0), `${JSON.stringify(rows().map((row) => ({ ...row, enabled })), null, 2)}\n`);
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(await document.save(), 'the table is saved: its plan');
    const result = await runOnWithAnswers('panelOps.users.applyPlan', [uri]) as { applied?: unknown[] } | undefined;
    assert.ok(result && Array.isArray(result.applied), `the plan on the ${state} group was applied`);
    return result.applied.length;
  }

  it('equal the panel\'s per state after a bulk disable, an enable, a delete, a batch create and three users-table plans', async function () {
    this.timeout(180_000);
    await countsArePanels('connecting');

    const [a, b] = await users('active', 2);
    await vscode.commands.executeCommand('panelOps.users.disable', a, [a, b]);
    await countsArePanels('a bulk disable of two users');

    const [disabled] = await users('disabled', 1);
    await vscode.commands.executeCommand('panelOps.users.enable', disabled);
    assert.equal(panel.data.keys.get(disabled.user.id)?.disabled_at, null);
    await countsArePanels('enabling a user');

    const [doomed] = await users('pending', 1);
    await runOnWithAnswers('panelOps.users.delete', [doomed], 'Delete');
    assert.equal(panel.data.keys.has(doomed.user.id), false);
    await countsArePanels('deleting a user');

    const told = await runWithAnswers('panelOps.users.createBatch', 'counted', '4', 'PERSONAL', ['ams-1'], '7 days');
    assert.match(String(told), /Created 4 users/);
    await countsArePanels('creating four users in a batch');

    // Three plans, as in the report: enable every disabled user, disable every expiring one, then revert.
    const enabled = await planOnGroup('disabled', true);
    assert.ok(enabled > 0, 'the first plan enabled users');
    await countsArePanels('a plan enabling the disabled group');
    const disabledByPlan = await planOnGroup('expiring', false);
    assert.ok(disabledByPlan > 0, 'the second plan disabled users');
    await countsArePanels('a plan disabling the expiring group');
    await runWithAnswers('panelOps.users.revertLastPlan', 'Revert');
    await countsArePanels('reverting the last plan');
    assert.equal(
      (await shown()).reduce((sum, [, count]) => sum + Number(count), 0), panel.data.keys.size,
      'the groups add up to the panel\'s users',
    );
  });

  it('says the panel\'s number of users from the groups\' totals when /keys/summary answers in a shape it cannot read', async () => {
    panel.inject({ kind: 'answer-after-apply', json: { states: [{ state: 'active', count: 1 }], figures: 'n/a' }, match: { method: 'GET', path: '/keys/summary' }, times: 100 });
    void api.users.provider.refresh();
    await countsArePanels('a refresh');
    const [user] = await users('active', 1);
    await vscode.commands.executeCommand('panelOps.users.disable', user);
    await countsArePanels('disabling a user');
    assert.equal(api.users.view.description, `Counts panel · ${panel.data.keys.size} users`, 'no figure the summary did not give');
    panel.clearFaults();
  });
});
