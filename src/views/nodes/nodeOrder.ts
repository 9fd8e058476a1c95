/**
 * The order after moving `moved` (in their current order) before `before`, or to the end when `before`
 * is undefined or itself moved.
 * No `vscode` import: unit-tested.
 */
export function placeBefore(order: readonly string[], moved: readonly string[], before: string | undefined): string[] {
  const movedSet = new Set(moved.filter((id) => order.includes(id)));
  const kept = order.filter((id) => !movedSet.has(id));
  const inOrder = order.filter((id) => movedSet.has(id));
  const at = before === undefined || movedSet.has(before) ? kept.length : kept.indexOf(before);
  const index = at < 0 ? kept.length : at;
  return [...kept.slice(0, index), ...inOrder, ...kept.slice(index)];
}

