/**
 * A store's session in plain Node: calls go to the simulated panel through a real client, and the test
 * plays a change of panel. `holdNext` keeps the next call's answer back until released, and that answer
 * ignores the call's cancellation (as an answer already on its way would), so a test sees whether a store
 * lets a late answer land.
 */
import type { PanelApi } from '../../../src/api';
import type { PanelCall } from '../../../src/connection/panelSession';
import type { StoreSession } from '../../../src/state/storeSession';

export interface TestStoreSession extends StoreSession {
  /** Plays a change of panel, token state or scope belief. */
  changePanel(): void;
  /**
   * The next call reads the panel at once but answers only once the returned function is called, whether
   * or not it was cancelled meanwhile. `answered` settles once the panel has answered it.
   */
  holdNext(): { readonly answered: Promise<void>; release(): void };
  /** How many calls were made. */
  readonly calls: number;
}

export function storeSessionOver(api: PanelApi): TestStoreSession {
  const listeners = new Set<() => void>();
  let next: { gate: Promise<void>; answered: () => void } | undefined;
  let calls = 0;
  const run = async <T>(fn: PanelCall<T>, signal?: AbortSignal): Promise<T> => {
    calls += 1;
    const held = next;
    next = undefined;
    if (!held) return fn(api, signal ?? new AbortController().signal);
    const answer = await fn(api, new AbortController().signal);
    held.answered();
    await held.gate;
    return answer;
  };
  return {
    call: (fn, signal) => run(fn, signal),
    onDidChangePanel: (_routes, listener) => {
      listeners.add(listener);
      return { dispose: () => listeners.delete(listener) };
    },
    changePanel: () => { for (const listener of [...listeners]) listener(); },
    holdNext: () => {
      let release: () => void = () => undefined;
      let answered: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const answer = new Promise<void>((resolve) => (answered = resolve));
      next = { gate, answered };
      return { answered: answer, release };
    },
    get calls() {
      return calls;
    },
  };
}
