/**
 * A `fetch` for panels that want a client certificate (mutual TLS), sent through Node's `https` module.
 *
 * Why not the platform's `fetch`: inside VS Code it is the extension host's patched `fetch`, which builds
 * its own connection pool from the one it is given and copies only the trusted CAs from it (`connect.ca`;
 * @vscode/proxy-agent's `getAgentOptions`, in 1.100 and in the current release alike): a certificate and
 * key given to an undici pool are dropped there, and the gateway refuses the handshake. undici's own
 * `fetch` keeps them but bypasses VS Code's proxy settings. Node's `https.request` is patched by the
 * extension host too (the same resolution: `http.proxy`, PAC and system proxy, `http.noProxy`, proxy
 * login, the OS certificate store) and passes the request's TLS options, the certificate included, to the
 * handshake with the panel, also inside a proxy's CONNECT tunnel. Outside VS Code it connects directly.
 *
 * Only what the transport uses is implemented: method, headers, a Buffer or FormData body, the signal,
 * manual redirects; the answer is a standard `Response` whose body streams. Timeouts follow undici's
 * (connect, headers, the longest silence in the body) and fail with undici's codes, so that the failure
 * classifier reads them alike.
 */
import { Agent, request, type RequestOptions } from 'node:https';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import { tlsOptionsOf, type ClientCertificate } from './accessGateway';
import { isClientCertificateAlert } from './failureClassifier';

export interface ClientCertificateRoute {
  readonly fetch: typeof fetch;
  /** Ends the kept-alive connections of this route. */
  close(): Promise<void>;
}

export interface ClientCertificateRouteOptions {
  readonly certificate: ClientCertificate;
  /** Trust anchors replacing the platform's (a private CA list, or the one certificate trusted for the panel). */
  readonly ca?: readonly string[];
  readonly timeouts: { readonly connectMs: number; readonly headersMs: number; readonly bodyMs: number };
}

/** Statuses whose answers have no body (fetch's Response refuses one). */
const NULL_BODY = new Set([101, 204, 205, 304]);

export function clientCertificateRoute(options: ClientCertificateRouteOptions): ClientCertificateRoute {
  // Kept-alive connections where the request is sent with this agent (outside VS Code, and for a loopback
  // panel inside it); VS Code's patch uses its own agents otherwise, still with the TLS options below.
  const agent = new Agent({ keepAlive: true });
  const tls: Pick<RequestOptions, 'cert' | 'key' | 'pfx' | 'passphrase' | 'ca'> = {
    ...tlsOptionsOf(options.certificate),
    ...(options.ca ? { ca: [...options.ca] } : {}),
  };
  const send = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      headers[name] = value;
    });
    let body: Buffer | undefined;
    if (init.body instanceof FormData) {
      // The platform's multipart encoding and boundary, as its fetch would send them.
      const encoded = new Response(init.body);
      headers['content-type'] = encoded.headers.get('content-type') ?? 'multipart/form-data';
      body = Buffer.from(await encoded.arrayBuffer());
    } else if (init.body !== undefined && init.body !== null) {
      body = Buffer.from(init.body as Uint8Array);
    }
    if (body) headers['content-length'] = String(body.byteLength);
    init.signal?.throwIfAborted();
    return exchange(url, { method: init.method ?? 'GET', headers, agent, ...tls }, body, init.signal ?? undefined, options.timeouts);
  };
  return {
    fetch: send as typeof fetch,
    close: () => {
      agent.destroy();
      return Promise.resolve();
    },
  };
}

function exchange(
  url: URL,
  requestOptions: RequestOptions,
  body: Buffer | undefined,
  signal: AbortSignal | undefined,
  timeouts: ClientCertificateRouteOptions['timeouts'],
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const arm = (ms: number, code: string, what: string) => {
      clearTimeout(timer);
      if (ms > 0) timer = setTimeout(() => req.destroy(codedError(code, `${what} timeout (${ms} ms)`)), ms);
    };
    const req = request(url, { ...requestOptions, signal });
    arm(timeouts.connectMs, 'UND_ERR_CONNECT_TIMEOUT', 'Connect');
    req.once('socket', (socket: Socket) => {
      const connected = () => arm(timeouts.headersMs, 'UND_ERR_HEADERS_TIMEOUT', 'Headers');
      // A kept-alive socket is connected already; a new one (or a proxy's tunnel) connects first.
      if (socket.connecting) socket.once('connect', connected);
      else connected();
    });
    req.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.once('response', (response: IncomingMessage) => {
      clearTimeout(timer);
      resolve(responseOf(response, timeouts.bodyMs));
    });
    req.end(body);
  });
}

function responseOf(response: IncomingMessage, bodyMs: number): Response {
  const headers = new Headers();
  const raw = response.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i], raw[i + 1]);
    } catch {
      // A header fetch cannot hold (an invalid name or value from the server) is left out.
    }
  }
  const status = response.statusCode ?? 502;
  if (NULL_BODY.has(status)) {
    response.resume();
    return new Response(null, { status, statusText: response.statusMessage, headers });
  }
  if (bodyMs > 0) {
    // The longest silence while the body arrives, re-armed by every chunk.
    let timer: NodeJS.Timeout | undefined;
    const rearm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => response.destroy(codedError('UND_ERR_BODY_TIMEOUT', `Body timeout (${bodyMs} ms)`)), bodyMs);
    };
    rearm();
    response.on('data', rearm);
    response.once('close', () => clearTimeout(timer));
  }
  const stream = Readable.toWeb(response) as unknown as ReadableStream<Uint8Array>;
  return new Response(stream, { status: status >= 200 && status <= 599 ? status : 502, statusText: response.statusMessage, headers });
}

function codedError(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * Whether the panel's origin wants a client certificate (the TLS alert's code and words), or undefined: a TLS handshake without one, through the same
 * route as the certificate's requests (Node's `https`, VS Code's proxy), and one `HEAD /` without any
 * credential. undici reports the server's refusal only as a closed socket; Node names the TLS alert. The
 * server is not verified here (nothing secret is sent), so a self-signed panel is probed too.
 */
export function wantsClientCertificate(origin: string, timeoutMs = 10_000): Promise<string | undefined> {
  return new Promise((resolve) => {
    const req = request(new URL('/', origin), { method: 'HEAD', agent: false, rejectUnauthorized: false, timeout: timeoutMs });
    req.once('timeout', () => req.destroy());
    req.once('error', (error) => resolve(isClientCertificateAlert(error) ? `${(error as { code?: string }).code ?? 'error'}: ${error.message}` : undefined));
    req.once('response', (response: IncomingMessage) => {
      response.resume();
      resolve(undefined);
    });
    req.end();
  });
}
