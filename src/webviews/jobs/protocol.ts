/** Messages between the job history page and the extension. No `vscode` import. */
import { bareMessage, integerMember, messageObject, stringMember } from '../shared/messages';
import type { StyledLine } from '../logs/ansi';

/** The five job statuses of spec part 3, and `unknown` for anything else the panel sends. */
import type { JobStatusClass } from '../../text/nodeText';

export type { JobStatusClass };

/** A job as the table shows it: all text made plain by the extension, times as numbers for sorting. */
export interface JobRow {
  /** The job's id, else its position: what selection refers to. */
  readonly key: string;
  readonly status: string;
  readonly statusClass: JobStatusClass;
  readonly startedAt?: number;
  readonly started: string;
  readonly finishedAt?: number;
  readonly finished: string;
  readonly durationMs?: number;
  readonly duration: string;
  readonly error: string;
  /** The job's raw log lines (colour kept, other escapes dropped). */
  readonly log: readonly StyledLine[];
}

export interface JobWords {
  refresh: string;
  limit: string;
  allStatuses: string;
  status: string;
  started: string;
  finished: string;
  duration: string;
  error: string;
  log: string;
  noJobs: string;
  noLog: string;
  selectHint: string;
  statusNames: Record<JobStatusClass, string>;
}

export type ToJobsWebview =
  | { type: 'words'; words: JobWords }
  | { type: 'loading'; limit: number }
  | { type: 'jobs'; rows: JobRow[]; limit: number; selected?: string; note: string }
  | { type: 'problem'; message: string; limit: number };

export type FromJobsWebview =
  | { type: 'ready' }
  | { type: 'refresh' }
  | { type: 'setLimit'; limit: number }
  | { type: 'select'; key: string };

/** Choices of the page's limit control (spec: 1 to 100, default 20). */
export const JOB_LIMITS = [10, 20, 50, 100] as const;

export function parseJobsMessage(raw: unknown): FromJobsWebview | undefined {
  const message = messageObject(raw);
  if (message?.type === 'setLimit') {
    const limit = integerMember(message, 'limit', 1, 100);
    return limit === undefined ? undefined : { type: 'setLimit', limit };
  }
  if (message?.type === 'select') {
    const key = stringMember(message, 'key', 200);
    return key === undefined ? undefined : { type: 'select', key };
  }
  return bareMessage<FromJobsWebview>(raw, ['ready', 'refresh']);
}
