// The read-only level's last line and the decisions behind the protection levels: which routes change a
// panel, what a read-only panel's client refuses before anything leaves (the simulated panel's request log
// stays empty, whatever path the request took), how records keep the operator's choices, and which tree
// items carry the read-only suffix.
import * as assert from 'node:assert/strict';
import { changesPanel, ROUTES, type RouteSpec } from '../../../src/api';
import { parsePanelRecords } from '../../../src/connection/panelRecords';
import {
  chatMayChange, itemContextValue, parseChatAccess, parsePanelColor, parseProtection, READ_ONLY_ITEM_SUFFIX, refusesRequest, type GuardedPanel,
} from '../../../src/connection/protectionLevel';
import { changeUsers } from '../../../src/state/bulkUserChange';
import { createUsers } from '../../../src/usersTable/createUsers';
import { usePanel } from '../support/clientPanelHooks';

/** What the extension's guard throws (connection/protection.ts words it for VS Code). */
class RefusedForTest extends Error {
  constructor(readonly route: RouteSpec) {
    super(`read-only: ${route.method} ${route.path} refused`);
  }
}

describe('protection: which requests change a panel', () => {
  it('every method but GET changes it, except the four checks that only answer with a result', () => {
    const checks = ROUTES.filter((route) => route.method !== 'GET' && !changesPanel(route)).map((route) => route.id).sort();
    assert.deepEqual(checks, ['nodes.check', 'nodes.diagnostics.web', 'nodes.preflightDns', 'siteTemplates.validate']);
    assert.ok(ROUTES.filter((route) => route.method === 'GET').every((route) => !changesPanel(route)), 'no GET changes the panel');
    for (const id of ['keys.delete', 'keys.bulk', 'keys.import', 'keys.rotate', 'nodes.apply', 'nodes.restart', 'fleet.updates.start', 'settings.put', 'settings.messengerTest', 'siteTemplates.update', 'branding.profiles.upload', 'alerts.resolveMany']) {
      assert.ok(changesPanel(ROUTES.find((route) => route.id === id) as RouteSpec), id);
    }
  });

  it('a read-only panel refuses those routes only; open and protected panels refuse nothing', () => {
    const disable = ROUTES.find((route) => route.id === 'keys.disable') as RouteSpec;
    const list = ROUTES.find((route) => route.id === 'keys.list') as RouteSpec;
    const validate = ROUTES.find((route) => route.id === 'siteTemplates.validate') as RouteSpec;
    assert.equal(refusesRequest({ protection: 'readOnly' }, disable), true);
    assert.equal(refusesRequest({ protection: 'readOnly' }, list), false);
    assert.equal(refusesRequest({ protection: 'readOnly' }, validate), false);
    assert.equal(refusesRequest({ protection: 'protected' }, disable), false);
    assert.equal(refusesRequest({}, disable), false);
    assert.equal(refusesRequest(undefined, disable), false);
  });
});

