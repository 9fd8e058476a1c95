/**
 * A minimal HTTP proxy for tests: CONNECT tunnels only, counted; `hosts` maps names only this proxy
 * knows (e.g. `panel.internal.test`) to the loopback address, as a company proxy resolves internal names.
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface CountingProxy {
  readonly url: string;
  /** `host:port` of every CONNECT tunnel. */
  readonly tunnels: string[];
  close(): Promise<void>;
}

export async function startCountingProxy(hosts: Readonly<Record<string, string>> = {}): Promise<CountingProxy> {
  const tunnels: string[] = [];
  // Tunnels are no longer the HTTP server's: closed by hand, or a client keeping one alive holds close() up.
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };
  const server: Server = createServer((_req, res) => res.writeHead(501).end());
  server.on('connect', (req, client: Socket, head) => {
    tunnels.push(req.url ?? '');
    track(client);
    const [host, port] = (req.url ?? '').split(':');
    const upstream = connect(Number(port), hosts[host] ?? host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    track(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tunnels,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
