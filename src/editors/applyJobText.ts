/**
 * An apply job as a read-only document: status, times and error first, then the raw log lines, then any
 * other field the panel sent. Words go through the caller's `Localize`. The job's shape beyond the fields the spec names (status, started_at,
 * finished_at, error) and the raw logs is not given, so everything else is shown as JSON. No `vscode`.
 */
import { jsonText } from '../text/jsonText';
import { prettyJson } from './prettyJson';

/** `vscode.l10n.t`'s shape (the views' `Localize`; not imported, since views import editors). */
type Localize = (message: string, ...args: Array<string | number | boolean>) => string;

const NAMED = ['status', 'queued_at', 'started_at', 'finished_at', 'error'];
const LOG_FIELDS = ['logs', 'log', 'output'];

export function applyJobText(nodeName: string, job: Record<string, unknown>, t: Localize): string {
  const lines = [t('Apply job on {0}', nodeName), ''];
  for (const name of NAMED) {
    const value = job[name];
    if (value !== undefined && value !== null && value !== '') lines.push(`${name}: ${typeof value === 'string' ? value : jsonText(value)}`);
  }
  const logField = LOG_FIELDS.find((name) => job[name] !== undefined && job[name] !== null);
  const log = logField ? job[logField] : undefined;
  lines.push('', t('--- log ---'));
  if (Array.isArray(log)) lines.push(...log.map((line) => (typeof line === 'string' ? line : jsonText(line))));
  else if (typeof log === 'string') lines.push(...log.split(/\r?\n/));
  else lines.push(t('(the panel sent no log with this job)'));
  const rest = Object.fromEntries(Object.entries(job).filter(([name]) => !NAMED.includes(name) && name !== logField));
  if (Object.keys(rest).length > 0) lines.push('', t('--- other fields ---'), prettyJson(rest));
  return `${lines.join('\n')}\n`;
}
