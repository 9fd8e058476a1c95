/**
 * Items grouped by their panel, in the order of the selection. In all-panels mode a selection may span
 * panels; each panel is acted on with its own request(s), never the first item's panel for all.
 */
export function byPanel<T extends { readonly panelId: string }>(items: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(item.panelId);
    if (group) group.push(item);
    else groups.set(item.panelId, [item]);
  }
  return groups;
}
