/** Plausible numbers derived from an identifier (FNV-1a), so derived statistics are stable between calls. */
export function stableInt(text: string, min: number, max: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return min + (hash % (max - min + 1));
}
