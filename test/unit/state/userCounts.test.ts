// Issue 25, "counts are the panel's": the keys store against the simulated panel. After users are disabled,
// enabled, deleted, created and changed in bulk (their answers taken as the commands take them), the groups'
// counts equal what the panel holds (`panel.data.keys`), read again once per burst of changes, never
// adjusted by counting local events, also for a user the store never saw moved by successive events.
import * as assert from 'node:assert/strict';
import { KEY_STATES, type Key, type KeyState } from '../../../src/api/types';
import type { PanelApi } from '../../../src/api';
import { UsersStore, type UserList } from '../../../src/state/usersStore';
import type { UserQuery } from '../../../src/state/userQueryMatch';
import { deriveKeyState } from '../../panel/keyState';
import type { KeyRecord, SimulatedPanel } from '../../panel';
import { usePanel } from '../support/clientPanelHooks';
import { storeSessionOver } from '../support/storeSessionOverPanel';

/** What the panel holds per state (under `keep`), in the groups' order. */
function panelCounts(panel: SimulatedPanel, keep: (key: KeyRecord) => boolean = () => true): number[] {
  const now = Date.now();
  const keys = [...panel.data.keys.values()].filter(keep);
  return KEY_STATES.map((state) => keys.filter((key) => deriveKeyState(key, now) === state).length);
}

