// The branding store in plain Node against the simulated panel: a read or a put says what changed, one
// profile or the list, and one that changes nothing says nothing (the Branding view redraws only what changed).
import * as assert from 'node:assert/strict';
import type { StoreChange } from '../../../src/state/changeEmitter';
import { BrandingStore } from '../../../src/state/brandingStore';
import { brandingProfile } from '../../../src/state/brandingModel';
import { usePanel } from '../support/clientPanelHooks';
import { storeSessionOver } from '../support/storeSessionOverPanel';

describe('state: branding store (simulated panel)', () => {
  const fixture = usePanel({ dataset: 'demo' });
  const PANEL = 'panel-1';

  function setup() {
    const session = { ...storeSessionOver(fixture.client()), panel: { id: PANEL } };
    const store = new BrandingStore(session as unknown as ConstructorParameters<typeof BrandingStore>[0]);
    const changes: StoreChange[] = [];
    store.onDidChange((change) => changes.push(change));
    return { store, changes };
  }

  const profilesOf = (store: BrandingStore) => (store.held.kind === 'loaded' ? store.held.profiles : []);

  it('the first read fires once; reading the same profiles again fires nothing', async () => {
    const { store, changes } = setup();
    await store.load();
    assert.deepEqual(changes, [{ kind: 'all' }]);
    assert.ok(profilesOf(store).length > 1, 'the demo has profiles');
    changes.length = 0;
    await store.refresh();
    assert.deepEqual(changes, []);
  });

  it('a load answers what is held without a read; a refresh reads now', async () => {
    const { store } = setup();
    const listReads = () => fixture.panel.requests.filter((request) => request.method === 'GET' && request.path === '/api/v1/branding/profiles').length;
    fixture.panel.resetRequests();
    await store.load();
    await store.load();
    assert.equal(listReads(), 1);
    await store.refresh();
    assert.equal(listReads(), 2);
  });

  it('a read where one profile changed fires that profile only', async () => {
    const { store, changes } = setup();
    await store.load();
    changes.length = 0;
    const record = [...fixture.panel.data.brandingProfiles.values()].find((profile) => !profile.active);
    assert.ok(record);
    const saved = record.footer_text;
    record.footer_text = 'Changed footer';
    try {
      await store.refresh();
    } finally {
      record.footer_text = saved;
    }
    assert.deepEqual(changes, [{ kind: 'item', id: record.id }]);
    assert.equal(store.get(record.id)?.fields.footer_text, 'Changed footer');
  });

  it('a put of an unchanged profile fires nothing; an activation fires the two profiles it changes; a new one fires the list', async () => {
    const { store, changes } = setup();
    await store.load();
    changes.length = 0;
    const [first] = profilesOf(store);
    store.put(PANEL, first);
    assert.deepEqual(changes, []);
    const active = profilesOf(store).find((profile) => profile.active);
    const other = profilesOf(store).find((profile) => !profile.active);
    assert.ok(active && other);
    store.put(PANEL, { ...other, active: true });
    assert.deepEqual((changes as StoreChange[]).map((change) => (change.kind === 'item' ? change.id : change.kind)).sort(), [active.id, other.id].sort());
    changes.length = 0;
    const created = brandingProfile({ id: 'new-profile', name: 'New' });
    assert.ok(created);
    store.put(PANEL, created);
    assert.deepEqual(changes, [{ kind: 'list' }]);
    changes.length = 0;
    store.remove(PANEL, 'no-such-profile');
    assert.deepEqual(changes, []);
    store.remove(PANEL, 'new-profile');
    assert.deepEqual(changes, [{ kind: 'list' }]);
  });
});
