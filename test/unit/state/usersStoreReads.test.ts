// Issue 26, "pages and chat tools read through the same stores": a read of users outside the views' lists
// (the chat tools' search, a user read before a change) goes through the users store, so a user a view shows
// follows what the read found, while a user the store never saw is not kept and starts no recount.
import * as assert from 'node:assert/strict';
import type { PanelApi } from '../../../src/api';
import type { UsersChange } from '../../../src/state/usersStore';
import { UsersStore, type UserList } from '../../../src/state/usersStore';
import { usePanel } from '../support/clientPanelHooks';
import { storeSessionOver } from '../support/storeSessionOverPanel';

describe('state: users read outside the lists go through the users store (simulated panel)', () => {
  const fixture = usePanel({ dataset: 'demo' });
  let api: PanelApi;
  let store: UsersStore;
  let active: UserList;
  let changes: UsersChange[];

  beforeEach(async () => {
    api = fixture.client();
    store = new UsersStore(storeSessionOver(api), { recountDelayMs: 10, pageSize: () => 5 });
    active = store.list({ state: 'active' });
    await store.loadNext(active);
    changes = [];
    store.onDidChange((change) => changes.push(change));
  });
  afterEach(() => store.dispose());

  it('a search that finds a shown user changed updates that user where it is shown', async () => {
    const shown = active.pages.items[0];
    const record = fixture.panel.data.keys.get(shown.id);
    assert.ok(record);
    record.label = 'Renamed on the panel';
    const page = await store.search({ q: 'Renamed on the panel' }, 20);
    assert.deepEqual(page.users.map((user) => user.id), [shown.id]);
    assert.equal(store.get(shown.id)?.label, 'Renamed on the panel', 'the store holds what the search found');
    assert.equal(active.pages.items.find((user) => user.id === shown.id)?.label, 'Renamed on the panel', 'the list shows it');
    assert.deepEqual(changes.filter((change) => change.kind === 'item').map((change) => change.kind === 'item' && change.id), [shown.id]);
  });

  it('a search of users the store never saw, or found unchanged, fires nothing, keeps nothing and counts nothing again', async () => {
    const known = new Set(active.pages.items.map((user) => user.id));
    fixture.panel.resetRequests();
    const page = await store.search({ state: 'disabled' }, 20);
    assert.ok(page.users.length > 0, 'disabled users on the panel');
    assert.ok(page.total !== undefined && page.total >= page.users.length, 'the panel\'s total');
    await store.search({ state: 'active' }, 5);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(changes, [], 'no change');
    assert.ok(page.users.every((user) => known.has(user.id) || store.get(user.id) === undefined), 'nothing new kept');
    assert.equal(store.recounting, false);
    assert.equal(fixture.panel.requests.length, 2, 'the two searches only');
  });

  it('reading one user takes it when the store shows it and it changed', async () => {
    const shown = active.pages.items[1];
    const record = fixture.panel.data.keys.get(shown.id);
    assert.ok(record);
    record.label = 'Read again';
    const user = await store.read(shown.id);
    assert.equal(user.label, 'Read again');
    assert.equal(active.pages.items.find((candidate) => candidate.id === shown.id)?.label, 'Read again');
    assert.ok(changes.some((change) => change.kind === 'item' && change.id === shown.id));
  });
});
