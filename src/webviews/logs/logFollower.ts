/**
 * Follows a node's log stream for the log viewer: cuts it into lines, keeps the last `maxLines` in a buffer,
 * and hands new lines to the page in batches (at most one batch in flight, so a slow page never makes the
 * extension host queue without bound). Reading stops while the page is hidden (the stream waits, nothing
 * is buffered), display stops while the user pauses (lines keep arriving into the buffer), and a filter
 * narrows what the page receives. No `vscode` import: the benchmark drives it in plain Node.
 */
import { LatestLoad } from '../../state/latestLoad';
import { styledLine } from './ansi';
import { LineSplitter } from './lineSplitter';
import { LogBuffer } from './logBuffer';
import type { LogLine } from './protocol';

/** A readable, cancellable text stream (the API client's `TextStream`). */
export interface LogSource extends AsyncIterable<string> {
  cancel(): void;
}

/** How reading ended: the panel closed the stream, or an error (a 503 for an offline node, a dropped connection...). */
export type FollowEnd = { kind: 'ended' } | { kind: 'failed'; error: unknown };

/** Where the lines go: the log viewer's page, or the benchmark's counter. */
export interface LogSink {
  /** Resolves once the page took the lines, so the next batch waits for it. */
  append(lines: LogLine[], dropped: number): PromiseLike<unknown> | void;
  reset(lines: LogLine[], dropped: number): PromiseLike<unknown> | void;
  connected(): void;
  stopped(end: FollowEnd): void;
}

export interface LogFollowerOptions {
  readonly open: (signal: AbortSignal) => Promise<LogSource>;
  readonly maxLines: number;
  readonly sink: LogSink;
  /** How often new lines go to the page; default 100 ms. */
  readonly flushMs?: number;
}

export class LogFollower {
  private readonly buffer: LogBuffer<LogLine>;
  /** Lines for the next batch, at most `maxLines`; `overflowed` once more came, so the next flush resets. */
  private pending: LogLine[] = [];
  private overflowed = false;
  private sequence = 0;
  private filterText = '';
  private paused = false;
  private flowing = true;
  private resumeReading: (() => void) | undefined;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private flushing = false;
  /** The stream being read: a new `connect` or `stop` cancels it (and closes its stream). */
  private readonly reading = new LatestLoad<void>();
  private readonly flushMs: number;
  /** Lines read since the viewer opened (for the benchmark and the status line). */
  received = 0;

  constructor(private readonly options: LogFollowerOptions) {
    this.buffer = new LogBuffer<LogLine>(Math.max(1, options.maxLines));
    this.flushMs = options.flushMs ?? 100;
  }

  get isPaused(): boolean {
    return this.paused;
  }

  get filter(): string {
    return this.filterText;
  }

  get dropped(): number {
    return this.buffer.dropped;
  }

  get maxLines(): number {
    return this.buffer.capacity;
  }

  /** Opens the stream (closing one still open) and reads it until it ends, fails or `stop()`. */
  connect(): Promise<void> {
    this.closeStream();
    return this.reading.start((signal) => this.follow(signal));
  }

  private async follow(signal: AbortSignal): Promise<void> {
    const splitter = new LineSplitter();
    let end: FollowEnd = { kind: 'ended' };
    try {
      const source: LogSource = await this.options.open(signal);
      if (signal.aborted) {
        source.cancel();
        return;
      }
      signal.addEventListener('abort', () => source.cancel(), { once: true });
      this.options.sink.connected();
      for await (const chunk of source) {
        if (signal.aborted) return;
        this.take(splitter.push(chunk));
        if (!this.flowing) await new Promise<void>((resolve) => (this.resumeReading = resolve));
        if (signal.aborted) return;
      }
      this.take(splitter.end());
    } catch (error) {
      end = { kind: 'failed', error };
    }
    if (!this.reading.isLatest(signal)) return; // stopped or replaced: nothing to say
    this.flushNow();
    this.options.sink.stopped(end);
  }

  /** Stops reading while the page is hidden (the panel's stream waits); resumes when it shows again. */
  setFlowing(flowing: boolean): void {
    this.flowing = flowing;
    if (flowing) {
      this.resumeReading?.();
      this.resumeReading = undefined;
    }
  }

  /** Pause: the page keeps what it shows while lines keep arriving; resume shows the buffer again. */
  setPaused(paused: boolean): void {
    if (paused === this.paused) return;
    this.paused = paused;
    if (paused) this.pending = []; // shown with the rest of the buffer on resume
    else this.replay();
  }

  setFilter(text: string): void {
    if (text === this.filterText) return;
    this.filterText = text;
    this.replay();
  }

  /** Sends the page the whole buffer (through the filter): after it loaded, resumed, or changed the filter. */
  replay(): void {
    this.pending = [];
    this.overflowed = false;
    void this.options.sink.reset(this.visible(this.buffer.toArray()), this.buffer.dropped);
  }

  clear(): void {
    this.buffer.clear();
    this.replay();
  }

  /** The buffer as plain text, oldest first (Open as Document). */
  text(): string {
    return this.buffer.toArray().map((line) => line.text).join('\n');
  }

  /** Stops reading and closes the stream; the panel sees the connection end. */
  stop(): void {
    this.closeStream();
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.pending = [];
  }

  private closeStream(): void {
    this.reading.cancel(); // its stream closes as its signal aborts
    this.resumeReading?.();
    this.resumeReading = undefined;
  }

  private take(raw: string[]): void {
    if (raw.length === 0) return;
    for (const text of raw) {
      const line: LogLine = { n: ++this.sequence, ...styledLine(text) };
      this.buffer.push(line);
      this.received++;
      if (this.paused) continue;
      this.pending.push(line);
    }
    if (this.pending.length > this.buffer.capacity) {
      this.pending.splice(0, this.pending.length - this.buffer.capacity);
      this.overflowed = true;
    }
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = undefined;
      this.flushNow();
    }, this.flushMs);
  }

  private flushNow(): void {
    if (this.flushing || (this.pending.length === 0 && !this.overflowed)) return;
    if (this.overflowed) {
      this.replay();
      return;
    }
    const lines = this.visible(this.pending);
    this.pending = [];
    if (lines.length === 0) return;
    this.flushing = true;
    Promise.resolve(this.options.sink.append(lines, this.buffer.dropped)).then(
      () => this.afterFlush(),
      () => this.afterFlush(),
    );
  }

  private afterFlush(): void {
    this.flushing = false;
    if (this.pending.length > 0 && !this.flushTimer) {
      this.flushTimer = setTimeout(() => {
        this.flushTimer = undefined;
        this.flushNow();
      }, this.flushMs);
    }
  }

  private visible(lines: LogLine[]): LogLine[] {
    if (!this.filterText) return lines;
    const needle = this.filterText.toLowerCase();
    return lines.filter((line) => line.text.toLowerCase().includes(needle));
  }
}
