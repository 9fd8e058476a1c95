// The alerts store in plain Node against the simulated panel: a poll says what changed, one alert or the
// list, and a poll or a mark that changes nothing says nothing (the Alerts view redraws only what changed).
import * as assert from 'node:assert/strict';
import type { StoreChange } from '../../../src/state/changeEmitter';
import { AlertsStore, alertKey } from '../../../src/state/alertsStore';
import { usePanel } from '../support/clientPanelHooks';
import { storeSessionOver } from '../support/storeSessionOverPanel';

describe('state: alerts store (simulated panel)', () => {
  const fixture = usePanel({ dataset: 'demo' });

  function setup() {
    const store = new AlertsStore(storeSessionOver(fixture.client()));
    const changes: StoreChange[] = [];
    store.onDidChange((change) => changes.push(change));
    return { store, changes };
  }

  /** Changes one alert on the panel for the length of `body`. */
  async function withPanelAlert(pick: (index: number) => boolean, change: (alert: (typeof fixture.panel.data.alerts)[number]) => void, body: () => Promise<void>) {
    const index = fixture.panel.data.alerts.findIndex((_alert, at) => pick(at));
    const saved = { ...fixture.panel.data.alerts[index] };
    change(fixture.panel.data.alerts[index]);
    try {
      await body();
    } finally {
      fixture.panel.data.alerts[index] = saved;
    }
  }

  it('the first read fires once; a poll that returns the same alerts fires nothing', async () => {
    const { store, changes } = setup();
    assert.equal(await store.refresh(), 'ok');
    assert.deepEqual(changes.map((change) => change.kind), ['all']);
    assert.ok(store.held.kind === 'loaded' && store.held.list.alerts.length > 1, 'the demo has alerts');
    changes.length = 0;
    await store.refresh();
    await store.refresh();
    assert.deepEqual(changes, []);
  });

  it('a poll where one alert\'s text changed fires that alert only, and holds its new copy', async () => {
    const { store, changes } = setup();
    await store.refresh();
    changes.length = 0;
    const unresolved = fixture.panel.data.alerts.findIndex((alert) => !alert.resolved);
    const id = String(fixture.panel.data.alerts[unresolved].id);
    await withPanelAlert((at) => at === unresolved, (alert) => { alert.message = 'Disk 97% full'; }, async () => {
      await store.refresh();
      assert.deepEqual(changes, [{ kind: 'item', id }]);
      assert.equal(store.get(id)?.message, 'Disk 97% full');
    });
  });

  it('a poll where an alert was resolved (it moves down) fires the list once', async () => {
    const { store, changes } = setup();
    await store.refresh();
    const before = store.held.kind === 'loaded' ? store.held.list.alerts.map(alertKey) : [];
    changes.length = 0;
    const unresolved = fixture.panel.data.alerts.findIndex((alert) => !alert.resolved);
    await withPanelAlert((at) => at === unresolved, (alert) => { alert.resolved = true; alert.resolved_at = new Date().toISOString(); }, async () => {
      await store.refresh();
      assert.deepEqual(changes, [{ kind: 'list' }]);
      assert.notDeepEqual(store.held.kind === 'loaded' ? store.held.list.alerts.map(alertKey) : [], before);
    });
  });

  it('a poll that returns the same alerts fires nothing even when an alert has no id', async () => {
    const { store, changes } = setup();
    await withPanelAlert((at) => at === 0, (alert) => { (alert as { id?: bigint }).id = undefined; }, async () => {
      await store.refresh();
      assert.ok(store.held.kind === 'loaded' && store.held.list.alerts.some((alert) => alert.id === undefined), 'an alert without an id is held');
      changes.length = 0;
      await store.refresh();
      assert.deepEqual(changes, []);
    });
  });

  it('marking resolved what is not held, or already resolved, fires nothing; marking one fires once', async () => {
    const { store, changes } = setup();
    await store.refresh();
    changes.length = 0;
    const alerts = store.held.kind === 'loaded' ? store.held.list.alerts : [];
    const resolved = alerts.find((alert) => alert.resolved);
    const open = alerts.find((alert) => !alert.resolved);
    assert.ok(resolved?.id !== undefined && open?.id !== undefined);
    store.markResolved(['no-such-alert']);
    store.markResolved([resolved.id]);
    assert.deepEqual(changes, []);
    const unresolvedBefore = store.unresolved ?? 0;
    store.markResolved([open.id]);
    assert.equal(changes.length, 1);
    assert.equal(store.unresolved, unresolvedBefore - 1);
    assert.equal(store.get(String(open.id))?.resolved, true);
  });
});
