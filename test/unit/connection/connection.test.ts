// What the connect flow checks before saving, and what the extension believes a token may do.
import * as assert from 'node:assert/strict';
import { PRESETS } from '../../../src/api/catalog';
import { parsePanelRecords } from '../../../src/connection/panelRecords';
import { ScopeBelief } from '../../../src/connection/scopeBelief';
import { verificationRoute } from '../../../src/connection/verificationRoute';

describe('connection check: which read verifies a token', () => {
  it('uses GET /nodes for a token with nodes:read', () => {
    assert.deepEqual(verificationRoute(PRESETS.readOnly), { routeId: 'nodes.list', path: '/nodes', scope: 'nodes:read', refusalExpected: false });
  });

  it("uses another read scope's list when nodes:read is missing", () => {
    assert.equal(verificationRoute(['users:read', 'users:write']).path, '/keys');
    assert.deepEqual(verificationRoute(['users:read']).query, { page: '1', per_page: '1' });
    assert.equal(verificationRoute(['monitoring:read', 'users:read']).path, '/alerts');
    assert.equal(verificationRoute(['audit:read']).path, '/audit');
  });

  it('with only write scopes, reads GET /nodes and takes a 403 as proof the token is valid', () => {
    assert.deepEqual(verificationRoute(['users:write']), { routeId: 'nodes.list', path: '/nodes', scope: 'nodes:read', refusalExpected: true });
  });
});

describe('scope belief', () => {
  it('allows routes of the granted scopes only', () => {
    const belief = new ScopeBelief(PRESETS.readOnly);
    assert.equal(belief.can('keys.list'), true);
    assert.equal(belief.can('keys.disable'), false);
    assert.equal(belief.can('nodes.jobs'), false, 'job history needs nodes:write even though it is a GET');
  });

  it('a 403 removes a scope until the denials are forgotten', () => {
    const belief = new ScopeBelief(PRESETS.fullRights);
    assert.equal(belief.deny('users:write'), true);
    assert.equal(belief.deny('users:write'), false);
    assert.equal(belief.can('keys.create'), false);
    assert.equal(belief.wasDenied('users:write'), true);
    assert.equal(belief.forgetDenials(), true);
    assert.equal(belief.can('keys.create'), true);
  });

  it('ignores unknown scope names', () => {
    assert.deepEqual(new ScopeBelief(['nodes:read', 'root:all' as never]).scopes(), ['nodes:read']);
  });
});

describe('stored panel records', () => {
  it('reads what global state holds defensively', () => {
    const records = parsePanelRecords([
      { url: 'https://a.example', name: 'A', preset: 'readOnly', scopes: ['nodes:read', 'bogus'] },
      { url: 'https://a.example', name: 'duplicate' },
      { name: 'no url' },
      'junk',
      { url: 'https://b.example', name: '  ', scopes: 'nodes:read' },
    ]);
    assert.deepEqual(records, [
      { url: 'https://a.example', name: 'A', preset: 'readOnly', scopes: ['nodes:read'] },
      { url: 'https://b.example', name: 'https://b.example', preset: 'custom', scopes: [] },
    ]);
    assert.deepEqual(parsePanelRecords(undefined), []);
  });

  it('keeps each panel\'s engine and messenger names when they may stand in a route path', () => {
    const records = parsePanelRecords([
      { url: 'https://a.example', name: 'A', engineName: 'xray', messengerName: 'signal' },
      { url: 'https://b.example', name: 'B', engineName: '../admin', messengerName: 'a/b' },
    ]);
    assert.deepEqual(records.map((record) => [record.engineName, record.messengerName]), [['xray', 'signal'], [undefined, undefined]]);
  });
});
