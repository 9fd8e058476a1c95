/**
 * An apply job as a read-only document: status, times and error first, then the raw log lines, then any
 * other field the panel sent. Words go through the caller's `Localize`. The job's shape beyond the fields the spec names (status, started_at,
 * finished_at, error) and the raw logs is not given, so everything else is shown as JSON. No `vscode`.
 */
import { logOf } from '../state/jobLog';
import { jsonText } from '../text/jsonText';
import { prettyJson } from './prettyJson';
import { numberText } from '../text/displayLanguage';

/** `vscode.l10n.t`'s shape (the views' `Localize`; not imported, since views import editors). */
type Localize = (message: string, ...args: Array<string | number | boolean>) => string;

const NAMED = ['status', 'queued_at', 'started_at', 'finished_at', 'error'];

export function applyJobText(nodeName: string, job: Record<string, unknown>, t: Localize): string {
  const lines = [t('Apply job on {0}', nodeName), ''];
  for (const name of NAMED) {
    const value = job[name];
    if (value !== undefined && value !== null && value !== '') lines.push(`${name}: ${typeof value === 'string' ? value : jsonText(value)}`);
  }
  const log = logOf(job);
  lines.push('', t('--- log ---'));
  if (log.field === undefined) lines.push(t('(the panel sent no log with this job)'));
  for (const line of log.lines) lines.push(line);
  if (log.omitted > 0) lines.push(t('({0} more log lines not shown)', numberText(log.omitted)));
  const rest = Object.fromEntries(Object.entries(job).filter(([name]) => !NAMED.includes(name) && name !== log.field));
  if (Object.keys(rest).length > 0) lines.push('', t('--- other fields ---'), prettyJson(rest));
  return `${lines.join('\n')}\n`;
}
