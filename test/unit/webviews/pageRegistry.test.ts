// One page per key: the open page of a key is reused (revealed by default), a closed page leaves the
// registry so the key opens a new one, and disposing the registry closes every page.
import * as assert from 'node:assert/strict';
import { PageRegistry } from '../../../src/webviews/shared/pageRegistry';

class FakePage {
  reveals = 0;
  disposed = false;
  private readonly listeners: (() => void)[] = [];
  readonly page = {
    panel: { reveal: () => void (this.reveals += 1) },
    onDidDispose: (listener: () => void) => {
      this.listeners.push(listener);
      return { dispose: () => undefined };
    },
  };

  constructor(readonly name: string) {}

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const listener of this.listeners) listener();
  }
}

describe('webviews: page registry', () => {
  it('reuses the open page of a key, revealing it, and opens one per key', () => {
    const registry = new PageRegistry<FakePage>();
    const a = registry.show('a', () => new FakePage('a'));
    assert.equal(registry.show('a', () => new FakePage('a again')), a);
    assert.equal(a.reveals, 1);
    const b = registry.show('b', () => new FakePage('b'), () => assert.fail('nothing to reuse yet'));
    let reused: FakePage | undefined;
    assert.equal(registry.show('b', () => new FakePage('b again'), (page) => (reused = page)), b);
    assert.equal(reused, b);
    assert.equal(b.reveals, 0, 'a reuse given replaces the reveal');
    assert.deepEqual(registry.pages.map((page) => page.name), ['a', 'b']);
  });

  it('forgets a closed page, and closes every page when disposed', () => {
    const registry = new PageRegistry<FakePage>();
    const a = registry.show('a', () => new FakePage('a'));
    a.dispose();
    assert.deepEqual(registry.pages, []);
    const again = registry.show('a', () => new FakePage('a again'));
    assert.notEqual(again, a);
    assert.deepEqual(registry.pages, [again]);
    const b = registry.show('b', () => new FakePage('b'));
    registry.dispose();
    assert.ok(again.disposed && b.disposed);
    assert.deepEqual(registry.pages, []);
  });
});
