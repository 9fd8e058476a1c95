import * as assert from 'node:assert/strict';
import type { PanelNode } from '../../../src/api/types';
import { NodesStore } from '../../../src/state/nodesStore';
import type { StoreSession } from '../../../src/state/storeSession';
import type { StoreChange } from '../../../src/state/changeEmitter';
import { usePanel } from '../support/clientPanelHooks';
import { storeSessionOver } from '../support/storeSessionOverPanel';

/** A session whose answers the test releases by hand: what the panel said when the read was sent. */
function heldSession(): { session: StoreSession; release: (answer: unknown) => void } {
  let release: (answer: unknown) => void = () => undefined;
  const call = (<T>() => new Promise<T>((resolve) => (release = resolve as (answer: unknown) => void))) as unknown as StoreSession['call'];
  const session = { call, callOn: call, onDidChangePanel: () => ({ dispose: () => undefined }) } as unknown as StoreSession;
  return { session, release: (answer) => release(answer) };
}

describe('nodes store: a read sent before a newer copy was taken', () => {
  const dirty = { id: 'n1', name: 'ams-1', dirty: true } as PanelNode;
  const clean = { id: 'n1', name: 'ams-1', dirty: false, last_apply_at: '2030-01-01T00:00:00Z' } as PanelNode;

  it('keeps the copy an apply put in while the list was on its way', async () => {
    const { session, release } = heldSession();
    const store = new NodesStore(session);
    const loading = store.load();
    store.update(clean); // the apply landed meanwhile
    release({ items: [dirty] }); // the list read before it
    const listed = await loading;
    assert.equal(listed[0].dirty, false);
    assert.equal(store.get('n1')?.dirty, false, 'not overwritten by the older list');
  });

  it('keeps the copy an apply put in while a read of that node was on its way', async () => {
    const { session, release } = heldSession();
    const store = new NodesStore(session);
    const reading = store.refresh('n1');
    store.update(clean);
    release(dirty);
    assert.equal((await reading)?.dirty, false);
    assert.equal(store.get('n1')?.dirty, false);
  });

  it('takes a read sent after the last copy', async () => {
    const { session, release } = heldSession();
    const store = new NodesStore(session);
    store.update(clean);
    const reading = store.refresh('n1');
    release(dirty); // the node changed on the panel since
    assert.equal((await reading)?.dirty, true);
    assert.equal(store.get('n1')?.dirty, true);
  });
});

describe('nodes store: one change event that says what changed (simulated panel)', () => {
  const fixture = usePanel({ dataset: 'demo' });

  function setup() {
    const store = new NodesStore(storeSessionOver(fixture.client()));
    const changes: StoreChange[] = [];
    store.onDidChange((change) => changes.push(change));
    return { store, changes };
  }

  it('a poll that changes nothing fires nothing', async () => {
    const { store, changes } = setup();
    await store.load();
    assert.deepEqual(changes, [{ kind: 'list' }], 'the first list read is told as the list');
    changes.length = 0;
    await store.poll();
    await store.poll();
    assert.deepEqual(changes, []);
  });

  it('a poll that changes one node fires that node only', async () => {
    const { store, changes } = setup();
    await store.load();
    changes.length = 0;
    const [node] = fixture.panel.data.nodes.values();
    const was = node.status;
    node.status = was === 'offline' ? 'online' : 'offline';
    try {
      await store.poll();
      assert.deepEqual(changes, [{ kind: 'item', id: node.id }]);
      assert.equal(store.get(node.id)?.status, node.status);
    } finally {
      node.status = was;
    }
  });

  it('a poll that finds a node added or removed fires the list once', async () => {
    const { store, changes } = setup();
    await store.load();
    changes.length = 0;
    const [first] = fixture.panel.data.nodes.keys();
    const removed = fixture.panel.data.nodes.get(first);
    fixture.panel.data.nodes.delete(first);
    try {
      await store.poll();
      assert.deepEqual(changes, [{ kind: 'list' }]);
    } finally {
      if (removed) fixture.panel.data.nodes.set(first, removed);
    }
  });

  it('says since when the list cannot be read, keeps the last list, and fires the list only when that starts or ends', async () => {
    const { store, changes } = setup();
    const held = await store.load();
    changes.length = 0;
    assert.equal(store.unreadableSince, undefined);
    fixture.panel.inject({ kind: 'status', status: 500, match: { method: 'GET', path: '/nodes' }, times: 20 });
    const before = Date.now();
    try {
      await assert.rejects(store.poll());
      const since = store.unreadableSince;
      assert.ok(since !== undefined && since >= before, 'the failing read is noted');
      assert.deepEqual(store.held, held, 'the last list read is kept');
      await assert.rejects(store.poll());
      assert.equal(store.unreadableSince, since, 'since the first failed read');
      assert.deepEqual(changes, [{ kind: 'list' }], 'told once');
    } finally {
      fixture.panel.clearFaults();
    }
    changes.length = 0;
    await store.poll();
    assert.equal(store.unreadableSince, undefined, 'a read that succeeds ends it');
    assert.deepEqual(changes, [{ kind: 'list' }]);
  });

  it('a load answers what is held without a read; a refresh reads the list now', async () => {
    const { store } = setup();
    const listReads = () => fixture.panel.requests.filter((request) => request.method === 'GET' && request.path === '/api/v1/nodes').length;
    fixture.panel.resetRequests();
    const first = await store.load();
    assert.equal(await store.load(), first);
    assert.equal(listReads(), 1);
    await store.refresh();
    assert.equal(listReads(), 2);
  });

  it('an update with the node as held and a refresh of a node that did not change fire nothing; a changed copy fires that node', async () => {
    const { store, changes } = setup();
    const [held] = await store.load();
    changes.length = 0;
    store.update({ ...held });
    await store.refresh(held.id);
    assert.deepEqual(changes, []);
    store.update({ ...held, name: `${held.name}-renamed` });
    assert.deepEqual(changes, [{ kind: 'item', id: held.id }]);
  });

  it('does not count a rejected token or a missing scope as a panel that cannot be read', async () => {
    const limited = new NodesStore(storeSessionOver(fixture.client({ token: fixture.panel.issueToken({ role: 'owner', scopes: ['users:read'] }).secret })));
    await assert.rejects(limited.load());
    assert.equal(limited.unreadableSince, undefined);
  });
});
