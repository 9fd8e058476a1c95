// Calls that must never leave the machine: the token in a path or query value (spec 5.1), and a body JSON
// cannot represent. Each is a local error, and the simulated panel's request log stays empty.
import * as assert from 'node:assert/strict';
import { OutcomeUnknownError, PanelConfigError, PanelRequestBodyError } from '../../../src/api';
import { usePanel } from '../support/clientPanelHooks';

describe('client: refused before sending', () => {
  const fixture = usePanel({ dataset: 'demo' });
  const keyId = () => [...fixture.panel.data.keys.values()][0].id;

  async function refused(call: Promise<unknown>, kind: new (...args: never[]) => Error, message: RegExp): Promise<Error> {
    const error = await call.then(() => undefined, (caught: unknown) => caught);
    assert.ok(error instanceof kind, `expected ${kind.name}, got ${String(error)}`);
    assert.match(error.message, message);
    assert.deepEqual(fixture.panel.requests, [], 'nothing reached the panel');
    return error;
  }

  describe('the token in a URL', () => {
    const token = () => fixture.panel.tokens.owner;

    it('is refused in a query value, and the error and log lines do not repeat it', async () => {
      const error = await refused(fixture.client().keys.list({ q: `owner ${token()}` }), PanelConfigError, /the token must never be sent in a URL/);
      assert.ok(!error.message.includes(token()));
      assert.ok(fixture.logLines.every((line) => !line.includes(token())));
      assert.ok(fixture.logLines.some((line) => /GET \/keys refused/.test(line)));
    });

    it('is refused in a path parameter and in a query of call(), also when the token is read by a function', async () => {
      await refused(fixture.client().keys.get(token()), PanelConfigError, /must never be sent in a URL/);
      const api = fixture.client({ token: async () => token() });
      await refused(api.call('GET', '/audit', { query: { user: token() } }), PanelConfigError, /must never be sent in a URL/);
      await refused(api.alerts.resolve(token()), PanelConfigError, /must never be sent in a URL/);
    });

    it('lets the same calls through with other values', async () => {
      await fixture.client().keys.list({ q: 'pmt_' });
      assert.equal(fixture.panel.requests.length, 1);
    });
  });

  describe('a body JSON cannot represent', () => {
    it('is a local error naming the value, not a lost answer, and nothing is sent', async () => {
      const api = fixture.client();
      const cycle: Record<string, unknown> = {};
      cycle.again = cycle;
      for (const [changes, where] of [
        [{ limits: { max_devices: NaN } }, /limits\.max_devices is NaN/],
        [{ limits: { traffic_gb_month: Infinity } }, /limits\.traffic_gb_month is Infinity/],
        [{ limits: cycle }, /limits\.again refers back to itself/],
        [{ note: (() => 'x') as never }, /note is a function/],
      ] as const) {
        const error = await refused(api.keys.update(keyId(), changes as never), PanelRequestBodyError, where);
        assert.ok(!(error instanceof OutcomeUnknownError));
        assert.match(error.message, /PATCH \/keys\/\{id\}.*Nothing was sent/);
      }
      await refused(api.call('POST', '/keys/bulk', { body: { action: 'disable', ids: [keyId(), undefined as never] } }), PanelRequestBodyError, /ids\[1\] is undefined/);
      await refused(api.alerts.resolveMany([1, NaN]), PanelRequestBodyError, /ids\[1\] is NaN/);
    });

    it('a sendable body still goes out once', async () => {
      const key = await fixture.client().keys.update(keyId(), { note: 'sent', limits: { max_devices: 3 } });
      assert.equal(key.note, 'sent');
      assert.equal(fixture.panel.requests.length, 1);
    });
  });
});
