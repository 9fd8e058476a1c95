/** Pretty JSON for a read-only tab (bigints written as their digits). No `vscode` import. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value, (_name, member: unknown) => (typeof member === 'bigint' ? member.toString() : member), 2) ?? '';
}
