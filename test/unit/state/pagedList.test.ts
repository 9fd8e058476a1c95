import * as assert from 'node:assert/strict';
import { PagedList, type Page } from '../../../src/state/pagedList';

interface Item { id: string }

/** A fake list of `size` items served a page at a time; records the pages asked for. */
function server(size: number) {
  const asked: number[] = [];
  const fetch = async (page: number, perPage: number): Promise<Page<Item>> => {
    asked.push(page);
    const start = (page - 1) * perPage;
    const items = Array.from({ length: Math.max(0, Math.min(perPage, size - start)) }, (_, i) => ({ id: `k${start + i}` }));
    return { items, total: size };
  };
  return { asked, fetch };
}

describe('views: paged list', () => {
  it('loads one page at a time and appends until total is reached', async () => {
    const list = new PagedList<Item>(50, (item) => item.id);
    const panel = server(120);
    assert.equal(list.hasMore, true);
    await list.loadNext(panel.fetch);
    assert.equal(list.items.length, 50);
    assert.equal(list.total, 120);
    assert.equal(list.hasMore, true);
    await list.loadNext(panel.fetch);
    await list.loadNext(panel.fetch);
    assert.equal(list.items.length, 120);
    assert.equal(list.hasMore, false);
    await list.loadNext(panel.fetch);
    assert.deepEqual(panel.asked, [1, 2, 3], 'no request once everything is loaded');
  });

  it('shares one request between concurrent load-more clicks', async () => {
    const list = new PagedList<Item>(10, (item) => item.id);
    const panel = server(100);
    await Promise.all([list.loadNext(panel.fetch), list.loadNext(panel.fetch), list.loadNext(panel.fetch)]);
    assert.deepEqual(panel.asked, [1]);
    assert.equal(list.items.length, 10);
  });

  it('stops on an empty page even when total says more', async () => {
    const list = new PagedList<Item>(10, (item) => item.id);
    await list.loadNext(async () => ({ items: [{ id: 'a' }], total: 500 }));
    await list.loadNext(async () => ({ items: [], total: 500 }));
    assert.equal(list.hasMore, false);
    assert.equal(list.items.length, 1);
  });

  it('does not show an item twice when pages shift', async () => {
    const list = new PagedList<Item>(2, (item) => item.id);
    await list.loadNext(async () => ({ items: [{ id: 'a' }, { id: 'b' }], total: 4 }));
    await list.loadNext(async () => ({ items: [{ id: 'b' }, { id: 'c' }], total: 4 }));
    assert.deepEqual(list.items.map((i) => i.id), ['a', 'b', 'c']);
  });

  it('keeps a failure for the view to show and clears it on the next load', async () => {
    const list = new PagedList<Item>(10, (item) => item.id);
    await list.loadNext(async () => { throw new Error('HTTP 502'); });
    assert.match(String(list.error), /502/);
    assert.equal(list.started, false);
    await list.loadNext(server(3).fetch);
    assert.equal(list.error, undefined);
    assert.equal(list.items.length, 3);
  });

  it('reset cancels the load in flight and never appends its stale answer', async () => {
    const list = new PagedList<Item>(10, (item) => item.id);
    let seenSignal: AbortSignal | undefined;
    let answer!: (page: Page<Item>) => void;
    const pending = list.loadNext((_page, _perPage, signal) => {
      seenSignal = signal;
      return new Promise((resolve) => { answer = resolve; });
    });
    list.reset();
    assert.equal(seenSignal?.aborted, true);
    answer({ items: [{ id: 'stale' }], total: 1 });
    await pending;
    assert.equal(list.items.length, 0);
    assert.equal(list.started, false);
    await list.loadNext(server(2).fetch);
    assert.deepEqual(list.items.map((i) => i.id), ['k0', 'k1']);
  });
});
