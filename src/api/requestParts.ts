/** Headers and body of one request: exactly one Authorization header, no cookies, the right Accept. */
import type { CallBody } from './call';
import { stringifyJsonExact } from './exactJson';
import { buildMultipart } from './multipart';

/** What the caller expects back, which decides the Accept header and how the answer is read. */
export type ResponseKind = 'json' | 'jsonOrEmpty' | 'bytes' | 'text' | 'stream';

function acceptFor(kind: ResponseKind): string {
  switch (kind) {
    case 'bytes':
      return 'image/png, */*;q=0.5';
    case 'text':
    case 'stream':
      return 'text/plain, */*;q=0.5';
    default:
      return 'application/json';
  }
}

/**
 * Headers and body of one request: exactly one Authorization header, no cookies. A JSON body is written
 * with bigints as their digits; a value JSON cannot represent throws UnsendableJsonError.
 */
export interface RequestParts {
  headers: Record<string, string>;
  body?: Buffer;
}

export function requestParts(token: string, accept: ResponseKind, body: CallBody | undefined): RequestParts {
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    accept: acceptFor(accept),
    'user-agent': 'panel-ops-vscode',
  };
  if (!body) return { headers };
  if (body.kind === 'json') {
    headers['content-type'] = 'application/json';
    return { headers, body: Buffer.from(stringifyJsonExact(body.value), 'utf8') };
  }
  const multipart = buildMultipart(body.field, body.file);
  headers['content-type'] = multipart.contentType;
  return { headers, body: multipart.body };
}

