/**
 * A TCP relay that puts a network between the client and the simulated panel: every byte waits half the
 * round trip each way, and a new connection waits one round trip before its first byte goes on (the TCP
 * handshake). So a request on a kept-alive connection costs one round trip, and one on a new HTTPS
 * connection three (TCP, TLS 1.3, the request). Counts the connections it was opened.
 */
import { createServer, connect, type AddressInfo, type Socket } from 'node:net';

export interface LatencyProxy {
  /** host:port to use instead of the panel's. */
  readonly host: string;
  readonly connections: number;
  close(): Promise<void>;
}

export async function startLatencyProxy(upstreamPort: number, roundTripMs: number, listenHost = '127.0.0.1'): Promise<LatencyProxy> {
  let connections = 0;
  const sockets = new Set<Socket>();
  const relay = (from: Socket, to: Socket, delayMs: number) => {
    // Timers of the same delay fire in the order they were set, so the bytes keep their order.
    from.on('data', (chunk) => setTimeout(() => to.destroyed || to.write(chunk), delayMs));
    from.on('end', () => setTimeout(() => to.destroyed || to.end(), delayMs));
    from.on('error', () => to.destroy());
    from.on('close', () => setTimeout(() => to.destroy(), delayMs));
  };
  const server = createServer((client) => {
    connections++;
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.pause();
    setTimeout(() => {
      const upstream = connect(upstreamPort, '127.0.0.1', () => {
        relay(client, upstream, roundTripMs / 2);
        relay(upstream, client, roundTripMs / 2);
        client.resume();
      });
      sockets.add(upstream);
      upstream.on('close', () => sockets.delete(upstream));
      upstream.on('error', () => client.destroy());
    }, roundTripMs);
  });
  await new Promise<void>((resolve) => server.listen(0, listenHost, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: `${listenHost}:${port}`,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
