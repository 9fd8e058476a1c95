// No `vscode` import: the session and the panel-bound sessions of the stores (state/panelStores.ts) use it.

/** Calls `listener` when `event` fires and `keyOf` says something else than the last time. */
export function whenChanged<D>(event: (listener: () => unknown) => D, keyOf: () => string, listener: () => void): D {
  let key = keyOf();
  return event(() => {
    const next = keyOf();
    if (next === key) return;
    key = next;
    listener();
  });
}
