import * as assert from 'node:assert/strict';
import type { RouteId, Scope } from '../../../src/api/catalog';
import type { PanelCall, PanelRef, SessionState } from '../../../src/connection/panelSession';
import { ChangeEmitter } from '../../../src/state/changeEmitter';
import { NodesStore } from '../../../src/state/nodesStore';
import { PanelBoundSession, type AllPanelsSession } from '../../../src/connection/panelBoundSession';
import { PanelStores, type PanelStoreSet } from '../../../src/state/panelStores';

/** A session over three panels whose states, scopes and active panel the test sets, recording every call's panel. */
function panelsSession() {
  const changed = new ChangeEmitter<void>();
  const panels = new Map<string, { state: SessionState; scopes: Set<Scope>; denied: Set<string> }>();
  for (const id of ['https://a', 'https://b', 'https://c']) panels.set(id, { state: 'connected', scopes: new Set<Scope>(['nodes:read', 'monitoring:read']), denied: new Set() });
  let active = 'https://a';
  const calledOn: string[] = [];
  const ref = (id: string): PanelRef => ({ id, url: id, name: id.slice(8).toUpperCase(), protection: 'open', chatTools: 'readWrite' });
  const session: AllPanelsSession = {
    get active() { return panels.has(active) ? ref(active) : undefined; },
    panel: (id) => (panels.has(id) ? ref(id) : undefined),
    callOn: <T>(panelId: string, fn: PanelCall<T>) => {
      calledOn.push(panelId);
      return fn({ nodes: { list: async () => ({ items: [{ id: `${panelId}/n1` }], total: 1 }) } } as never, new AbortController().signal);
    },
    onDidChange: changed.event as AllPanelsSession['onDidChange'],
    stateOf: (id) => panels.get(id)?.state ?? 'disconnected',
    unansweredSince: () => undefined,
    hasScopeOn: (id, scope) => panels.get(id)?.state === 'connected' && panels.get(id)!.scopes.has(scope),
    wasDeniedOn: (id, route: RouteId) => panels.get(id)?.denied.has(route) ?? false,
    forgetDenialsOn: () => undefined,
    capabilities: { explain: (route) => `needs ${route}` },
  };
  return {
    session, calledOn, panels,
    activate(id: string) { active = id; changed.fire(); },
    change(id: string, update: (panel: { state: SessionState; scopes: Set<Scope> }) => void) { update(panels.get(id)!); changed.fire(); },
    signOut(id: string) { panels.delete(id); changed.fire(); },
  };
}

function registry(fake: ReturnType<typeof panelsSession>) {
  const disposed: string[] = [];
  const stores = new PanelStores(fake.session, (bound) => {
    const nodes = new NodesStore(bound);
    return { session: bound, nodes, dispose: () => { disposed.push(bound.panelId); nodes.dispose(); } } as unknown as PanelStoreSet & { dispose(): void };
  });
  return { stores, disposed };
}

describe('panel stores: one set of stores per connected panel, active or not', () => {
  it('gives each connected panel its own set (the same one each time), the active panel included, an unknown panel none', () => {
    const fake = panelsSession();
    const { stores } = registry(fake);
    const a = stores.get('https://a');
    const b = stores.get('https://b');
    assert.ok(a && b && a !== b);
    assert.equal(stores.active, a, 'the active panel\'s set is one like the others');
    assert.equal(stores.activeId, 'https://a');
    assert.equal(stores.get('https://b'), b, 'created on first use, then kept');
    assert.notEqual(stores.get('https://c'), b);
    assert.equal(stores.get('https://elsewhere'), undefined);
  });

  it('reads each panel through its own panel: a set never asks the active one', async () => {
    const fake = panelsSession();
    const { stores } = registry(fake);
    const nodes = await stores.get('https://b')!.nodes.load();
    assert.deepEqual(nodes.map((node) => node.id), ['https://b/n1']);
    assert.deepEqual(fake.calledOn, ['https://b']);
  });

  it('keeps every set across switches of the active panel: switching back reads nothing already held', async () => {
    const fake = panelsSession();
    const { stores, disposed } = registry(fake);
    const a = stores.active!;
    await a.nodes.load();
    fake.activate('https://b');
    await stores.active!.nodes.load();
    fake.activate('https://a');
    assert.equal(stores.active, a, 'the same set');
    assert.deepEqual(a.nodes.held?.map((node) => node.id), ['https://a/n1'], 'still holding its nodes');
    assert.deepEqual(fake.calledOn, ['https://a', 'https://b'], 'nothing read again');
    assert.deepEqual(disposed, []);
  });

  it('drops the set of a panel signed out only', () => {
    const fake = panelsSession();
    const { stores, disposed } = registry(fake);
    stores.get('https://b');
    stores.get('https://c');
    fake.signOut('https://b');
    assert.deepEqual(disposed, ['https://b']);
    assert.equal(stores.get('https://b'), undefined);
    fake.activate('https://c');
    assert.deepEqual(disposed, ['https://b']);
    assert.deepEqual(stores.heldPanels, ['https://c']);
  });

  it('tells a bound store of its own panel\'s token and scope changes only', () => {
    const fake = panelsSession();
    const bound = new PanelBoundSession(fake.session, 'https://b');
    let heard = 0;
    bound.onDidChangePanel(['nodes.list'], () => heard++);
    fake.change('https://c', (panel) => { panel.state = 'tokenRejected'; });
    fake.activate('https://c');
    assert.equal(heard, 0, 'another panel\'s 401 and a switch of panel are not its business');
    fake.change('https://b', (panel) => { panel.scopes.delete('nodes:read'); });
    assert.equal(heard, 1, 'its own scope belief changed');
    fake.change('https://b', (panel) => { panel.state = 'tokenRejected'; });
    assert.equal(heard, 2, 'its own token was rejected');
    assert.equal(bound.state, 'tokenRejected');
    assert.equal(bound.panel?.id, 'https://b');
  });

  it('answers for its own panel\'s scopes, not the active panel\'s', () => {
    const fake = panelsSession();
    fake.change('https://a', (panel) => { panel.scopes.clear(); });
    const bound = new PanelBoundSession(fake.session, 'https://b');
    assert.equal(bound.capabilities.can('nodes.list'), true);
    assert.equal(new PanelBoundSession(fake.session, 'https://a').capabilities.can('nodes.list'), false);
  });
});
