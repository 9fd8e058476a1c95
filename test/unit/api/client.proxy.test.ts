import * as assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { usePanel } from '../support/clientPanelHooks';

interface ProxyServer {
  url: string;
  /** `host:port` of every CONNECT tunnel, and the absolute URL of every forwarded request. */
  seen: string[];
  close(): Promise<void>;
}

/** A minimal HTTP proxy: CONNECT tunnels (what undici's ProxyAgent uses) and nothing else. */
async function startProxy(): Promise<ProxyServer> {
  const seen: string[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req.url ?? '');
    res.writeHead(501).end();
  });
  server.on('connect', (req, client, head) => {
    seen.push(req.url ?? '');
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('client: proxy', () => {
  const fixture = usePanel({ dataset: 'demo' });
  let proxy: ProxyServer;
  beforeEach(async () => {
    proxy = await startProxy();
  });
  afterEach(() => proxy.close());

  it('goes through the proxy when one is configured', async () => {
    const nodes = await fixture.client({ proxy: proxy.url }).nodes.list();
    assert.equal(nodes.total, fixture.panel.data.nodes.size);
    assert.deepEqual(proxy.seen, [new URL(fixture.panel.url).host]);
    assert.equal(fixture.panel.requests.length, 1);
  });

  it('goes direct for hosts listed in noProxy', async () => {
    await fixture.client({ proxy: proxy.url, noProxy: 'example.com, 127.0.0.1' }).nodes.list();
    assert.deepEqual(proxy.seen, []);
    assert.equal(fixture.panel.requests.length, 1);
  });
});
