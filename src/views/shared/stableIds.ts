import { plainLabel } from '../../text/plainText';

/**
 * Tree item ids from the panel's own ids: made plain (at most 100 characters) under a prefix, and made
 * unique where the panel repeats one (`#2`, `#3`…), since VS Code refuses a view whose items repeat an id.
 * An item without an id gets its position.
 */
export function stableIds(prefix: string, rawIds: readonly unknown[]): string[] {
  const used = new Map<string, number>();
  return rawIds.map((raw, index) => {
    const plain = raw === undefined || raw === null ? `#${index}` : plainLabel(typeof raw === 'bigint' ? raw.toString() : raw, 100);
    const seen = (used.get(plain) ?? 0) + 1;
    used.set(plain, seen);
    return `${prefix}/${plain}${seen > 1 ? `#${seen}` : ''}`;
  });
}
