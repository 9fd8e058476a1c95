import * as assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { startPanel, type SimulatedPanel } from '../../panel';
import { rawRequest } from '../../panel/rawRequest';

describe('simulated panel: HTTPS with a generated CA', () => {
  let panel: SimulatedPanel;

  before(async () => {
    panel = await startPanel({ dataset: 'empty', https: true });
  });
  after(() => panel.close());

  it('serves https on 127.0.0.1 and exposes the CA that signed its certificate', () => {
    assert.match(panel.url, /^https:\/\/127\.0\.0\.1:\d+$/);
    const ca = new X509Certificate(panel.ca!);
    assert.ok(ca.ca);
  });

  it('is trusted with the CA and names 127.0.0.1 and localhost', async () => {
    const res = await rawRequest(panel.url, { path: '/api/v1/settings', token: panel.tokens.owner, ca: panel.ca });
    assert.equal(res.status, 200);
    const localhost = panel.url.replace('127.0.0.1', 'localhost');
    assert.equal((await rawRequest(localhost, { path: '/api/v1/nodes', token: panel.tokens.owner, ca: panel.ca })).json().total, 0);
  });

  it('is refused without the CA', async () => {
    await assert.rejects(rawRequest(panel.url, { path: '/api/v1/settings', token: panel.tokens.owner }), (error: NodeJS.ErrnoException) =>
      /SELF_SIGNED|UNABLE_TO_VERIFY|unable to get local issuer/i.test(`${error.code} ${error.message}`),
    );
  });
});
