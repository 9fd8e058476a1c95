/**
 * The panel as a folder (issue 29), called from client.bench.ts: the `large` data set (200 nodes, 20,000
 * users) behind 150 ms per round trip (latencyProxy.ts, the panel in its own process):
 *  - its inventory (`GET /nodes` and every user, a new client each run), the yardstick;
 *  - Pull Panel into Folder (settings, 200 nodes with their site, blocklist, web policy and reliability,
 *    the templates, the branding profiles, the users; a new client each run): target the inventory + 20%;
 *  - the plan of the pulled folder with edits (two nodes, a setting, 1,000 users) against what the panel
 *    holds, files read and compared (target under one second), and the whole Plan with the panel read.
 * Nothing is asserted. Runs alone with `node out/test/bench/panelFolder.bench.js`.
 */
import { createPanelApi } from '../../src/api';
import { fileJson, planFolder, pullFiles, readFolder, readPanel } from '../../src/panelFolder';
import { inPool } from '../../src/state/inPool';
import { NODE_ORDER } from '../../src/panelFolder/pullFiles';
import { readTable, tableText } from '../../src/usersTable/tableText';
import { parseJsonExact } from '../../src/api/exactJson';
import { startPanelCli } from '../demo/panel-cli-process';
import { startLatencyProxy } from './latencyProxy';
import { summary, timeOnce, type Timing } from './timing';

type Row = [string, string, string];
const ms = (value: number) => `${value.toFixed(1)} ms`;
const timing = (result: Timing) => `${ms(result.median)} (${result.min.toFixed(1)}–${result.max.toFixed(1)})`;

export interface PanelFolderFigures {
  readonly inventory: Timing;
  readonly everything: Timing;
  readonly pull: Timing;
  readonly plan: Timing;
  readonly planWithRead: Timing;
  readonly files: number;
  readonly megabytes: number;
  readonly summary: string;
}

export async function measurePanelFolder(runs: number, latencyMs = 150): Promise<PanelFolderFigures> {
  const panel = await startPanelCli(['--dataset', 'large']);
  const proxy = await startLatencyProxy(Number(new URL(panel.url).port), latencyMs);
  const client = () => createPanelApi({ baseUrl: `http://${proxy.host}`, token: panel.ownerToken });
  try {
    const inventory: number[] = [];
    const everything: number[] = [];
    const pull: number[] = [];
    let files = new Map<string, string>();
    for (let run = 0; run < runs; run++) {
      // Alternated, so both see the same machine.
      const forInventory = client();
      inventory.push(await timeOnce(() => Promise.all([forInventory.nodes.list(), forInventory.keys.listAll()])));
      await forInventory.close();
      const forEverything = client();
      everything.push(await timeOnce(() => readEverything(forEverything)));
      await forEverything.close();
      const forPull = client();
      pull.push(await timeOnce(async () => {
        files = pullFiles(await readPanel(forPull)).files;
      }));
      await forPull.close();
    }
    const api = client();
    const live = await readPanel(api);
    await api.close();
    const edited = new Map(files);
    const nodePaths = [...files.keys()].filter((path) => path.startsWith('nodes/')).slice(0, 2);
    for (const path of nodePaths) {
      const doc = parseJsonExact(files.get(path) ?? '') as Record<string, never>;
      edited.set(path, fileJson({ ...doc, region: 'Edited' }, NODE_ORDER));
    }
    const settings = parseJsonExact(files.get('settings.json') ?? '') as Record<string, never>;
    edited.set('settings.json', fileJson({ ...settings, timezone: 'Europe/Berlin' }));
    const revoked = new Set((live.users ?? []).filter((user) => user.revoked).map((user) => user.id));
    let toEdit = 1000;
    edited.set('users.csv', tableText('csv', readTable('csv', files.get('users.csv') ?? '').map((row) => (toEdit > 0 && !revoked.has(row.id) && toEdit-- > 0 ? { ...row, note: `edited ${toEdit}` } : row))));
    let planSummary = '';
    const plan: number[] = [];
    for (let run = 0; run < runs; run++) {
      plan.push(await timeOnce(async () => {
        const planned = planFolder(readFolder(edited), live);
        planSummary = `${planned.changes.length} resource changes, ${planned.users?.plan.updates.length ?? 0} user updates, ${planned.problems.length} problems, ${planned.conflicts.length} conflicts`;
      }));
    }
    const planWithRead: number[] = [];
    for (let run = 0; run < Math.min(runs, 3); run++) {
      const fresh = client();
      planWithRead.push(await timeOnce(async () => planFolder(readFolder(edited), await readPanel(fresh))));
      await fresh.close();
    }
    const megabytes = [...files.values()].reduce((sum, text) => sum + Buffer.byteLength(text), 0) / 1024 / 1024;
    return {
      inventory: summary(inventory), everything: summary(everything), pull: summary(pull), plan: summary(plan), planWithRead: summary(planWithRead),
      files: files.size, megabytes, summary: planSummary,
    };
  } finally {
    await proxy.close();
    await panel.stop();
  }
}

/** What a pull reads, read as plainly as the client can (nothing made of it): the other yardstick. */
async function readEverything(api: ReturnType<typeof createPanelApi>): Promise<void> {
  const nodes = async () => {
    const { items } = await api.nodes.list();
    await inPool(items, 32, (node) => Promise.all([api.nodes.site.get(node.id), api.nodes.blocklist.get(node.id), api.nodes.webPolicy.get(node.id), api.nodes.reliability.get(node.id)]));
  };
  const templates = async () => {
    const list = await api.siteTemplates.list();
    const items = Array.isArray(list.items) ? list.items as { id: string }[] : [];
    await Promise.all(items.map((item) => api.siteTemplates.get(item.id)));
  };
  await Promise.all([api.keys.listAll(), api.settings.get(), api.branding.profiles.list(), templates(), nodes()]);
}

export async function panelFolderBench(runs: number): Promise<Row[]> {
  const figures = await measurePanelFolder(runs);
  const ratio = figures.pull.median / figures.inventory.median;
  const ratioToEverything = figures.pull.median / figures.everything.median;
  return [
    ['panel folder: inventory at 150 ms (200 nodes, 20,000 users)', timing(figures.inventory), 'GET /nodes and every user, a new client each run: the yardstick'],
    ['panel folder: what a pull reads, read plainly at 150 ms', timing(figures.everything), 'the inventory, plus each node\'s site, blocklist, web policy and reliability (800 reads), the templates, branding and settings'],
    ['panel folder: Pull Panel into Folder at 150 ms', timing(figures.pull), `${ratio.toFixed(2)}x the inventory (target within 1.20x), ${ratioToEverything.toFixed(2)}x what it reads read plainly; ${figures.files} files, ${figures.megabytes.toFixed(1)} MB`],
    ['panel folder: plan of the pulled folder with edits', timing(figures.plan), `target under one second; ${figures.summary}`],
    ['panel folder: Plan, the panel read at 150 ms', timing(figures.planWithRead), 'the same plan with the live panel read first'],
  ];
}

if (require.main === module) {
  void panelFolderBench(Number(process.env.BENCH_RUNS ?? 3)).then((rows) => {
    for (const row of rows) console.log(row.join(' | '));
  });
}
