import { randomBytes } from 'node:crypto';

/** A fresh CSP nonce: 128 random bits, base64 (letters, digits, `+`, `/`, `=`: safe in the policy and the attribute). */
export function newNonce(): string {
  return randomBytes(16).toString('base64');
}
