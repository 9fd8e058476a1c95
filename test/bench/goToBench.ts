// Go to User across three panels (the large data set: 20,000 users each) behind a network of `roundTripMs`:
// how long until the first panel's results show, and until all three have answered, for a search typed at
// once (the picker's first search does not wait) and for a word typed a key at a time (the debounce waits
// for the typing to pause; superseded searches are cancelled). The same PanelsSearch the command uses.
import { createPanelApi, type PanelApi } from '../../src/api';
import { PanelsSearch, SEARCH_DEBOUNCE_MS, USERS_PER_PANEL, type SearchPanel } from '../../src/state/panelsSearch';
import { startPanelCli, type PanelCliProcess } from '../demo/panel-cli-process';
import { startLatencyProxy, type LatencyProxy } from './latencyProxy';
import { summary, type Timing } from './timing';

const PANELS = 3;
/** Time between keystrokes when a word is typed a key at a time. */
const KEYSTROKE_MS = 80;

export interface GoToResult {
  latencyMs: number;
  panels: number;
  /** A search typed at once, on new connections: the first panel's results, and all panels'. */
  coldFirst: Timing;
  coldAll: Timing;
  /** The same on kept-alive connections (the picker opened again). */
  warmFirst: Timing;
  warmAll: Timing;
  /** "Alice" typed a key at a time: from the last keystroke to the first results (includes the debounce). */
  typedFirst: Timing;
  /** Requests sent per typed word (all panels), superseded ones included. */
  typedRequests: number;
}

/** Runs one search and resolves with the ms until the first panel answered and until all had. */
function searchOnce(search: PanelsSearch<unknown>, keystrokes: readonly string[]): Promise<{ first: number; all: number }> {
  return new Promise((resolve) => {
    let started = 0;
    let first: number | undefined;
    const last = keystrokes[keystrokes.length - 1];
    const stop = search.onDidChange((state) => {
      if (state.text !== last || started === 0) return;
      const found = state.answers.filter((answer) => answer.kind !== 'loading');
      if (found.length > 0 && first === undefined) first = performance.now() - started;
      if (!state.busy && found.length === state.answers.length && state.answers.length > 0) {
        stop();
        resolve({ first: first ?? 0, all: performance.now() - started });
      }
    });
    keystrokes.forEach((text, index) => setTimeout(() => {
      if (index === keystrokes.length - 1) started = performance.now();
      search.type(text);
    }, index * KEYSTROKE_MS));
  });
}

export async function goToBench(roundTripMs: number, runs: number): Promise<GoToResult> {
  const processes: PanelCliProcess[] = [];
  const proxies: LatencyProxy[] = [];
  let clients: PanelApi[] = [];
  let requests = 0;
  try {
    for (let i = 0; i < PANELS; i++) processes.push(await startPanelCli(['--dataset', 'large']));
    for (const panel of processes) proxies.push(await startLatencyProxy(Number(new URL(panel.url).port), roundTripMs));
    const newClients = () => processes.map((panel, i) => createPanelApi({ baseUrl: `http://${proxies[i].host}`, token: panel.ownerToken }));
    const panels: SearchPanel[] = processes.map((_, i) => ({ id: String(i), name: `panel ${i + 1}` }));
    const panelsSearch = (debounceMs: number) => new PanelsSearch<unknown>({
      panels: () => panels,
      debounceMs,
      read: async (panel, text, signal) => {
        requests++;
        return (await clients[Number(panel.id)].keys.list({ q: text || undefined, per_page: USERS_PER_PANEL }, { signal })).items;
      },
    });
    const cold: { first: number; all: number }[] = [];
    const warm: { first: number; all: number }[] = [];
    const typed: number[] = [];
    let typedRequests = 0;
    for (let run = 0; run < runs; run++) {
      await Promise.all(clients.map((api) => api.close()));
      clients = newClients();
      const opened = panelsSearch(SEARCH_DEBOUNCE_MS);
      cold.push(await searchOnce(opened, ['Alice']));
      opened.dispose();
      const again = panelsSearch(SEARCH_DEBOUNCE_MS);
      warm.push(await searchOnce(again, ['Bruno']));
      again.dispose();
      const typing = panelsSearch(SEARCH_DEBOUNCE_MS);
      await searchOnce(typing, ['']); // the picker opens: its first search
      requests = 0;
      typed.push((await searchOnce(typing, ['A', 'Al', 'Ali', 'Alic', 'Alice'])).first);
      typedRequests = requests;
      typing.dispose();
    }
    return {
      latencyMs: roundTripMs,
      panels: PANELS,
      coldFirst: summary(cold.map((sample) => sample.first)),
      coldAll: summary(cold.map((sample) => sample.all)),
      warmFirst: summary(warm.map((sample) => sample.first)),
      warmAll: summary(warm.map((sample) => sample.all)),
      typedFirst: summary(typed),
      typedRequests,
    };
  } finally {
    await Promise.all(clients.map((api) => api.close()));
    for (const proxy of proxies) await proxy.close();
    for (const panel of processes) await panel.stop();
  }
}

/** The benchmark's table rows (what client.bench.ts prints), `format` writing a timing as the table does. */
export async function goToRows(roundTripMs: number, runs: number, format: (timing: Timing) => string): Promise<[string, string, string][]> {
  const result = await goToBench(roundTripMs, runs);
  const where = `${result.panels} panels of 20,000 users at ${result.latencyMs} ms`;
  return [
    [`Go to User, ${where}: first results (new connections)`, format(result.coldFirst), `all ${result.panels} panels answered: ${format(result.coldAll)}`],
    [`Go to User, ${where}: first results (kept-alive)`, format(result.warmFirst), `all ${result.panels} panels answered: ${format(result.warmAll)}`],
    [`Go to User, ${where}: "Alice" typed ${KEYSTROKE_MS} ms a key`, format(result.typedFirst), `from the last keystroke, ${SEARCH_DEBOUNCE_MS} ms debounce included; ${result.typedRequests} requests for the word`],
  ];
}
