/** Removes secrets from text before it reaches a log line or an error message. */

const REDACTED = '[redacted]';

/**
 * Replaces every occurrence of each secret, and anything following `Bearer `, with `[redacted]`.
 * Panel-supplied text (error messages, field errors) goes through this too: a hostile or careless panel
 * could echo the Authorization header back.
 */
export function redact(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const secret of secrets) {
    if (secret) out = out.split(secret).join(REDACTED);
  }
  return out.replace(/\b(Bearer)\s+(?!\[redacted\])[^\s"',;]+/gi, `$1 ${REDACTED}`);
}
