/**
 * Watching a configuration apply until it lands (spec part 8, "Polling guidance after an apply"):
 * `POST /nodes/{id}/apply` answers 202 with no job id, so the watcher reads the node (`dirty`,
 * `last_apply_at`) and its recent jobs every interval, follows the newest job that was not listed before
 * the apply, and ends when that job is ok, failed or rolled back, when the node shows a newer apply, or
 * at the overall timeout. It never sends anything but reads.
 *
 * Focus-aware like `Poller`: no reads while the window is unfocused, one as soon as it returns. Time comes
 * from an injected scheduler and clock, so unit tests drive it by hand. No `vscode` import.
 */
import type { ApplyJob, JobStatus, PanelNode } from '../api/types';
import { jsonText } from '../text/jsonText';
import type { PollScheduler } from './poller';
import { LatestLoad } from './latestLoad';
import { textOf } from '../text/plainText';

export type WatchedStatus = JobStatus | 'unknown';

/** The two reads of each poll (`GET /nodes/{id}` and `GET /nodes/{id}/jobs`). */
export interface ApplyWatchReads {
  node(signal: AbortSignal): Promise<PanelNode>;
  jobs(signal: AbortSignal): Promise<readonly unknown[]>;
}

export interface ApplyWatchOptions {
  readonly reads: ApplyWatchReads;
  readonly scheduler: PollScheduler;
  readonly now: () => number;
  readonly intervalMs: number;
  readonly timeoutMs: number;
  /** The jobs listed before the apply was sent; the watched job is the newest one not among them. */
  readonly baseline: readonly unknown[];
  /** The node as it was before the apply: a newer `last_apply_at` (and not dirty) also means it landed. */
  readonly before?: PanelNode;
  /** Whether the window has focus now (a command the user just ran: normally true). */
  readonly focused: boolean;
  /** Consecutive failed polls that end the watch (default 3). */
  readonly maxReadFailures?: number;
  /** Called after each poll that changed what is known. */
  readonly onUpdate?: (state: ApplyWatchState) => void;
}

export interface ApplyWatchState {
  /** The watched job's status, undefined until the job is listed. */
  readonly status: WatchedStatus | undefined;
  readonly job?: ApplyJob;
  readonly node?: PanelNode;
  /** Every status the job was seen in, in order, without repeats (e.g. queued, running, ok). */
  readonly seen: readonly WatchedStatus[];
}

export type ApplyWatchResult =
  | { readonly kind: 'ok'; readonly node: PanelNode; readonly job?: ApplyJob; readonly seen: readonly WatchedStatus[] }
  | { readonly kind: 'failed' | 'rolled_back'; readonly node?: PanelNode; readonly job: ApplyJob; readonly seen: readonly WatchedStatus[] }
  | { readonly kind: 'timeout'; readonly node?: PanelNode; readonly job?: ApplyJob; readonly seen: readonly WatchedStatus[] }
  | { readonly kind: 'unreadable'; readonly error: unknown; readonly seen: readonly WatchedStatus[] }
  | { readonly kind: 'cancelled'; readonly seen: readonly WatchedStatus[] };

const STATUSES: readonly JobStatus[] = ['queued', 'running', 'ok', 'failed', 'rolled_back'];

export function watchedStatus(value: unknown): WatchedStatus {
  const text = typeof value === 'string' ? value.trim().toLowerCase() : '';
  return STATUSES.find((status) => status === text) ?? 'unknown';
}

/** How jobs are told apart without relying on the panel's shape: the id, else when it was queued or started. */
function jobIdentity(job: unknown): string {
  if (typeof job !== 'object' || job === null) return jsonText(job);
  const record = job as Record<string, unknown>;
  if (typeof record.id === 'string' || typeof record.id === 'number') return `id:${String(record.id)}`;
  return `at:${textOf(record.queued_at ?? record.created_at ?? record.started_at ?? jsonText(record))}`;
}

function jobTime(job: ApplyJob): number {
  for (const field of ['queued_at', 'created_at', 'started_at']) {
    const value = (job as Record<string, unknown>)[field];
    const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
    if (!Number.isNaN(time)) return time;
  }
  return Number.NaN;
}

/** The newest job of `jobs` that `baseline` does not list (the list's first when times are missing). */
export function newJob(baseline: readonly unknown[], jobs: readonly unknown[]): ApplyJob | undefined {
  const known = new Set(baseline.map(jobIdentity));
  const fresh = jobs.filter((job): job is ApplyJob => typeof job === 'object' && job !== null && !known.has(jobIdentity(job)));
  if (fresh.length <= 1) return fresh[0];
  const timed = fresh.filter((job) => !Number.isNaN(jobTime(job)));
  return timed.length === fresh.length ? timed.reduce((newest, job) => (jobTime(job) > jobTime(newest) ? job : newest)) : fresh[0];
}

