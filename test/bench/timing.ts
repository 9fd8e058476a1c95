// Timing helpers of the benchmark: medians of repeated runs, and what a fresh Node process pays to require a module.
import { execFileSync } from 'node:child_process';
import { repoRoot } from '../launch/repo-paths';

export interface Timing {
  median: number;
  min: number;
  max: number;
}

export function summary(samples: readonly number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1] };
}

/** Milliseconds one run of `task` takes. */
export async function timeOnce(task: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await task();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

export async function time(runs: number, task: () => Promise<unknown>): Promise<Timing> {
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) samples.push(await timeOnce(task));
  return summary(samples);
}

/** Milliseconds a fresh Node process spends in `require(module)`, measured inside that process. */
export function requireCost(module: string): number {
  const script = `const t = process.hrtime.bigint(); require(${JSON.stringify(module)}); process.stdout.write(String(Number(process.hrtime.bigint() - t) / 1e6));`;
  return Number(execFileSync(process.execPath, ['-e', script], { cwd: repoRoot, encoding: 'utf8' }));
}
