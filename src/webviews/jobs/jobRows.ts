/**
 * Apply jobs as rows of the job history table: plain text for every value from the panel, parsed times for
 * sorting, the raw log as styled lines. No `vscode` import: words come through a `Localize`.
 */
import type { ApplyJob } from '../../api/types';
import { logOf } from '../../state/jobLog';
import { plainLabel } from '../../text/plainText';
import type { Localize } from '../../text/localize';
import { jobDuration, jobStatusClass } from '../../text/nodeText';
import { styledLine } from '../logs/ansi';
import type { JobRow } from './protocol';

export function jobRows(jobs: readonly unknown[], now: number, t: Localize): JobRow[] {
  const seen = new Set<string>();
  return jobs
    .filter((job): job is ApplyJob => typeof job === 'object' && job !== null && !Array.isArray(job))
    .map((job, index) => {
      const id: unknown = job.id;
      let key = typeof id === 'string' || typeof id === 'number' || typeof id === 'bigint' ? plainLabel(id, 100) : '';
      if (!key || seen.has(key)) key = `#${index + 1}`;
      seen.add(key);
      const startedAt = timeOf(job.started_at);
      const finishedAt = timeOf(job.finished_at);
      return {
        key,
        status: plainLabel(job.status, 40) || t('unknown'),
        statusClass: jobStatusClass(job.status),
        startedAt,
        started: startedAt === undefined ? '' : formatTime(startedAt),
        finishedAt,
        finished: finishedAt === undefined ? '' : formatTime(finishedAt),
        durationMs: startedAt !== undefined && finishedAt !== undefined ? Math.max(0, finishedAt - startedAt) : undefined,
        duration: jobDuration(job, now, t),
        error: typeof job.error === 'string' ? plainLabel(styledLine(job.error).text, 4000) : '',
        log: logOf(job).lines.map((line) => styledLine(line)),
      };
    });
}

function timeOf(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

/** `2026-05-21 14:03:07` in local time: sortable at a glance and the same in every locale. */
function formatTime(time: number): string {
  const date = new Date(time);
  const two = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`;
}
