// The fleet's to-do list recomputed after a store change: one panel of 20,000 users and 200 nodes (with
// their recent jobs and 50 alerts), as the stores hold them. Target under 50 ms; nothing is asserted.
import { parseAlerts } from '../../src/state/alertsModel';
import { computeFindings, DEFAULT_FINDING_SETTINGS, type PanelHoldings } from '../../src/state/fleetFindings';
import { fillPlaceholders, type Localize } from '../../src/text/localize';
import { summary, type Timing } from './timing';

const USERS = 20_000;
const NODES = 200;
const t = ((message: string, ...args: Array<string | number | boolean>) => fillPlaceholders(message, args)) as Localize;

function largePanel(now: number): PanelHoldings {
  const day = 86_400_000;
  const nodes = Array.from({ length: NODES }, (_, i) => ({
    id: `node-${i}`, name: `node ${i}`, status: i % 20 === 0 ? 'offline' : 'online',
    dirty: i % 7 === 0, last_apply_at: new Date(now - (i % 10) * 3_600_000).toISOString(),
  }));
  const jobs = new Map(nodes.map((node, i) => [node.id, Array.from({ length: 10 }, (_, j) => ({ status: i % 13 === 0 && j === 0 ? 'failed' : 'ok', finished_at: new Date(now - j * day).toISOString() }))]));
  const users = Array.from({ length: USERS }, (_, i) => ({
    id: `user-${i}`, label: `user ${i}`, state: ['active', 'expiring', 'disabled', 'expired'][i % 4], status: 'active',
    expires_at: i % 3 === 0 ? null : new Date(now + (i % 30) * day).toISOString(),
  }));
  const { alerts } = parseAlerts({ items: Array.from({ length: 50 }, (_, i) => ({ id: i + 1, level: ['critical', 'warning', 'info'][i % 3], title: `alert ${i}`, resolved: i % 2 === 0 })) });
  return { panelId: 'https://bench.example', panelName: 'bench', nodes, jobsOf: (id) => jobs.get(id), alerts, users, offlineSince: () => now - 60_000 };
}

export function fleetFindingsBench(runs: number): { recompute: Timing; findings: number; users: number; nodes: number } {
  const now = Date.now();
  const panel = largePanel(now);
  let findings = computeFindings(panel, DEFAULT_FINDING_SETTINGS, now, t).length; // warm-up
  const samples: number[] = [];
  for (let run = 0; run < Math.max(runs, 5); run++) {
    const started = performance.now();
    findings = computeFindings(panel, DEFAULT_FINDING_SETTINGS, now, t).length;
    samples.push(performance.now() - started);
  }
  return { recompute: summary(samples), findings, users: USERS, nodes: NODES };
}
