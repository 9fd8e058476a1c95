/** Labels of a batch of users: `prefix-1` … `prefix-N`. No `vscode` import. */

/** The most users one `POST /keys/batch` creates. */
export const MAX_BATCH = 100;

export function batchLabels(prefix: string, count: number): string[] {
  const size = Math.max(0, Math.min(MAX_BATCH, Math.trunc(count)));
  return Array.from({ length: size }, (_unused, index) => `${prefix.trim()}-${index + 1}`);
}
