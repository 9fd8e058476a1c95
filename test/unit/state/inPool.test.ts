import * as assert from 'node:assert/strict';
import { inPool } from '../../../src/state/inPool';

describe('state: inPool', () => {
  it('runs every item with at most `size` at a time, results in the items\' order', async () => {
    let running = 0;
    let most = 0;
    const results = await inPool([5, 1, 4, 2, 3, 0], 2, async (delay) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, delay));
      running--;
      return delay * 10;
    });
    assert.deepEqual(results, [50, 10, 40, 20, 30, 0]);
    assert.equal(most, 2);
  });

  it('resolves at once for no items, and rejects with a worker\'s error', async () => {
    assert.deepEqual(await inPool([], 3, async () => 1), []);
    await assert.rejects(inPool([1, 2, 3], 2, async (item) => {
      if (item === 2) throw new Error('boom');
      return item;
    }), /boom/);
  });
});
