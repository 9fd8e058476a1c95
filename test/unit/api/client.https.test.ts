import * as assert from 'node:assert/strict';
import { PanelNetworkError } from '../../../src/api';
import { usePanel } from '../support/clientPanelHooks';

describe('client: HTTPS with an extra CA certificate', () => {
  const fixture = usePanel({ dataset: 'demo', https: true });

  it('talks to a panel whose certificate is signed by the extra CA', async () => {
    assert.ok(fixture.panel.url.startsWith('https://127.0.0.1:'));
    assert.ok(fixture.panel.ca?.includes('BEGIN CERTIFICATE'));
    const nodes = await fixture.client({ caCertificates: [fixture.panel.ca!] }).nodes.list();
    assert.equal(nodes.total, fixture.panel.data.nodes.size);
  });

  it('fails clearly without the extra CA, and sends no request', async () => {
    const error = await fixture.client({ caCertificates: [] }).nodes.list().then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof PanelNetworkError, String(error));
    assert.match(error.message, /TLS certificate/);
    assert.match(error.message, /CA certificate/);
    assert.equal(error.certificateRejected, true);
    assert.equal(fixture.panel.requests.length, 0);
  });

});
