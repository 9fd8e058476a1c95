/**
 * Request bodies: JSON objects with the allowed fields of each route (unknown fields and malformed JSON are
 * 400, spec part 4), and multipart/form-data for branding uploads.
 */
import { ApiError, badRequest } from './apiError';
import { parseExact } from './exactJson';

export type JsonBody = Record<string, unknown>;

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

export class RequestBody {
  constructor(
    readonly raw: Buffer,
    readonly contentType: string | undefined,
  ) {}

  get isEmpty(): boolean {
    return this.raw.length === 0 || this.raw.toString('utf8').trim() === '';
  }

  /**
   * The body as a JSON object holding only `allowed` fields; an empty body is `{}` (required fields then fail
   * with 422). Integers beyond Number.MAX_SAFE_INTEGER are bigints (int64 alert ids arrive exactly).
   */
  json(allowed: readonly string[]): JsonBody {
    if (this.isEmpty) return {};
    const type = (this.contentType ?? '').split(';')[0].trim().toLowerCase();
    if (type !== 'application/json') {
      throw badRequest('unsupported_media_type', 'the body must be JSON (Content-Type: application/json)');
    }
    let value: unknown;
    try {
      value = parseExact(this.raw.toString('utf8'));
    } catch {
      throw badRequest('malformed_json', 'the body is not valid JSON');
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw badRequest('malformed_request', 'the body must be a JSON object');
    }
    const unknown = Object.keys(value).filter((field) => !allowed.includes(field));
    if (unknown.length > 0) {
      throw badRequest('unknown_field', `unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
    }
    return value as JsonBody;
  }

  /** The parts of a multipart/form-data body; 400 when the body is not multipart. */
  multipart(): MultipartPart[] {
    const boundary = /boundary="?([^";]+)"?/i.exec(this.contentType ?? '')?.[1];
    if (!/^multipart\/form-data/i.test(this.contentType ?? '') || !boundary) {
      throw badRequest('malformed_request', 'the body must be multipart/form-data');
    }
    const delimiter = Buffer.from(`--${boundary}`);
    const parts: MultipartPart[] = [];
    let start = this.raw.indexOf(delimiter);
    if (start < 0) throw badRequest('malformed_request', 'multipart body without a boundary');
    for (;;) {
      start += delimiter.length;
      if (this.raw.subarray(start, start + 2).toString() === '--') break;
      const next = this.raw.indexOf(delimiter, start);
      if (next < 0) throw badRequest('malformed_request', 'unterminated multipart body');
      parts.push(parsePart(this.raw.subarray(start + 2, next - 2)));
      start = next;
    }
    return parts;
  }
}

function parsePart(chunk: Buffer): MultipartPart {
  const headerEnd = chunk.indexOf('\r\n\r\n');
  if (headerEnd < 0) throw new ApiError(400, 'malformed_request', 'multipart part without headers');
  const headers = chunk.subarray(0, headerEnd).toString('utf8');
  const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
  return {
    name: /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? '',
    filename: /\bfilename="([^"]*)"/i.exec(disposition)?.[1],
    contentType: /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1]?.trim(),
    data: chunk.subarray(headerEnd + 4),
  };
}
