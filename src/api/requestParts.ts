/** Headers and body of one request: exactly one Authorization header, no cookies, the right Accept. */
import type { GatewayHeader } from './accessGateway';
import type { CallBody, UploadFile } from './call';
import { stringifyJsonExact } from './exactJson';

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
 * with bigints as their digits; a value JSON cannot represent throws UnsendableJsonError. An upload is a
 * FormData: fetch writes its multipart/form-data encoding, boundary and Content-Type header (the token
 * stays in the Authorization header only; nothing of it goes into the body). An access gateway's headers
 * come first; their names never clash with the client's own (accessGateway.ts refuses those names).
 */
export interface RequestParts {
  headers: Record<string, string>;
  body?: Buffer | FormData;
}

export function requestParts(
  token: string,
  accept: ResponseKind,
  body: CallBody | undefined,
  gatewayHeaders: readonly GatewayHeader[] = [],
): RequestParts {
  const headers: Record<string, string> = {
    ...Object.fromEntries(gatewayHeaders.map((header) => [header.name.toLowerCase(), header.value])),
    authorization: `Bearer ${token}`,
    accept: acceptFor(accept),
    'user-agent': 'panel-ops-vscode',
  };
  if (!body) return { headers };
  if (body.kind === 'json') {
    headers['content-type'] = 'application/json';
    return { headers, body: Buffer.from(stringifyJsonExact(body.value), 'utf8') };
  }
  // The platform's FormData: the one its fetch encodes.
  const form = new FormData();
  form.append(body.field, uploadBlob(body.file), body.file.filename || 'upload');
  return { headers, body: form };
}

/**
 * The file as a platform Blob. Its type is the part's Content-Type; the Blob constructor empties a type
 * that is not printable ASCII, and undici then writes application/octet-stream, so a type can never add
 * a header line.
 */
function uploadBlob(file: UploadFile): Blob {
  return new Blob([file.bytes], { type: file.contentType || 'application/octet-stream' });
}
