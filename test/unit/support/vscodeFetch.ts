/**
 * What the extension host of VS Code 1.104.3 and newer does to `fetch` when it sends a request without a
 * proxy (@vscode/proxy-agent's createFetchPatch and getAgent): the dispatcher the caller gives is replaced
 * by a pool of VS Code's own, one per dispatcher given, built with nothing of the caller's but its CA list,
 * so undici's defaults apply (an idle connection dropped after 4 s unless the answer says otherwise, and
 * headers and body timeouts of 300 s). Installed as the global `fetch` for a test, as the host installs it.
 */
import type * as Undici from 'undici';

export interface HostFetch {
  /** Pools VS Code built so far. */
  readonly pools: number;
  restore(): void;
}

export function installHostLikeFetch(): HostFetch {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the client's own undici, as the host has its own
  const undici = require('undici') as typeof Undici;
  const original = globalThis.fetch;
  const cache = new WeakMap<object, Undici.Agent>();
  let pools = 0;
  const agentFor = (dispatcher: object): Undici.Agent => {
    let agent = cache.get(dispatcher);
    if (!agent) {
      // VS Code reads the caller's options through undici's `options` symbol, and keeps only `ca`.
      const symbol = Object.getOwnPropertySymbols(dispatcher).find((s) => s.description === 'options');
      const options = symbol ? (dispatcher as Record<symbol, { connect?: { ca?: string[] } }>)[symbol] : undefined;
      agent = new undici.Agent({ connect: options?.connect?.ca ? { ca: options.connect.ca } : {} });
      cache.set(dispatcher, agent);
      pools++;
    }
    return agent;
  };
  globalThis.fetch = ((input: Parameters<typeof fetch>[0], init?: RequestInit & { dispatcher?: object }) =>
    original(input, { ...init, ...(init?.dispatcher ? { dispatcher: agentFor(init.dispatcher) } : {}) } as RequestInit)) as typeof fetch;
  return {
    get pools() {
      return pools;
    },
    restore: () => {
      globalThis.fetch = original;
    },
  };
}
