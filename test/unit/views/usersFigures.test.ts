// Issue 25: the Users view's "N users" is the panel's figure. `/keys/summary` has no shape in the contract:
// read defensively, and where it gives no number of users (another shape, garbage, a failed read) the
// six state groups' totals (GET /keys?state=X, whose `total` the contract shows) give it.
import * as assert from 'node:assert/strict';
import { KEY_STATES } from '../../../src/api/types';
import { summaryFigures, usersFigures } from '../../../src/views/users/usersFigures';
import { usePanel } from '../support/clientPanelHooks';

describe('views: the Users view\'s figures come from the panel (simulated panel)', () => {
  const fixture = usePanel({ dataset: 'demo' });

  async function stateTotals(): Promise<number[]> {
    const api = fixture.client();
    return Promise.all(KEY_STATES.map((state) => api.keys.count({ state })));
  }

  /** The summary as the panel answers it, with `json` in place of the simulator's own shape. */
  async function summaryAnswering(json: unknown): Promise<unknown> {
    fixture.panel.inject({ kind: 'answer-after-apply', json, match: { method: 'GET', path: '/keys/summary' } });
    return fixture.client().keys.summary();
  }

  it('reads the simulator\'s shape: total, online, devices', async () => {
    const figures = summaryFigures(await fixture.client().keys.summary());
    assert.equal(figures.users, fixture.panel.data.keys.size);
    assert.equal(typeof figures.online, 'number');
    assert.equal(typeof figures.devices, 'number');
  });

  it('reads another panel\'s shape, { count, states: [{ state, count }] }', async () => {
    const answer = await summaryAnswering({ count: fixture.panel.data.keys.size, states: KEY_STATES.map((state) => ({ state, count: 1 })) });
    assert.deepEqual(usersFigures(summaryFigures(answer), await stateTotals()), { users: fixture.panel.data.keys.size, online: undefined, devices: undefined });
  });

  it('reads figures given as their digits or wrapped, as a panel may send numbers', async () => {
    const size = fixture.panel.data.keys.size;
    const answer = await summaryAnswering({ total: String(size), online: { value: '3' }, devices: '7' });
    assert.deepEqual(usersFigures(summaryFigures(answer), await stateTotals()), { users: size, online: 3, devices: 7 });
  });

  for (const [what, json] of [
    ['only per-state entries', { states: KEY_STATES.map((state) => ({ state, count: 1 })) }],
    // A count given as its digits ("40") is a count (panels send numbers as strings); words, flags, negatives and fractions are not.
    ['members of other types', { total: 'about 300', online: true, devices: -4, count: 2.5 }],
    ['a list', [{ total: 1 }]],
    ['null', null],
    ['members we never saw', { figures: { all: 1 } }],
  ] as const) {
    it(`falls back to the per-state totals for a summary with ${what}`, async () => {
      const answer = await summaryAnswering(json);
      const figures = usersFigures(summaryFigures(answer), await stateTotals());
      assert.equal(figures.users, fixture.panel.data.keys.size, 'the sum of the six groups\' totals is every user');
      assert.equal(figures.online, undefined);
      assert.equal(figures.devices, undefined);
    });
  }

  it('falls back to the per-state totals when no summary was read, and says nothing while a total is unknown', async () => {
    const totals = await stateTotals();
    assert.equal(usersFigures(undefined, totals).users, fixture.panel.data.keys.size);
    assert.equal(usersFigures(undefined, [...totals.slice(1), undefined]).users, undefined);
    assert.equal(usersFigures(undefined, undefined).users, undefined);
  });

  it('finds the number of users nested under keys or users', () => {
    assert.deepEqual(summaryFigures({ keys: { total: 12, online: 3 }, devices: 4 }), { users: 12, online: 3, devices: 4 });
    assert.deepEqual(summaryFigures({ users: { count: 7 } }), { users: 7, online: undefined, devices: undefined });
    assert.deepEqual(summaryFigures({ users: 9 }), { users: 9, online: undefined, devices: undefined });
  });
});