/** The node shows an apply newer than before: not dirty, and a `last_apply_at` later than the old one. */
function nodeLanded(node: PanelNode, before: PanelNode | undefined): boolean {
  if (node.dirty === true || typeof node.last_apply_at !== 'string') return false;
  const now = Date.parse(node.last_apply_at);
  if (Number.isNaN(now)) return false;
  const then = typeof before?.last_apply_at === 'string' ? Date.parse(before.last_apply_at) : Number.NaN;
  return Number.isNaN(then) ? before !== undefined : now > then;
}

export class ApplyWatch {
  /** Settles once: landed, failed, rolled back, timed out, unreadable or cancelled. */
  readonly result: Promise<ApplyWatchResult>;
  private settle: (result: ApplyWatchResult) => void = () => undefined;
  private finished = false;
  private focused: boolean;
  private timer: unknown;
  /** The read in flight: `cancel` aborts it. */
  private readonly reads = new LatestLoad<void>();
  private failures = 0;
  private readonly deadline: number;
  private readonly seen: WatchedStatus[] = [];
  private job: ApplyJob | undefined;
  private node: PanelNode | undefined;

  constructor(private readonly options: ApplyWatchOptions) {
    this.focused = options.focused;
    this.deadline = options.now() + options.timeoutMs;
    this.result = new Promise((resolve) => (this.settle = resolve));
  }

  /** Reads at once (the apply was just queued), then every interval while focused. */
  start(): Promise<ApplyWatchResult> {
    void this.poll();
    return this.result;
  }

  /** The window gained or lost focus: polling pauses while unfocused and reads at once on return. */
  setFocused(focused: boolean): void {
    const returned = focused && !this.focused;
    this.focused = focused;
    if (!focused) this.clearTimer();
    else if (returned && !this.reads.busy && !this.finished) void this.poll();
  }

  /** Stops watching (the apply goes on on the panel). */
  cancel(): void {
    this.reads.cancel();
    this.finish({ kind: 'cancelled', seen: [...this.seen] });
  }

  get state(): ApplyWatchState {
    return { status: this.seen.at(-1), job: this.job, node: this.node, seen: [...this.seen] };
  }

  private async poll(): Promise<void> {
    if (this.finished || this.reads.busy) return;
    this.clearTimer();
    await this.reads.start((signal) => this.read(signal));
    if (this.finished) return;
    if (this.options.now() >= this.deadline) {
      this.finish({ kind: 'timeout', node: this.node, job: this.job, seen: [...this.seen] });
      return;
    }
    if (this.focused) this.timer = this.options.scheduler.setTimeout(() => { this.timer = undefined; void this.poll(); }, this.options.intervalMs);
  }

  private async read(signal: AbortSignal): Promise<void> {
    try {
      const [node, jobs] = await Promise.all([this.options.reads.node(signal), this.options.reads.jobs(signal)]);
      if (this.finished) return;
      this.failures = 0;
      this.take(node, jobs);
    } catch (error) {
      if (this.finished) return;
      this.failures += 1;
      if (this.failures >= (this.options.maxReadFailures ?? 3)) this.finish({ kind: 'unreadable', error, seen: [...this.seen] });
    }
  }

  private take(node: PanelNode, jobs: readonly unknown[]): void {
    this.node = node;
    this.job = newJob(this.options.baseline, jobs) ?? this.job;
    const status = this.job ? watchedStatus(this.job.status) : undefined;
    if (status && status !== this.seen.at(-1)) this.seen.push(status);
    this.options.onUpdate?.(this.state);
    const seen = [...this.seen];
    if (status === 'ok') this.finish({ kind: 'ok', node, job: this.job, seen });
    else if ((status === 'failed' || status === 'rolled_back') && this.job) this.finish({ kind: status, node, job: this.job, seen });
    else if ((!this.job || status === 'unknown') && nodeLanded(node, this.options.before)) this.finish({ kind: 'ok', node, job: this.job, seen });
  }

  private finish(result: ApplyWatchResult): void {
    if (this.finished) return;
    this.finished = true;
    this.clearTimer();
    this.settle(result);
  }

  private clearTimer(): void {
    if (this.timer !== undefined) this.options.scheduler.clearTimeout(this.timer);
    this.timer = undefined;
  }
}
