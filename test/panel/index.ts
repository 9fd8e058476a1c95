/**
 * The simulated Panel Management API: a real HTTP(S) server on 127.0.0.1 following
 * ../shared/spec/panel-management-api.md, for tests and the demo. Invented shapes: SHAPES.md.
 */
import * as http from 'node:http';
import * as https from 'node:https';
import type { Socket } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { PRESETS, SCOPES } from '../../src/api/catalog';
import { gatewayListener } from './accessGateway';
import { generateCertificates, generateClientCertificates } from './certificates';
import { buildDataset } from './datasets';
import { FaultQueue } from './faultQueue';
import { handlersFor } from './handlers';
import { InFlightGate } from './inFlightGate';
import { PanelRuntime } from './panelRuntime';
import { createRequestListener } from './requestPipeline';
import { buildRouteTable } from './routeTable';
import { Router } from './router';
import { TokenAuthority } from './tokenAuthority';
import type { PanelOptions, PanelTokens, RecordedRequest, SimulatedPanel } from './types';

export type * from './types';
export { READING_ROUTES, READINGS, readingNamed, setDefaultReading, type Reading, type ReadingRoute } from './readings';
export { describeRandomReading, isRandomReading, randomSeed, UPSTREAM_OBJECT_SEED, wrapsUpstream } from './randomReading';

export async function startPanel(options: PanelOptions = {}): Promise<SimulatedPanel> {
  const names = { engine: options.engine ?? 'mtg', messenger: options.messenger ?? 'telegram' };
  const host = options.host ?? '127.0.0.1';
  const data = buildDataset(options.dataset ?? 'demo', Date.now(), names.messenger);
  const runtime = new PanelRuntime(data, names, options.jobStepMs ?? 1500, options.logStream, options.readings);
  const authority = new TokenAuthority(data, () => runtime.now());
  const routes = buildRouteTable(names);
  const handlers = handlersFor(routes);
  const faults = new FaultQueue();
  const requests: RecordedRequest[] = [];
  const tokenUrls: string[] = [];
  const gate = new InFlightGate(options.inFlightLimit);

  const tokens: PanelTokens = {
    owner: authority.issue('owner', { scopes: PRESETS.fullRights }).secret,
    admin: authority.issue('admin', { scopes: PRESETS.fullRights }).secret,
    viewer: authority.issue('viewer', { scopes: PRESETS.readOnly }).secret,
    readOnly: authority.issue('owner', { scopes: PRESETS.readOnly }).secret,
    expired: authority.issue('owner', { scopes: SCOPES, expiresAt: new Date(Date.now() - 86_400_000) }).secret,
    revoked: authority.issue('owner', { scopes: SCOPES, revoked: true }).secret,
  };

  // TLS sockets wrap the TCP socket the 'connection' event saw: the TCP one is found through `_parent`/`socket`.
  const connectionIds = new WeakMap<object, number>();
  const connectionOf = (req: http.IncomingMessage): number | undefined => {
    const socket = req.socket as Socket & { _parent?: Socket; _handle?: unknown };
    return connectionIds.get(socket) ?? (socket._parent ? connectionIds.get(socket._parent) : undefined);
  };
  const panelListener = createRequestListener({
    runtime, authority, router: new Router(routes), handlers, faults, requests, tokenUrls, gate, latencyMs: options.latencyMs ?? 0, connectionOf,
  });
  const gatewayRefusals: RecordedRequest[] = [];
  const gatewayed = options.gateway ? gatewayListener(options.gateway, gatewayRefusals, panelListener) : panelListener;
  const certificateOptions = options.https ? (options.https === true ? {} : options.https) : undefined;
  const certificates = certificateOptions ? await generateCertificates(certificateOptions) : undefined;
  if (options.clientCertificate && !certificates) throw new Error('the simulated panel wants a client certificate only over https');
  const clientCertificates = options.clientCertificate ? await generateClientCertificates() : undefined;
  const refusalPage = typeof options.clientCertificate === 'object' && options.clientCertificate.refusal === 'page';
  const listener = refusalPage ? nginxClientCertificateCheck(gatewayed) : gatewayed;
  let connections = 0;
  let refusedHandshakes = 0;
  const keepAlive = options.keepAlive;
  // `Connection: keep-alive` set by the handler keeps Node from adding its `Keep-Alive: timeout=` hint.
  const serve: http.RequestListener = keepAlive && !keepAlive.hint
    ? (request, response) => {
        response.setHeader('Connection', 'keep-alive');
        listener(request, response);
      }
    : listener;
  const server = certificates
    ? https.createServer({
      cert: certificates.cert,
      key: certificates.key,
      ...(clientCertificates ? { ca: clientCertificates.ca, requestCert: true, rejectUnauthorized: !refusalPage } : {}),
    }, serve)
    : http.createServer(serve);
  server.on('tlsClientError', () => refusedHandshakes++);
  if (keepAlive) server.keepAliveTimeout = keepAlive.idleSeconds * 1000;
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    connections++;
    connectionIds.set(socket, connections);
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the simulated panel has no TCP address');
  const url = `${certificates ? 'https' : 'http'}://${host}:${address.port}`;
  runtime.publicOrigin = url;

  let closing: Promise<void> | undefined;
  return {
    url,
    ca: certificates?.ca,
    replaceCertificate: async () => {
      if (!certificateOptions || !(server instanceof https.Server)) throw new Error('the simulated panel is not on HTTPS');
      const next = await generateCertificates(certificateOptions);
      server.setSecureContext({ cert: next.cert, key: next.key });
      for (const socket of sockets) socket.destroy(); // kept-alive connections would keep the old one
      return next.cert;
    },
    get connections() {
      return connections;
    },
    get openConnections() {
      return sockets.size;
    },
    tokens,
    data,
    get requests() {
      return requests;
    },
    tokenUrls,
    get load() {
      return gate.stats;
    },
    issueToken: (o) => authority.issue(o.role, { scopes: o.scopes, expiresAt: o.expiresAt, revoked: o.revoked }),
    revokeToken: (secret) => authority.revoke(secret),
    setRole: (account, role) => {
      const record = data.accounts.get(account);
      if (record) record.role = role;
    },
    inject: (fault) => faults.inject(fault),
    clearFaults: () => faults.clear(),
    resetRequests: () => {
      requests.length = 0;
      gate.reset();
    },
    logStreams: runtime.logStreams,
    readings: runtime.readings,
    gatewayRefusals,
    clientCertificates,
    get refusedHandshakes() {
      return refusedHandshakes;
    },
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        runtime.scheduler.stop();
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return closing;
    },
  };
}

/** nginx's `ssl_verify_client on`: the handshake completes, then a request without a valid certificate gets a 400 page. */
function nginxClientCertificateCheck(next: http.RequestListener): http.RequestListener {
  return (req, res) => {
    if ((req.socket as TLSSocket).authorized) {
      next(req, res);
      return;
    }
    req.resume();
    const reason = (req.socket as TLSSocket).getPeerCertificate()?.raw ? 'The SSL certificate error' : 'No required SSL certificate was sent';
    res.writeHead(400, { 'content-type': 'text/html', server: 'nginx' })
      .end(`<html>\r\n<head><title>400 ${reason}</title></head>\r\n<body>\r\n<center><h1>400 Bad Request</h1></center>\r\n<center>${reason}</center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`);
  };
}
