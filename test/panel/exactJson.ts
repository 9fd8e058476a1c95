/**
 * The simulator's JSON text, exact for int64 values (alert ids beyond 2^53) in both directions, written
 * independently of the client's own code (src/api/exactJson.ts) so that a client bug cannot hide behind it:
 * lossless-json reads unsafe integers as bigint; answers holding a bigint are written with its digits.
 */
import { isInteger, parse, stringify } from 'lossless-json';

/** JSON.parse with integers beyond Number.MAX_SAFE_INTEGER read as bigint (a repeated member: the last wins). */
export function parseExact(text: string): unknown {
  return parse(text, null, {
    parseNumber: (digits) => (isInteger(digits) && !Number.isSafeInteger(Number(digits)) ? BigInt(digits) : Number(digits)),
    onDuplicateKey: ({ newValue }) => newValue,
  });
}

/** JSON text of an answer; bigints are written as their exact digits. */
export function stringifyExact(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    // JSON.stringify refuses bigints; only answers that hold one (alerts) take the slower writer.
    if (!(error instanceof TypeError)) throw error;
    return stringify(value) ?? 'null';
  }
}
