/**
 * An access gateway in front of the simulated panel, as operators put one before a real panel: Cloudflare
 * Access with a service token (CF-Access-Client-Id / CF-Access-Client-Secret), or a reverse proxy that wants
 * an X-Api-Key. A request without every header it wants is refused with 403 and the gateway's own page
 * (never the API's error object) and never reaches the panel; mutual TLS is the HTTPS server's part
 * (index.ts, `clientCertificate`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { headersOf } from './requestPipeline';
import type { GatewayOptions, RecordedRequest } from './types';

/** Cloudflare's page for a request Access refused, shortened. */
const REFUSAL_PAGE = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Forbidden · Access</title></head>
<body><h1>Forbidden</h1><p>You don't have permission to view this application. Ray ID: 8f1d2c3b4a596877</p></body></html>
`;

export function gatewayListener(
  options: GatewayOptions,
  refusals: RecordedRequest[],
  panel: (req: IncomingMessage, res: ServerResponse) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  const wanted = Object.entries(options.headers).map(([name, value]) => [name.toLowerCase(), value] as const);
  return (req, res) => {
    const headers = headersOf(req.rawHeaders);
    if (wanted.every(([name, value]) => headers[name] === value)) {
      panel(req, res);
      return;
    }
    const url = new URL(req.url ?? '/', 'http://gateway.invalid');
    refusals.push({ method: (req.method ?? 'GET').toUpperCase(), path: url.pathname, query: Object.fromEntries(url.searchParams), headers, receivedAt: Date.now(), status: 403 });
    req.resume();
    if (options.refusal === 'json') {
      res.writeHead(403, { 'content-type': 'application/json' }).end('{"message":"Forbidden","reason":"missing or invalid service token"}');
    } else {
      res.writeHead(403, { 'content-type': 'text/html; charset=utf-8', server: 'cloudflare' }).end(REFUSAL_PAGE);
    }
  };
}
