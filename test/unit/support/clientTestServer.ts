/**
 * A tiny loopback HTTP server for client tests that need no simulated panel: it records every request
 * (method, URL, raw headers, body) and answers with a handler. Used for the route-coverage check, the
 * cross-origin redirect target and the proxy.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCall {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  /** Header names and values as sent, in order, to count duplicates. */
  rawHeaders: string[];
  body: Buffer;
}

export interface TestServer {
  readonly url: string;
  readonly server: Server;
  readonly calls: RecordedCall[];
  close(): Promise<void>;
}

export type TestHandler = (call: RecordedCall, res: ServerResponse) => void;

/** Answers `{}` as JSON unless the handler says otherwise. */
export async function startTestServer(handler?: TestHandler): Promise<TestServer> {
  const calls: RecordedCall[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const call: RecordedCall = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body: Buffer.concat(chunks),
      };
      calls.push(call);
      if (handler) return handler(call, res);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
