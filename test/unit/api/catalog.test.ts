import * as assert from 'node:assert/strict';
import { ROUTES, findRoute, requiredScope, routeById, type RouteId } from '../../../src/api/catalog';

const names = { engine: 'mtg', messenger: 'telegram' };

describe('route catalog', () => {
  it('holds the 89 routes of part 4.2, each once', () => {
    assert.equal(ROUTES.length, 89);
    assert.equal(new Set(ROUTES.map((r) => `${r.method} ${r.path}`)).size, 89);
    assert.equal(new Set(ROUTES.map((r) => r.id)).size, 89);
  });

  it('counts routes per resource group as the spec does', () => {
    const count = (prefix: string) => ROUTES.filter((r) => r.scope.startsWith(prefix)).length;
    assert.deepEqual(
      [count('nodes:'), count('users:'), count('monitoring:'), count('sites:'), count('branding:'), count('settings:'), count('audit:')],
      [35, 22, 9, 12, 6, 4, 1],
    );
  });

  it('marks exactly the two OWNER routes as owner-only', () => {
    assert.deepEqual(ROUTES.filter((r) => r.ownerOnly).map((r) => `${r.method} ${r.path}`).sort(), [
      'POST /settings/{messenger}/test',
      'PUT /settings',
    ]);
  });

  it('requires write scope for every sensitive read (rule 5.8)', () => {
    const sensitive = ROUTES.filter((r) => r.sensitive);
    assert.ok(sensitive.length >= 7);
    for (const r of sensitive) assert.match(r.scope, /:write$/, r.id);
  });

  it('resolves concrete paths, preferring literal segments', () => {
    assert.equal(findRoute('PUT', '/nodes/order', names)?.id, 'nodes.order');
    assert.equal(findRoute('GET', '/nodes/7d3e/mtg-update', names)?.id, 'nodes.engineUpdate.get');
    assert.equal(findRoute('POST', '/settings/telegram/test', names)?.id, 'settings.messengerTest');
    assert.equal(findRoute('GET', '/keys?page=2', names)?.id, 'keys.list');
    assert.equal(requiredScope('GET', '/keys/abc/qr', names), 'users:write');
    assert.equal(requiredScope('GET', '/nodes/abc/jobs', names), 'nodes:write');
    assert.equal(requiredScope('GET', '/tokens', names), undefined);
    assert.equal(requiredScope('DELETE', '/alerts/1', names), undefined);
  });

  it('refuses an identifier that is not in the catalog', () => {
    assert.throws(() => routeById('tokens.create' as RouteId), /not in the catalog/);
  });
});
