import { jsonText } from '../text/jsonText';

/** Pretty JSON for a read-only tab (bigints written as their digits); '' for no value. No `vscode` import. */
export function prettyJson(value: unknown): string {
  return jsonText(value, 2);
}
