/** A multipart/form-data body with one binary part (branding asset uploads). */
import { randomUUID } from 'node:crypto';
import type { UploadFile } from './call';

export function buildMultipart(field: string, file: UploadFile): { contentType: string; body: Buffer } {
  const boundary = `----panel-ops-${randomUUID()}`;
  const filename = (file.filename || 'upload').replace(/["\\\r\n]/g, '_');
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
    `Content-Type: ${file.contentType || 'application/octet-stream'}\r\n\r\n`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([Buffer.from(head, 'utf8'), Buffer.from(file.bytes), Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8')]),
  };
}
