import * as assert from 'node:assert/strict';
import { clampJobsLimit, clampPage, clampPerPage, listAllPages, type PageReader } from '../../../src/api/paging';

interface Page {
  items: number[];
  total?: number;
  per_page?: number;
}

describe('paging arithmetic', () => {
  it('clamps page, per_page and limit into the ranges of the contract', () => {
    assert.deepEqual([0, -3, 1, 2.7, NaN, undefined].map(clampPage), [1, 1, 1, 2, undefined, undefined]);
    assert.deepEqual([0, 1, 50, 200, 201, 10_000, -1].map(clampPerPage), [1, 1, 50, 200, 200, 200, 1]);
    assert.deepEqual([0, 1, 20, 100, 101, Infinity].map(clampJobsLimit), [1, 1, 20, 100, 100, undefined]);
  });

  it('reads pages 2..N after the first with at most `concurrency` in flight, in page order', async () => {
    const total = 1000;
    let inFlight = 0;
    let maxInFlight = 0;
    const requested: number[] = [];
    const read = async (page: number, perPage: number): Promise<Page> => {
      requested.push(page);
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2 + (page % 3)));
      inFlight--;
      const start = (page - 1) * perPage;
      const items = Array.from({ length: Math.max(0, Math.min(perPage, total - start)) }, (_, i) => start + i);
      return { items, total, per_page: perPage };
    };
    const reader: PageReader<Page, number> = { itemsOf: (p) => p.items, totalOf: () => total, perPageOf: (p) => p.per_page };
    const pages = await listAllPages(read, { ...reader, perPage: 30, maxConcurrency: 4, retryDelay: () => 1 });
    assert.equal(requested.length, Math.ceil(total / 30));
    assert.equal(maxInFlight, 4);
    assert.deepEqual(pages.flatMap((p) => p.items), Array.from({ length: total }, (_, i) => i));
  });

  it('stops at the first empty page even when total promised more', async () => {
    const read = async (page: number): Promise<Page> => ({ items: page <= 3 ? [page] : [], total: 50, per_page: 1 });
    const reader: PageReader<Page, number> = { itemsOf: (p) => p.items, totalOf: (p) => p.total, perPageOf: () => 1 };
    const pages = await listAllPages(read, { ...reader, perPage: 1, maxConcurrency: 2, retryDelay: () => 1 });
    assert.deepEqual(pages.flatMap((p) => p.items), [1, 2, 3]);
  });

  it('reads one page after another until an empty page when there is no total', async () => {
    const requested: number[] = [];
    const read = async (page: number): Promise<Page> => {
      requested.push(page);
      return { items: page <= 4 ? [page, page] : [] };
    };
    const reader: PageReader<Page, number> = { itemsOf: (p) => p.items, totalOf: () => undefined, perPageOf: () => undefined };
    const pages = await listAllPages(read, { ...reader, perPage: 2, maxConcurrency: 16, retryDelay: () => 1 });
    assert.deepEqual(requested, [1, 2, 3, 4, 5]);
    assert.equal(pages.length, 4);
  });

  it('stops scheduling pages after a failure and reports it', async () => {
    const requested: number[] = [];
    const read = async (page: number): Promise<Page> => {
      requested.push(page);
      if (page === 3) throw new Error('boom');
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { items: [page] };
    };
    const reader: PageReader<Page, number> = { itemsOf: (p) => p.items, totalOf: () => 100, perPageOf: () => 1 };
    await assert.rejects(listAllPages(read, { ...reader, perPage: 1, maxConcurrency: 2, retryDelay: () => 1 }), /boom/);
    await new Promise((resolve) => setTimeout(resolve, 30));
    assert.ok(requested.length < 10, `requested ${requested.length} pages`);
  });
});
