// The node-details store in plain Node against the simulated panel: each detail read once on demand, a
// refresh or an action's answer changes one node's detail, and a superseded read is aborted and its late
// answer never lands.
import * as assert from 'node:assert/strict';
import { NodeDetailsStore, type NodeDetailChange } from '../../../src/state/nodeDetailsStore';
import { usePanel } from '../support/clientPanelHooks';
import { storeSessionOver } from '../support/storeSessionOverPanel';

describe('state: node-details store (simulated panel)', () => {
  const fixture = usePanel({ dataset: 'demo' });
  const readsOf = (nodeId: string, detail: string) =>
    fixture.panel.requests.filter((request) => request.method === 'GET' && request.path === `/api/v1/nodes/${nodeId}/${detail}`).length;
  const onlineNode = () => {
    const node = [...fixture.panel.data.nodes.values()].find((candidate) => candidate.status === 'online');
    assert.ok(node, 'the demo panel has an online node');
    return node;
  };

  function setup() {
    const session = storeSessionOver(fixture.client());
    const store = new NodeDetailsStore(session);
    const changes: NodeDetailChange[] = [];
    /** First reads (`loaded`), which a view that asked skips and the fleet to-do follows. */
    const loads: NodeDetailChange[] = [];
    const resets: string[] = [];
    store.onDidChange((change) => {
      if (change.kind === 'item') (change.id.loaded ? loads : changes).push(change.id);
      else resets.push(change.kind);
    });
    return { session, store, changes, loads, resets };
  }

  it('reads health, recent jobs and site when first asked, once each', async () => {
    const { store, changes, loads } = setup();
    const node = onlineNode();
    const [health, again] = await Promise.all([store.load(node.id, 'health'), store.load(node.id, 'health')]);
    assert.equal(health, again, 'a second load shares the first');
    assert.equal(health?.kind, 'loaded');
    const jobs = await store.load(node.id, 'jobs');
    assert.equal(jobs?.kind, 'loaded');
    assert.ok(jobs?.kind === 'loaded' && Array.isArray(jobs.value) && jobs.value.length <= 10);
    assert.equal((await store.load(node.id, 'site'))?.kind, 'loaded');
    await store.load(node.id, 'health');
    assert.deepEqual([readsOf(node.id, 'health'), readsOf(node.id, 'jobs'), readsOf(node.id, 'site')], [1, 1, 1]);
    assert.deepEqual(changes, [], 'a load the caller awaits fires no change for the views');
    assert.deepEqual(loads, ['health', 'jobs', 'site'].map((detail) => ({ nodeId: node.id, detail, loaded: true })), 'each first read told once, marked loaded');
  });

  it('a refresh of one detail forgets that detail of that node only, and reads it again', async () => {
    const { store, changes } = setup();
    const [node, other] = [...fixture.panel.data.nodes.values()];
    await Promise.all([store.load(node.id, 'site'), store.load(node.id, 'health'), store.load(other.id, 'site')]);
    store.forget(node.id, ['site']);
    assert.deepEqual(changes, [{ nodeId: node.id, detail: 'site' }]);
    assert.equal(store.get(node.id, 'site'), undefined);
    assert.notEqual(store.get(node.id, 'health'), undefined);
    assert.notEqual(store.get(other.id, 'site'), undefined);
    await store.load(node.id, 'site');
    assert.equal(readsOf(node.id, 'site'), 2);
    assert.equal(readsOf(other.id, 'site'), 1);
  });

  it('takes what an action answered with as one change', async () => {
    const { store, changes } = setup();
    const node = onlineNode();
    await store.load(node.id, 'site');
    store.put(node.id, 'site', { template_id: 't1', enabled: true });
    assert.deepEqual(changes, [{ nodeId: node.id, detail: 'site' }]);
    assert.deepEqual(store.get(node.id, 'site'), { kind: 'loaded', value: { template_id: 't1', enabled: true } });
  });

  it('a put of what is held fires nothing', async () => {
    const { store, changes } = setup();
    const node = onlineNode();
    store.put(node.id, 'site', { template_id: 't1', enabled: true });
    changes.length = 0;
    store.put(node.id, 'site', { template_id: 't1', enabled: true });
    assert.deepEqual(changes, []);
    store.put(node.id, 'site', { template_id: 't2', enabled: true });
    assert.deepEqual(changes, [{ nodeId: node.id, detail: 'site' }]);
  });

  it('a refresh aborts the read in flight at once instead of waiting for the slow answer', async () => {
    const { store } = setup();
    const node = onlineNode();
    fixture.panel.inject({ kind: 'latency', ms: 4000, match: { method: 'GET', path: `/nodes/${node.id}/health` }, times: 1 });
    const stale = store.load(node.id, 'health');
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    store.forget(node.id, ['health']);
    assert.equal(await stale, undefined);
    assert.ok(Date.now() - started < 2000, 'the superseded read ended at once');
    fixture.panel.clearFaults();
    assert.equal((await store.load(node.id, 'health'))?.kind, 'loaded');
  });

  it('a superseded read\'s late answer never lands', async () => {
    const { session, store } = setup();
    const node = onlineNode();
    const held = session.holdNext();
    const stale = store.load(node.id, 'site');
    await held.answered;
    store.forget(node.id, ['site']);
    const newer = { template_id: 'newer', enabled: false };
    store.put(node.id, 'site', newer);
    held.release();
    assert.equal(await stale, undefined);
    assert.deepEqual(store.get(node.id, 'site'), { kind: 'loaded', value: newer });
  });

  it('keeps a failure (a 503 for an offline node) as the detail, and a change of panel forgets everything', async () => {
    const { session, store, resets } = setup();
    const node = onlineNode();
    fixture.panel.inject({ kind: 'status', status: 503, match: { method: 'GET', path: `/nodes/${node.id}/health` }, times: 10 });
    const failed = await store.load(node.id, 'health');
    assert.equal(failed?.kind, 'failed');
    fixture.panel.clearFaults();
    session.changePanel();
    assert.deepEqual(resets, ['all']);
    assert.equal(store.get(node.id, 'health'), undefined);
  });

  it('is the one reader of a node\'s jobs: a read that finds them changed tells the views and pages, one that finds them the same tells nothing', async () => {
    const { store, changes } = setup();
    const node = onlineNode();
    await store.load(node.id, 'jobs');
    const before = readsOf(node.id, 'jobs');
    await store.readJobs(node.id, 20);
    assert.deepEqual(changes, [], 'nothing changed: nothing is told');
    await fixture.client().nodes.apply(node.id);
    const jobs = await store.readJobs(node.id, 20);
    assert.deepEqual(changes, [{ nodeId: node.id, detail: 'jobs' }], 'the new job is told once, as the node\'s jobs');
    const held = store.get(node.id, 'jobs');
    assert.ok(held?.kind === 'loaded' && held.value.length <= 10 && JSON.stringify(held.value) === JSON.stringify(jobs.slice(0, 10)), 'the recent jobs held are the ones read');
    assert.equal(readsOf(node.id, 'jobs'), before + 2);
  });
});
