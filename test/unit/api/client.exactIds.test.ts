// int64 ids beyond 2^53 from the panel's answer to the next request, exactly: the alerts model keeps the
// panel's id, and both resolve routes carry its digits (checked on the raw path and body the panel recorded).
import * as assert from 'node:assert/strict';
import { PanelHttpError, createPanelApi, parseJsonExact, stringifyJsonExact } from '../../../src/api';
import { parseAlerts } from '../../../src/state/alertsModel';
import { DEMO_ALERT_IDS } from '../../panel/datasets/demo';
import { usePanel } from '../support/clientPanelHooks';
import { startTestServer } from '../support/clientTestServer';

const BEYOND_2_53 = 9_007_199_254_740_993n;

describe('client: int64 alert ids beyond 2^53 survive exactly', () => {
  const fixture = usePanel({ dataset: 'demo' });
  const alertOnPanel = (id: bigint) => fixture.panel.data.alerts.find((alert) => alert.id === id);

  it('the demo panel sends an alert id above 2^53 and the alerts model keeps it as a bigint', async () => {
    assert.equal(DEMO_ALERT_IDS.nodeOffline, BEYOND_2_53);
    const { alerts } = parseAlerts(await fixture.client().alerts.list());
    const offline = alerts.find((alert) => alert.title === 'Node offline');
    assert.ok(offline);
    assert.equal(offline.id, BEYOND_2_53);
    assert.deepEqual(
      alerts.map((alert) => alert.id).sort((a, b) => (BigInt(a!) < BigInt(b!) ? -1 : 1)),
      Object.values(DEMO_ALERT_IDS).sort((a, b) => (a < b ? -1 : 1)),
      'every id as the panel holds it',
    );
  });

  it('POST /alerts/{id}/resolve carries the exact id in its path and resolves that alert, not its rounded neighbour', async () => {
    const api = fixture.client();
    const offline = parseAlerts(await api.alerts.list()).alerts.find((alert) => alert.id === BEYOND_2_53);
    assert.ok(offline?.id !== undefined);
    await api.alerts.resolve(offline.id);
    const sent = fixture.panel.requests.filter((request) => request.method === 'POST');
    assert.deepEqual(sent.map((request) => [request.path, request.status]), [['/api/v1/alerts/9007199254740993/resolve', 200]]);
    assert.equal(alertOnPanel(BEYOND_2_53)?.resolved, true);
    assert.equal(alertOnPanel(DEMO_ALERT_IDS.applyFailed)?.resolved, false, '2^53, what 2^53 + 1 rounds to, stays open');
  });

  it('POST /alerts/resolve writes the exact ids in its body: bigints, numbers and digit strings', async () => {
    const api = fixture.client();
    const open = parseAlerts(await api.alerts.list()).alerts.filter((alert) => !alert.resolved && alert.id !== undefined);
    const big = open.find((alert) => alert.id === DEMO_ALERT_IDS.nodeDegraded);
    assert.ok(big?.id !== undefined);
    const answer = await api.alerts.resolveMany([big.id, String(DEMO_ALERT_IDS.certificateRenews)]);
    const [request] = fixture.panel.requests.filter((r) => r.method === 'POST');
    assert.equal(request.path, '/api/v1/alerts/resolve');
    assert.equal(request.body, '{"ids":[9007199254740995,9223372036854775807]}');
    assert.equal(answer.resolved, 2);
    assert.deepEqual(answer.not_found, []);
    assert.equal(alertOnPanel(DEMO_ALERT_IDS.nodeDegraded)?.resolved, true);
    assert.equal(alertOnPanel(DEMO_ALERT_IDS.certificateRenews)?.resolved, true);
  });
});

describe('client: exact JSON text', () => {
  it('reads integers beyond the safe range as bigint and everything else as JSON.parse does', () => {
    assert.deepEqual(parseJsonExact('{"id":9007199254740993,"n":-9223372036854775808}'), { id: 9_007_199_254_740_993n, n: -9_223_372_036_854_775_808n });
    assert.equal(parseJsonExact('9007199254740993'), 9_007_199_254_740_993n);
    assert.deepEqual(parseJsonExact('[9007199254740991, 1000000000000000, 1.5, 1e300, "12345678901234567890"]'), [9_007_199_254_740_991, 1_000_000_000_000_000, 1.5, 1e300, '12345678901234567890']);
    // A long number anywhere sends the whole text to the exact parser; the rest must read the same.
    const mixed = '{"a":12345678901234567890,"b":{"c":[1,-2.5e-3,"x\\u00e9",null,true]},"b":"last wins","__proto__":{"d":1}}';
    const exact = parseJsonExact(mixed) as Record<string, unknown>;
    const plain = JSON.parse(mixed.replace('12345678901234567890', '0')) as Record<string, unknown>;
    assert.equal(exact.a, 12_345_678_901_234_567_890n);
    assert.deepEqual({ ...exact, a: 0 }, { ...plain, a: 0 });
    assert.throws(() => parseJsonExact('{"id": 90071992547409931'), SyntaxError);
  });

  it('writes bigints as their digits and refuses what JSON cannot represent', () => {
    assert.equal(stringifyJsonExact({ ids: [9_007_199_254_740_993n, 1], at: new Date(0), skip: undefined }), '{"ids":[9007199254740993,1],"at":"1970-01-01T00:00:00.000Z"}');
    const cycle: Record<string, unknown> = { name: 'x' };
    cycle.self = cycle;
    const shared = { a: 1 };
    assert.equal(stringifyJsonExact([shared, shared]), '[{"a":1},{"a":1}]', 'a value used twice is no cycle');
    for (const [value, problem] of [
      [{ limits: { max: NaN } }, /limits\.max is NaN/],
      [{ n: -Infinity }, /n is -Infinity/],
      [cycle, /self refers back to itself/],
      [{ f: () => 1 }, /f is a function/],
      [{ ids: [1, undefined] }, /ids\[1\] is undefined/],
      [{ m: new Map() }, /m is a Map/],
      [JSON.parse(`${'['.repeat(20_000)}${']'.repeat(20_000)}`), /nested too deeply/],
    ] as const) {
      assert.throws(() => stringifyJsonExact(value), problem);
    }
  });

  it('keeps reading the error envelope when its fields hold a big integer', async () => {
    const server = await startTestServer((_, res) => {
      res.writeHead(422, { 'content-type': 'application/json' }).end('{"error":{"code":"validation","message":"invalid input","fields":{"ids":9007199254740993}}}');
    });
    const api = createPanelApi({ baseUrl: server.url, token: 'pmt_0123456789abcdef0123456789abcdef01234567' });
    try {
      const error = await api.alerts.resolveMany([BEYOND_2_53]).then(() => undefined, (caught: unknown) => caught);
      assert.ok(error instanceof PanelHttpError, String(error));
      assert.deepEqual([error.status, error.code, error.fields?.ids], [422, 'validation', '9007199254740993']);
      assert.equal(server.calls[0].body.toString('utf8'), '{"ids":[9007199254740993]}');
    } finally {
      await api.close();
      await server.close();
    }
  });
});
