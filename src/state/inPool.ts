/**
 * A small worker pool (no `vscode` import, so unit tests cover it in plain Node): runs `work` on every
 * item with at most `size` at a time and resolves with the results in the items' order. A failure
 * rejects the pool; the other workers still go through the remaining items.
 */
export async function inPool<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return results;
}
