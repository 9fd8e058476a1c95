/**
 * JSON text of values the panel sent, for documents, exports and one-line labels. The API client reads an
 * int64 beyond 2^53 as a bigint (spec 4.1), which plain JSON.stringify refuses ("Do not know how to
 * serialize a BigInt"); here it is written as its exact digits. No `vscode` import.
 */
import { stringifyJsonExact } from '../api/exactJson';

/**
 * The value as JSON, bigints as their digits, laid out with `indent` spaces as `JSON.stringify(value, null,
 * indent)` does (one line without it); undefined gives ''. What JSON cannot represent (NaN, a function, a
 * cycle), which no panel answer holds, throws UnsendableJsonError.
 */
export function jsonText(value: unknown, indent?: number): string {
  return value === undefined ? '' : stringifyJsonExact(value, indent);
}
