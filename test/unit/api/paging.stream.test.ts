// Streamed "list all" (keys.allPages, used by Export Users): pages handed over in order as soon as they and
// those before them are read, a bounded read-ahead, and cancellation when the caller stops iterating.
import * as assert from 'node:assert/strict';
import { streamAllPages, type PageReader, type PageReadOptions } from '../../../src/api/paging';

interface Page {
  items: number[];
  total: number;
  per_page: number;
}

const reader: PageReader<Page, number> = { itemsOf: (p) => p.items, totalOf: (p) => p.total, perPageOf: (p) => p.per_page };
const turn = () => new Promise((resolve) => setImmediate(resolve));

/** A panel of `pages` pages of one item whose answers (after page 1) wait until the test releases them. */
function heldPanel(pages: number) {
  const requested: number[] = [];
  const aborted: number[] = [];
  const held = new Map<number, () => void>();
  const read = (page: number, _perPage: number, opts: PageReadOptions): Promise<Page> => {
    requested.push(page);
    const answer = { items: [page], total: pages, per_page: 1 };
    if (page === 1) return Promise.resolve(answer);
    return new Promise((resolve, reject) => {
      held.set(page, () => resolve(answer));
      opts.signal?.addEventListener('abort', () => (aborted.push(page), reject(new Error('aborted'))), { once: true });
    });
  };
  const release = (...released: number[]) => released.forEach((page) => held.get(page)?.());
  return { read, requested, aborted, release };
}

describe('list all, streamed', () => {
  it('sends the next pages before handing over page 1, and hands each page over only once those before it are read', async () => {
    const panel = heldPanel(10);
    const pages = streamAllPages(panel.read, { ...reader, perPage: 1, maxConcurrency: 4, retryDelay: () => 1 });

    assert.deepEqual((await pages.next()).value?.items, [1]);
    assert.deepEqual(panel.requested, [1, 2, 3, 4, 5], 'four pages on their way while the caller has page 1');

    const second = pages.next();
    let handedOver = false;
    void second.then(() => (handedOver = true));
    panel.release(3);
    await turn();
    assert.equal(handedOver, false, 'page 3 waits for page 2');
    panel.release(2);
    assert.deepEqual((await second).value?.items, [2]);
    assert.deepEqual((await pages.next()).value?.items, [3]);

    const rest: number[] = [];
    const releaseAll = setInterval(() => panel.release(...Array.from({ length: 10 }, (_, i) => i + 1)), 1);
    for await (const page of pages) rest.push(...page.items);
    clearInterval(releaseAll);
    assert.deepEqual(rest, [4, 5, 6, 7, 8, 9, 10]);
  });

  it('reads at most twice the cap ahead of the page it waits for', async () => {
    const panel = heldPanel(40);
    const pages = streamAllPages(panel.read, { ...reader, perPage: 1, maxConcurrency: 2, retryDelay: () => 1 });
    await pages.next(); // page 1
    const waiting = pages.next(); // page 2, held
    for (let i = 0; i < 20; i++) {
      panel.release(...panel.requested.filter((page) => page !== 2));
      await turn();
    }
    assert.equal(Math.max(...panel.requested), 5, 'pages 3 to 5 read while page 2 is late, nothing beyond');
    panel.release(2);
    assert.deepEqual((await waiting).value?.items, [2]);
    await pages.return(undefined);
  });

  it('cancels the pages in flight and sends nothing more when the caller stops iterating', async () => {
    const panel = heldPanel(100);
    for await (const page of streamAllPages(panel.read, { ...reader, perPage: 1, maxConcurrency: 4, retryDelay: () => 1 })) {
      assert.deepEqual(page.items, [1]);
      break;
    }
    assert.deepEqual(panel.aborted.sort((a, b) => a - b), [2, 3, 4, 5]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    assert.deepEqual(panel.requested, [1, 2, 3, 4, 5]);
  });
});
