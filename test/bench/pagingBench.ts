// The paging part of the benchmark: a full inventory of the large data set (20,000 keys, 100 pages of 200)
// behind injected latency, read by a sequential pager, by keys.listAll() (adaptive, cap 16; on a client that
// has listed before, and on a new one), by a fixed window of 16 (the best any pager under the cap can do),
// and at "the limit" (page 1, then every other page at once); and against a panel that answers 429 whenever
// more than 4 requests are in flight: pages lost and 429s seen.
import { createPanelApi, type Key, type LogLevel, type PanelApi } from '../../src/api';
import { DEFAULT_MAX_CONCURRENCY } from '../../src/api/options';
import { startPanelCli } from '../demo/panel-cli-process';
import { summary, time, timeOnce, type Timing } from './timing';

const PER_PAGE = 200;

export interface LatencyResult {
  latencyMs: number;
  pages: number;
  sequential: Timing;
  /** On a client that has listed before (it starts where its last listing ended). */
  listAll: Timing;
  /** The first listing of a new client: new connections, and it starts at 4 in flight. */
  listAllNewClient: Timing;
  /** listAll with the highest cap the setting allows (64), to show what the default cap of 16 costs. */
  listAllCap64: Timing;
  /** Page 1, then always 16 in flight from the start: the fastest any pager under the default cap can be. */
  bestUnderCap: Timing;
  limit: Timing;
  /** Median of listAll / limit over runs made one after the other (target: at most 1.3). */
  ratioToLimit: number;
  /** Median of listAll / bestUnderCap over the same runs. */
  ratioToBestUnderCap: number;
  /** Median of bestUnderCap / limit: what the cap alone costs, whatever the pager. */
  capCost: number;
  /** Latency alone under the cap: page 1, then ceil((pages - 1) / 16) round trips. */
  capFloorMs: number;
  /** sequential / listAll (target at 150 ms: at least 5). */
  speedup: number;
}

export interface RateLimitResult {
  maxInFlight: number;
  keys: number;
  pagesLost: number;
  duplicates: number;
  inOrder: boolean;
  answers429: number;
  listAll: Timing;
}

async function withPanel<T>(args: string[], task: (api: PanelApi, log: string[], newClient: () => PanelApi) => Promise<T>): Promise<T> {
  const panel = await startPanelCli(['--dataset', 'large', ...args]);
  const log: string[] = [];
  const newClient = () => createPanelApi({ baseUrl: panel.url, token: panel.ownerToken, log: (level: LogLevel, line: string) => log.push(`${level} ${line}`) });
  const api = newClient();
  try {
    return await task(api, log, newClient);
  } finally {
    await api.close();
    await panel.stop();
  }
}

async function sequentialKeys(api: PanelApi): Promise<Key[]> {
  const keys: Key[] = [];
  for await (const page of api.keys.pages({ per_page: PER_PAGE })) keys.push(...page.items);
  return keys;
}

/** Page 1, then every other page at once: the fastest any pager could be against this panel. */
async function atTheLimit(api: PanelApi): Promise<number> {
  const first = await api.keys.list({ page: 1, per_page: PER_PAGE });
  const pages = Math.ceil(first.total / PER_PAGE);
  const rest = await Promise.all(Array.from({ length: pages - 1 }, (_, i) => api.keys.list({ page: i + 2, per_page: PER_PAGE })));
  return first.items.length + rest.reduce((sum, page) => sum + page.items.length, 0);
}

/** Page 1, then always `window` pages in flight, in page order, with no adaptation. */
async function fixedWindow(api: PanelApi, window: number): Promise<number> {
  const first = await api.keys.list({ page: 1, per_page: PER_PAGE });
  const pages = Math.ceil(first.total / PER_PAGE);
  let next = 2;
  let count = first.items.length;
  const worker = async () => {
    while (next <= pages) count += (await api.keys.list({ page: next++, per_page: PER_PAGE })).items.length;
  };
  await Promise.all(Array.from({ length: window }, worker));
  return count;
}

async function listAllOnNewClient(newClient: () => PanelApi): Promise<number> {
  const api = newClient();
  try {
    return (await api.keys.listAll()).length;
  } finally {
    await api.close();
  }
}

export async function latencyBench(latencyMs: number, runs: number): Promise<LatencyResult> {
  return withPanel(['--latency-ms', String(latencyMs)], async (api, _log, newClient) => {
    const total = (await api.keys.list({ per_page: 1 })).total;
    const pages = Math.ceil(total / PER_PAGE);
    await api.keys.listAll(); // warm-up: connections, JIT
    // Interleaved, so that each ratio compares runs made under the same load of a shared machine.
    const samples: Record<'listAll' | 'newClient' | 'cap64' | 'best' | 'limit' | 'ratios' | 'toBest' | 'capCost', number[]> = {
      listAll: [], newClient: [], cap64: [], best: [], limit: [], ratios: [], toBest: [], capCost: [],
    };
    for (let run = 0; run < runs; run++) {
      const listAll = await timeOnce(() => api.keys.listAll());
      const limit = await timeOnce(() => atTheLimit(api));
      const best = await timeOnce(() => fixedWindow(api, DEFAULT_MAX_CONCURRENCY));
      samples.listAll.push(listAll);
      samples.limit.push(limit);
      samples.best.push(best);
      samples.ratios.push(listAll / limit);
      samples.toBest.push(listAll / best);
      samples.capCost.push(best / limit);
      samples.newClient.push(await timeOnce(() => listAllOnNewClient(newClient)));
      samples.cap64.push(await timeOnce(() => api.keys.listAll({}, { maxConcurrency: 64 })));
    }
    const sequential = await time(Math.min(runs, 2), () => sequentialKeys(api)); // about 15 s per run at 150 ms
    const listAll = summary(samples.listAll);
    return {
      latencyMs,
      pages,
      sequential,
      listAll,
      listAllNewClient: summary(samples.newClient),
      listAllCap64: summary(samples.cap64),
      bestUnderCap: summary(samples.best),
      limit: summary(samples.limit),
      ratioToLimit: summary(samples.ratios).median,
      ratioToBestUnderCap: summary(samples.toBest).median,
      capCost: summary(samples.capCost).median,
      capFloorMs: (1 + Math.ceil((pages - 1) / DEFAULT_MAX_CONCURRENCY)) * latencyMs,
      speedup: sequential.median / listAll.median,
    };
  });
}

export async function rateLimitBench(runs: number): Promise<RateLimitResult> {
  return withPanel(['--latency-ms', '40', '--max-in-flight', '4', '--retry-after', '1'], async (api, log) => {
    const expected = (await sequentialKeys(api)).map((key) => key.id);
    let worst = { pagesLost: 0, duplicates: 0, inOrder: true, keys: expected.length };
    log.length = 0;
    const listAll = await time(runs, async () => {
      const ids = (await api.keys.listAll()).map((key) => key.id);
      const got = new Set(ids);
      const missing = expected.filter((id) => !got.has(id)).length;
      const result = {
        pagesLost: Math.ceil(missing / PER_PAGE),
        duplicates: ids.length - got.size,
        inOrder: ids.length === expected.length && ids.every((id, i) => id === expected[i]),
        keys: ids.length,
      };
      if (result.pagesLost > worst.pagesLost || result.duplicates > worst.duplicates || !result.inOrder) worst = result;
    });
    const answers429 = log.filter((line) => /HTTP 429\b/.test(line)).length;
    return { maxInFlight: 4, ...worst, answers429: Math.round(answers429 / runs), listAll };
  });
}
