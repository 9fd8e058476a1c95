/** What each injected fault does to the wire (see SHAPES.md, "Faults"). */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Fault } from './types';

const HTML_ERROR_PAGE = (status: number) =>
  `<html>\r\n<head><title>${status} Bad Gateway</title></head>\r\n<body>\r\n<center><h1>${status} Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`;

/** Destroys the connection with a TCP reset where the platform allows it. */
function resetConnection(socket: Socket): void {
  if (typeof socket.resetAndDestroy === 'function' && !socket.destroyed) socket.resetAndDestroy();
  else socket.destroy();
}

/**
 * Answers a request in place of the panel for faults that replace the answer. Returns false for faults that
 * do not (latency, drop-after-apply and answer-after-apply, handled around the real handler).
 */
export function replaceAnswer(fault: Fault, req: IncomingMessage, res: ServerResponse): boolean {
  switch (fault.kind) {
    case 'reset':
      resetConnection(req.socket);
      return true;
    case 'status': {
      const codes: Record<number, string> = { 500: 'internal', 502: 'bad_gateway', 503: 'unavailable', 504: 'gateway_timeout' };
      sendJsonText(res, fault.status, JSON.stringify({ error: { code: codes[fault.status], message: `injected ${fault.status}` } }));
      return true;
    }
    case 'malformed-json':
      sendJsonText(res, 200, '{"items": [{"id": "3f2a", "label": "trunc');
      return true;
    case 'empty-body':
      res.writeHead(fault.status ?? 200, { 'Content-Type': 'application/json', 'Content-Length': '0' });
      res.end();
      return true;
    case 'html': {
      const status = fault.status ?? 502;
      const page = HTML_ERROR_PAGE(status);
      if (fault.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(fault.retryAfterSeconds));
      res.writeHead(status, { 'Content-Type': 'text/html', 'Content-Length': Buffer.byteLength(page).toString() });
      res.end(page);
      return true;
    }
    case 'rate-limit':
      res.setHeader('Retry-After', String(fault.retryAfterSeconds));
      sendJsonText(res, 429, JSON.stringify({ error: { code: 'rate_limited', message: 'too many requests' } }));
      return true;
    case 'redirect':
      res.writeHead(fault.status ?? 302, { Location: fault.location, 'Content-Length': '0' });
      res.end();
      return true;
    case 'latency':
    case 'drop-after-apply':
    case 'answer-after-apply':
      return false;
  }
}

function sendJsonText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text).toString() });
  res.end(text);
}
