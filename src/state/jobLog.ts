/**
 * The raw log of an apply job, for the job history table and the job document: an array of lines (the
 * simulator's `logs`), or one text, under `logs`, `log` or `output`. No `vscode` import.
 */
import { jsonText } from '../text/jsonText';

/** Log lines kept per job (a job's log is a few dozen lines; a hostile panel's could be millions). */
export const MAX_LOG_LINES = 2000;

const LOG_FIELDS = ['logs', 'log', 'output'];

export interface JobLog {
  /** The field the log came from; undefined when the job has none. */
  readonly field?: string;
  /** At most MAX_LOG_LINES lines, each as text. */
  readonly lines: string[];
  /** Lines left out beyond MAX_LOG_LINES. */
  readonly omitted: number;
}

export function logOf(job: Readonly<Record<string, unknown>>): JobLog {
  for (const field of LOG_FIELDS) {
    const value = job[field];
    const all = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/\r?\n/) : undefined;
    if (!all) continue;
    const lines = all.slice(0, MAX_LOG_LINES).map((line: unknown) => (typeof line === 'string' ? line : jsonText(line)));
    return { field, lines, omitted: all.length - lines.length };
  }
  return { lines: [], omitted: 0 };
}
