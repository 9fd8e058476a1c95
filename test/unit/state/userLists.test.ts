import * as assert from 'node:assert/strict';
import type { Key } from '../../../src/api/types';
import { userMatches, newerThan, queryKey } from '../../../src/state/userQueryMatch';
import { PagedList, type Page } from '../../../src/state/pagedList';

function key(id: string, fields: Partial<Key> = {}): Key {
  return { id, label: id, type: 'PERSONAL', state: 'active', status: 'active', created_at: '2026-01-01T00:00:00Z', ...fields };
}

describe('state: which list a key belongs to', () => {
  it('decides by state, status, type and node binding', () => {
    const alice = key('a', { state: 'disabled', type: 'SHARED', nodes: [{ node_id: 'n1' }] });
    assert.equal(userMatches(alice, { state: 'disabled' }), true);
    assert.equal(userMatches(alice, { state: 'active' }), false);
    assert.equal(userMatches(alice, { type: 'PERSONAL' }), false);
    assert.equal(userMatches(alice, { node: 'n1', state: 'disabled' }), true);
    assert.equal(userMatches(alice, { node: 'n2' }), false);
    assert.equal(userMatches(alice, { status: 'active' }), true);
  });

  it('leaves a text query to the panel (it may match fields the token cannot see)', () => {
    assert.equal(userMatches(key('a'), { q: 'slug' }), undefined);
    assert.equal(userMatches(key('a', { state: 'expired' }), { q: 'slug', state: 'active' }), false);
  });

  it('gives equal queries one list', () => {
    assert.equal(queryKey({ state: 'active', type: 'SHARED' }), queryKey({ type: 'SHARED', state: 'active', q: '' }));
    assert.notEqual(queryKey({ state: 'active' }), queryKey({ state: 'disabled' }));
  });

  it('orders newest first', () => {
    assert.equal(newerThan(key('a', { created_at: '2026-02-01T00:00:00Z' }), key('b')), true);
    assert.equal(newerThan(key('a'), key('b', { created_at: '2026-02-01T00:00:00Z' })), false);
  });
});

describe('state: a paged list edited in place', () => {
  const pages = (all: string[], perPage = 2) => {
    const asked: number[] = [];
    const fetch = async (page: number, size: number): Promise<Page<string>> => {
      asked.push(page);
      return { items: all.slice((page - 1) * size, page * size), total: all.length };
    };
    return { fetch, asked, perPage };
  };

  it('after a removal re-reads the last page so the item that moved up is not skipped', async () => {
    const panel = ['a', 'b', 'c', 'd', 'e'];
    const { fetch, asked } = pages(panel);
    const list = new PagedList<string>(2, (item) => item);
    await list.loadNext(fetch);
    assert.deepEqual(list.items, ['a', 'b']);
    panel.splice(1, 1); // b leaves the list on the panel
    list.remove('b');
    assert.equal(list.total, 5, 'the total stays the panel\'s last figure, not one lowered here');
    assert.equal(list.hasMore, true);
    await list.loadNext(fetch);
    assert.equal(list.total, 4, 'the next page brings the panel\'s new figure');
    await list.loadNext(fetch);
    assert.deepEqual(list.items, ['a', 'c', 'd', 'e'], 'every remaining item once, in order');
    assert.deepEqual(asked, [1, 1, 2]);
  });

  it('shows an added item among the loaded ones without raising the total, and replaces a newer copy', async () => {
    const { fetch } = pages(['b', 'd', 'f', 'h']);
    const list = new PagedList<string>(2, (item) => item[0]);
    await list.loadNext(fetch);
    list.add('c', (loaded) => loaded > 'c');
    assert.deepEqual(list.items, ['b', 'c', 'd']);
    assert.equal(list.total, 4, 'the total is the panel\'s figure: it changes when the panel says so');
    assert.equal(list.hasMore, true, 'the added item is not counted as one of the panel\'s pages read');
    list.takeTotal(5);
    assert.equal(list.total, 5);
    assert.equal(list.hasMore, true);
    list.add('z', (loaded) => loaded > 'z');
    assert.deepEqual(list.items, ['b', 'c', 'd'], 'an item after the loaded ones waits for Load more');
    assert.equal(list.replace('d2'), true);
    assert.deepEqual(list.items, ['b', 'c', 'd2']);
    assert.equal(list.has('c'), true);
  });
});