async function recountsSettled(store: UsersStore): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (store.recounting) {
    assert.ok(Date.now() < deadline, 'the counts were read again within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('state: the keys store\'s counts are the panel\'s (simulated panel)', () => {
  const fixture = usePanel({ dataset: 'demo' });
  let api: PanelApi;
  let store: UsersStore;
  let groups: UserList[];

  const counts = () => groups.map((list) => list.count);
  /** GET /keys requests that count a list (one item per page). */
  const countReads = () => fixture.panel.requests.filter((request) => request.method === 'GET' && request.path === '/api/v1/keys' && request.query.per_page === '1');
  /** Users of a state straight from the panel's list, as a table plan or a bulk re-read gets them: not through the store. */
  const usersIn = async (state: KeyState, count: number): Promise<Key[]> => {
    const page = await api.keys.list({ state, per_page: 200 });
    const found = page.items.filter((key) => !store.get(key.id)).slice(0, count);
    assert.equal(found.length, count, `${count} ${state} users the store has not seen`);
    return found;
  };

  async function openGroups(query: Omit<UserQuery, 'state'> = {}): Promise<void> {
    groups = KEY_STATES.map((state) => store.list({ ...query, state }));
    await store.loadCounts(groups);
  }

  beforeEach(async () => {
    api = fixture.client();
    store = new UsersStore(storeSessionOver(api), { recountDelayMs: 30, pageSize: () => 5 });
    await openGroups();
    assert.deepEqual(counts(), panelCounts(fixture.panel));
  });
  afterEach(() => store.dispose());

  it('after disabling users the store never saw, the groups show the panel\'s counts, read again once', async () => {
    const before = counts();
    const users = await usersIn('active', 3);
    fixture.panel.resetRequests();
    for (const user of users) store.update(await api.keys.disable(user.id));
    assert.deepEqual(counts(), before, 'nothing is counted locally: the panel\'s figures until it counts again');
    await recountsSettled(store);
    assert.deepEqual(counts(), panelCounts(fixture.panel));
    assert.equal(countReads().length, KEY_STATES.length, 'three changes, one re-read: one count per group');
  });

  it('a user moved between groups by several successive events is counted once, where the panel has it', async () => {
    const [user] = await usersIn('active', 1);
    const active = groups[KEY_STATES.indexOf('active')];
    const disabled = groups[KEY_STATES.indexOf('disabled')];
    while (disabled.pages.hasMore) await store.loadNext(disabled); // the disabled group is open: the user shows in it when it arrives
    for (let round = 0; round < 3; round++) {
      store.update(await api.keys.disable(user.id));
      store.update(await api.keys.get(user.id)); // the same change seen again (a re-read after it)
      await recountsSettled(store);
      assert.deepEqual(counts(), panelCounts(fixture.panel), `after disable ${round + 1}`);
      assert.equal(disabled.pages.items.filter((key) => key.id === user.id).length, 1, 'shown once in the disabled group');
      store.update(await api.keys.enable(user.id));
      await recountsSettled(store);
      assert.deepEqual(counts(), panelCounts(fixture.panel), `after enable ${round + 1}`);
      assert.equal(disabled.pages.items.some((key) => key.id === user.id), false, 'gone from the disabled group');
    }
    assert.equal(counts().reduce<number>((sum, count) => sum + (count ?? 0), 0), fixture.panel.data.keys.size, 'the groups add up to the panel\'s users');
    assert.equal(active.count, panelCounts(fixture.panel)[KEY_STATES.indexOf('active')]);
  });

  it('after enabling, deleting and creating several users, and a bulk action, the counts equal the panel\'s', async () => {
    await store.loadNext(groups[KEY_STATES.indexOf('active')]); // some users seen, most not
    const disabledUsers = await usersIn('disabled', 2);
    for (const user of disabledUsers) store.update(await api.keys.enable(user.id));
    await recountsSettled(store);
    assert.deepEqual(counts(), panelCounts(fixture.panel), 'after enabling');

    const [gone] = await usersIn('expired', 1);
    await api.keys.delete(gone.id);
    store.remove(gone.id);
    await recountsSettled(store);
    assert.deepEqual(counts(), panelCounts(fixture.panel), 'after deleting a user the store never saw');

    const node = [...fixture.panel.data.nodes.values()][0];
    fixture.panel.resetRequests();
    for (let n = 1; n <= 4; n++) store.update(await api.keys.create({ label: `Counted ${n}`, type: 'PERSONAL', node_ids: [node.id] }));
    await recountsSettled(store);
    assert.deepEqual(counts(), panelCounts(fixture.panel), 'after creating four users');
    assert.ok(countReads().length <= KEY_STATES.length, `four creates, one re-read (${countReads().length} counts)`);

    const seen = store.list({ state: 'active' }).pages.items.slice(0, 2).map((key) => key.id);
    const unseen = (await usersIn('active', 2)).map((key) => key.id);
    await api.keys.bulk({ action: 'disable', ids: [...seen, ...unseen] });
    for (const id of [...seen, ...unseen]) store.update(await api.keys.get(id));
    await recountsSettled(store);
    assert.deepEqual(counts(), panelCounts(fixture.panel), 'after a bulk disable');

    await api.keys.bulk({ action: 'delete', ids: seen });
    for (const id of seen) store.remove(id);
    await recountsSettled(store);
    assert.deepEqual(counts(), panelCounts(fixture.panel), 'after a bulk delete');
  });

  it('with a filter, each group shows the filtered list\'s total from the panel after changes', async () => {
    await openGroups({ type: 'SHARED' });
    const shared = (key: KeyRecord) => key.type === 'SHARED';
    assert.deepEqual(counts(), panelCounts(fixture.panel, shared));
    const page = await api.keys.list({ state: 'active', type: 'SHARED', per_page: 200 });
    const users = page.items.slice(0, 2);
    for (const user of users) store.update(await api.keys.disable(user.id));
    const node = [...fixture.panel.data.nodes.values()][0];
    store.update(await api.keys.create({ label: 'Shared counted', type: 'SHARED', node_ids: [node.id] }));
    await recountsSettled(store);
    assert.deepEqual(counts(), panelCounts(fixture.panel, shared));
  });

  it('a recount that finds the same figures fires nothing; one where a count changed fires that list and the lists', async () => {
    const fired: (UserList | undefined)[] = [];
    const subscription = store.onDidChange((change) => { if (change.kind === 'list') fired.push(change.list); });
    try {
      fixture.panel.resetRequests();
      store.changedOnPanel(); // nothing changed on the panel
      await recountsSettled(store);
      assert.equal(countReads().length, KEY_STATES.length, 'the counts were read again');
      assert.equal(fired.length, 0, 'equal counts fire nothing');
      const [user] = await usersIn('active', 1);
      await api.keys.disable(user.id);
      store.changedOnPanel();
      await recountsSettled(store);
      const changed = fired.flatMap((list) => (list ? [list.query.state] : []));
      assert.deepEqual(new Set(changed), new Set(['active', 'disabled']), 'the two lists whose counts changed');
      assert.equal(fired.filter((list) => list === undefined).length, 1, 'and the lists, once');
    } finally {
      subscription.dispose();
    }
  });

  it('an import whose answer names nobody still has the counts read again', async () => {
    const node = [...fixture.panel.data.nodes.values()][0];
    await api.keys.import({ items: [{ label: 'Imported A', type: 'PERSONAL' }, { label: 'Imported B', type: 'PERSONAL' }], node_ids: [node.id] });
    store.changedOnPanel();
    await recountsSettled(store);
    assert.deepEqual(counts(), panelCounts(fixture.panel));
  });

  it('an open group\'s "Load more" follows the panel\'s total, not one kept by counting', async () => {
    const expired = groups[KEY_STATES.indexOf('expired')];
    await store.loadNext(expired);
    assert.equal(expired.pages.hasMore, false, 'the demo\'s expired users fit on one page');
    const [user] = expired.pages.items;
    await api.keys.delete(user.id);
    store.remove(user.id);
    assert.equal(expired.pages.hasMore, false, 'a user leaving a fully loaded list leaves nothing to load');
    await recountsSettled(store);
    assert.equal(expired.count, panelCounts(fixture.panel)[KEY_STATES.indexOf('expired')]);
    assert.equal(expired.pages.items.length, expired.count);
    assert.equal(expired.pages.hasMore, false);
  });
});