describe('protection: a read-only panel\'s client sends nothing that changes it', () => {
  const fixture = usePanel({ dataset: 'demo' });
  const level: { protection?: GuardedPanel['protection'] } = {};
  /** A client wired as services.ts wires every panel's: the record read at each request. */
  const guarded = () => fixture.client({
    beforeSend: (route) => {
      if (refusesRequest(level, route)) throw new RefusedForTest(route);
    },
  });
  const keyIds = () => [...fixture.panel.data.keys.values()].slice(0, 3).map((key) => key.id);
  const nodeId = () => [...fixture.panel.data.nodes.values()][0].id;

  async function refused(call: Promise<unknown>): Promise<void> {
    const error = await call.then(() => undefined, (caught: unknown) => caught);
    assert.ok(error instanceof RefusedForTest, `expected the guard's refusal, got ${String(error)}`);
  }

  it('refuses each kind of change before it leaves, and the panel holds what it held', async () => {
    level.protection = 'readOnly';
    const api = guarded();
    const [first] = keyIds();
    const before = JSON.stringify(fixture.panel.data.keys.get(first));
    await refused(api.keys.disable(first));
    await refused(api.keys.delete(first));
    await refused(api.keys.rotate(first));
    await refused(api.keys.update(first, { note: 'changed' }));
    await refused(api.nodes.apply(nodeId()));
    await refused(api.nodes.restart(nodeId()));
    await refused(api.fleet.updates.start([nodeId()]));
    await refused(api.settings.put({ panel_name: 'x' }));
    await refused(api.alerts.resolveMany([1]));
    await refused(api.call('POST', '/keys/bulk', { body: { action: 'delete', ids: keyIds() } }));
    assert.deepEqual(fixture.panel.requests, [], 'no request reached the panel');
    assert.equal(JSON.stringify(fixture.panel.data.keys.get(first)), before);
  });

  it('refuses the bodies the contract does not show, and their fallbacks to the documented routes, before any leaves', async () => {
    level.protection = 'readOnly';
    const api = guarded();
    const created = await createUsers(api, [{ label: 'never', type: 'PERSONAL', nodeIds: [nodeId()], expiresAt: null }], { route: 'keys.import', maxConcurrency: 4 })
      .then((result) => result, (error: unknown) => error);
    if (!(created instanceof RefusedForTest)) {
      // Reported user by user: nobody was made.
      assert.ok((created as Awaited<ReturnType<typeof createUsers>>).made.every((made) => !made?.key), JSON.stringify(created));
    }
    const bulk = await changeUsers(api, 'disable', keyIds(), { maxConcurrency: 4 }).then((result) => result, (error: unknown) => error);
    if (!(bulk instanceof RefusedForTest)) {
      // A bulk change reports users one by one: each must say the guard refused it.
      const outcomes = (bulk as Awaited<ReturnType<typeof changeUsers>>).outcomes;
      assert.ok(outcomes.length > 0 && outcomes.every((outcome) => outcome.kind === 'refused' && outcome.error instanceof RefusedForTest), JSON.stringify(outcomes));
    }
    assert.deepEqual(fixture.panel.requests, [], 'no request reached the panel');
  });

  it('still reads and runs the checks, and takes a new level at the next request', async () => {
    level.protection = 'readOnly';
    const api = guarded();
    await api.keys.list({ per_page: 1 });
    await api.nodes.check(nodeId());
    assert.deepEqual(fixture.panel.requests.map((request) => request.method), ['GET', 'POST']);
    level.protection = 'open';
    await api.keys.disable(keyIds()[1]);
    assert.equal(fixture.panel.requests.at(-1)?.method, 'POST');
    assert.match(fixture.panel.requests.at(-1)?.path ?? '', /\/disable$/);
    await api.keys.enable(keyIds()[1]);
  });
});

describe('protection: what the panel records keep', () => {
  it('keeps a protected or read-only level, a theme colour and read-only chat tools; anything else is the default', () => {
    const [kept, defaults, hostile] = parsePanelRecords([
      { url: 'https://prod.example', name: 'Production', preset: 'fullRights', scopes: [], protection: 'protected', color: 'charts.red', chatTools: 'read' },
      { url: 'https://stage.example', name: 'Staging', preset: 'fullRights', scopes: [] },
      { url: 'https://odd.example', name: 'Odd', preset: 'fullRights', scopes: [], protection: 'superProtected', color: 'javascript:alert(1)', chatTools: 'everything' },
    ]);
    assert.equal(kept.protection, 'protected');
    assert.equal(kept.color, 'charts.red');
    assert.equal(kept.chatTools, 'read');
    for (const record of [defaults, hostile]) {
      assert.equal(parseProtection(record.protection), 'open');
      assert.equal(record.color, undefined);
      assert.equal(parseChatAccess(record.chatTools), 'readWrite');
    }
    assert.equal(parsePanelColor('charts.blue'), 'charts.blue');
    assert.equal(parseProtection('readOnly'), 'readOnly');
  });

  it('lets the chat tools change a panel only when it is not read-only and its chat tools are not read-only', () => {
    assert.equal(chatMayChange({}), true);
    assert.equal(chatMayChange({ protection: 'protected' }), true);
    assert.equal(chatMayChange({ protection: 'readOnly' }), false);
    assert.equal(chatMayChange({ chatTools: 'read' }), false);
    assert.equal(chatMayChange(undefined), false);
  });
});

describe('protection: items of a read-only panel', () => {
  it('carry the suffix once, lose it when the panel is no longer read-only, and only on items with actions', () => {
    assert.equal(itemContextValue('user.active.subscribed', 'readOnly'), `user.active.subscribed${READ_ONLY_ITEM_SUFFIX}`);
    assert.equal(itemContextValue(`node.dirty${READ_ONLY_ITEM_SUFFIX}`, 'readOnly'), `node.dirty${READ_ONLY_ITEM_SUFFIX}`);
    assert.equal(itemContextValue(`node.dirty${READ_ONLY_ITEM_SUFFIX}`, 'open'), 'node.dirty');
    assert.equal(itemContextValue('node', 'protected'), 'node');
    for (const other of ['error', 'loadMore', 'message', 'missingScope', 'tokenRejected', 'panel.active']) assert.equal(itemContextValue(other, 'readOnly'), other);
    assert.equal(itemContextValue(undefined, 'readOnly'), undefined);
  });
});
