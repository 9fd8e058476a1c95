/**
 * An event source for stores, free of `vscode`: `event` has the shape of a `vscode.Event` (subscribe with a
 * listener, get back something to dispose), so views subscribe to a store as to any VS Code event, and a
 * store is tested in plain Node with no stand-in for `vscode`.
 */
export interface Subscription {
  dispose(): void;
}

/** Structurally a `vscode.Event<T>`. */
export type StoreEvent<T> = (listener: (value: T) => unknown, thisArgs?: unknown, disposables?: Subscription[]) => Subscription;

export class ChangeEmitter<T> {
  private listeners: ((value: T) => unknown)[] = [];

  readonly event: StoreEvent<T> = (listener, thisArgs, disposables) => {
    const bound = thisArgs === undefined ? listener : listener.bind(thisArgs);
    this.listeners.push(bound);
    const subscription = { dispose: () => { this.listeners = this.listeners.filter((candidate) => candidate !== bound); } };
    disposables?.push(subscription);
    return subscription;
  };

  /** Calls every listener; one that throws does not keep the others from hearing it. */
  fire(value: T): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(value);
      } catch (error) {
        console.error(error); // as VS Code's own emitter does: reported, not thrown at the store
      }
    }
  }

  dispose(): void {
    this.listeners = [];
  }
}

/**
 * What changed in a store, the one event every store fires (`onDidChange`): `all` (everything it held was
 * forgotten or read again: views start over), `list` (members added, removed or reordered, or a list
 * counted again: the list's container redraws; a store of several lists names the one, `list`), or `item`
 * (one item's fields: that item redraws). A read that changes nothing fires nothing.
 */
export type StoreChange<Id = string, List = never> =
  | { readonly kind: 'all' }
  | { readonly kind: 'list'; readonly list?: List }
  | { readonly kind: 'item'; readonly id: Id };

export const ALL_CHANGED: StoreChange<never> = { kind: 'all' };
export const LIST_CHANGED: StoreChange<never> = { kind: 'list' };
