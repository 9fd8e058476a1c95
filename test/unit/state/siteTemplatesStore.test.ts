// The site-templates store in plain Node against the simulated panel: a create, customize or delete
// changes one template without reading the list again; a superseded read's late answer never lands.
import * as assert from 'node:assert/strict';
import type { StoreChange } from '../../../src/state/changeEmitter';
import { SiteTemplatesStore } from '../../../src/state/siteTemplatesStore';
import { usePanel } from '../support/clientPanelHooks';
import { storeSessionOver } from '../support/storeSessionOverPanel';

describe('state: site-templates store (simulated panel)', () => {
  const fixture = usePanel({ dataset: 'demo' });
  const listReads = () => fixture.panel.requests.filter((request) => request.method === 'GET' && request.path === '/api/v1/site-templates').length;

  function setup() {
    const session = storeSessionOver(fixture.client());
    const store = new SiteTemplatesStore(session);
    const lists: string[] = [];
    const templates: string[] = [];
    const everything: StoreChange[] = [];
    store.onDidChange((change) => {
      if (change.kind === 'list') lists.push('list');
      else if (change.kind === 'item') templates.push(change.id);
      else everything.push(change);
    });
    return { session, store, lists, templates, everything };
  }

  const idsOf = (store: SiteTemplatesStore) => {
    const snapshot = store.held;
    assert.equal(snapshot?.kind, 'loaded');
    return snapshot.kind === 'loaded' ? snapshot.templates.map((template) => template.id) : [];
  };

  it('reads the list once and answers later loads from what it holds', async () => {
    const { store } = setup();
    const [first, second] = await Promise.all([store.load(), store.load()]);
    assert.equal(first, second);
    await store.load();
    assert.equal(listReads(), 1);
    assert.deepEqual(new Set(idsOf(store)), new Set(fixture.panel.data.siteTemplates.keys()));
  });

  it('a created template joins the list as one change, without reading the list again', async () => {
    const { store, lists, templates } = setup();
    await store.load();
    assert.deepEqual(lists, ['list'], 'the first read is told as the list');
    lists.length = 0;
    const before = store.held;
    const created = await fixture.client().siteTemplates.create({ name: 'Landing', html: '<p>hi</p>' });
    assert.equal(store.put(created), true);
    assert.deepEqual(lists, ['list']);
    assert.deepEqual(templates, []);
    assert.equal(idsOf(store).at(-1), created.id);
    const shown = store.get(String(created.id));
    assert.equal(shown?.name, 'Landing');
    assert.ok(!shown?.details.some(([name]) => name === 'html'), 'the content is not shown as a detail');
    const untouched = before?.kind === 'loaded' ? before.templates : [];
    assert.ok(untouched.every((template) => store.get(String(template.id)) === template), 'the other templates are the same objects');
    assert.equal(listReads(), 1);
  });

  it('a newer copy of a listed template changes that id only', async () => {
    const { store, lists, templates } = setup();
    await store.load();
    lists.length = 0;
    const id = idsOf(store)[0] ?? '';
    store.put({ ...fixture.panel.data.siteTemplates.get(id), name: 'Renamed' });
    assert.deepEqual(templates, [id]);
    assert.deepEqual(lists, []);
    assert.equal(store.get(id)?.name, 'Renamed');
    assert.equal(idsOf(store)[0], id, 'it keeps its place');
  });

  it('a deleted template leaves the list as one change, without reading the list again', async () => {
    const { store, lists } = setup();
    await store.load();
    const custom = await fixture.client().siteTemplates.create({ name: 'Doomed', html: '<p>x</p>' });
    store.put(custom);
    lists.length = 0;
    const count = idsOf(store).length;
    await fixture.client().siteTemplates.delete(String(custom.id));
    store.remove(String(custom.id));
    assert.deepEqual(lists, ['list']);
    assert.equal(idsOf(store).length, count - 1);
    assert.equal(store.get(String(custom.id)), undefined);
    store.remove(String(custom.id));
    assert.deepEqual(lists, ['list'], 'removing what is not listed changes nothing');
    assert.equal(listReads(), 1);
  });

  it('a refresh cancels the read in flight: its late answer never lands, the newer one does', async () => {
    const { session, store } = setup();
    const held = session.holdNext();
    const stale = store.load();
    await held.answered; // the panel answered the first read, with the template below still listed
    const doomed = await fixture.client().siteTemplates.create({ name: 'Gone soon', html: '<p>x</p>' });
    // (created after the first read answered: only the newer read can list it)
    const fresh = await store.refresh();
    held.release();
    assert.equal(await stale, undefined, 'the superseded read resolves with nothing');
    assert.equal(store.held, fresh, 'the late answer did not replace the newer one');
    assert.ok(idsOf(store).includes(String(doomed.id)));
  });

  it('a change of the panel\'s token state or scope belief forgets the list and cancels the read in flight', async () => {
    const { session, store, everything } = setup();
    await store.load();
    const held = session.holdNext();
    const stale = store.refresh();
    await held.answered;
    session.changePanel();
    held.release();
    assert.equal(await stale, undefined);
    assert.equal(store.held, undefined);
    assert.deepEqual(everything, [{ kind: 'all' }]);
  });

  it('a failed read is held as a failure, and the next refresh reads again', async () => {
    const { store } = setup();
    fixture.panel.inject({ kind: 'html', status: 502, match: { method: 'GET', path: '/site-templates' }, times: 10 });
    const failed = await store.load();
    assert.equal(failed?.kind, 'failed');
    fixture.panel.clearFaults();
    assert.equal((await store.load())?.kind, 'failed', 'a load answers what is held');
    assert.equal((await store.refresh())?.kind, 'loaded');
  });

  it('a put of a template as held, and a refresh that reads the same list, fire nothing', async () => {
    const { store, lists, templates, everything } = setup();
    await store.load();
    lists.length = 0;
    const id = idsOf(store)[0] ?? '';
    const listed = await fixture.client().siteTemplates.list() as unknown;
    const items = (Array.isArray(listed) ? listed : (listed as { items?: unknown[] }).items ?? []) as { id?: unknown }[];
    assert.equal(store.put(items.find((item) => String(item.id) === id)), true, 'the template as the list shows it');
    const reads = listReads();
    await store.refresh();
    assert.deepEqual([lists, templates, everything], [[], [], []]);
    assert.equal(listReads(), reads + 1, 'the refresh read the list again');
  });

  it('a refresh that finds a template added on the panel fires the list', async () => {
    const { store, lists } = setup();
    await store.load();
    lists.length = 0;
    const added = await fixture.client().siteTemplates.create({ name: 'Added elsewhere', html: '<p>x</p>' });
    await store.refresh();
    assert.deepEqual(lists, ['list']);
    assert.ok(idsOf(store).includes(String(added.id)));
  });

  it('a load answers what is held without reading again; a refresh reads now', async () => {
    const { store } = setup();
    await store.load();
    await store.load();
    assert.equal(listReads(), 1);
    await store.refresh();
    assert.equal(listReads(), 2);
  });
});
