/**
 * The request timeout on every path. undici applies `headersTimeout` and `bodyTimeout` only on pools
 * that carry them, and VS Code's own pool (its `fetch` inside the extension host) takes none of the
 * client's: without this a panel that stalls keeps a view loading for undici's default of 300 s. One
 * watchdog per attempt: the answer's headers must come within the headers timeout (after the connect
 * timeout too on the client's own pools, whose undici timers are exact and fire first), then each chunk
 * of the body within the body timeout of the one before; a log stream's body may stay quiet.
 */
export type WatchedPhase = 'headers' | 'body';

export class Watchdog {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private phase: WatchedPhase | undefined;
  /** The phase whose timeout ended the attempt, if one did. */
  fired: WatchedPhase | undefined;
  /** Aborts the attempt's fetch (and so its body) when a timeout expires. */
  readonly signal = this.controller.signal;

  constructor(
    private readonly timeouts: { readonly connectMs: number; readonly headersMs: number; readonly bodyMs: number },
    private readonly quietBody = false,
  ) {}

  /** A request (or a redirect's next hop) is being sent: its headers must come in time. */
  awaitHeaders(afterConnect: boolean): void {
    this.arm('headers', this.timeouts.headersMs + (afterConnect ? this.timeouts.connectMs : 0));
  }

  /** The headers came: the body is watched from here, chunk by chunk. */
  watchBody(body: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
    const bodyMs = this.timeouts.bodyMs;
    if (this.quietBody || !(bodyMs > 0)) {
      this.stop();
      return body;
    }
    this.arm('body', bodyMs);
    return body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({
      transform: (chunk, controller) => {
        this.arm('body', bodyMs);
        controller.enqueue(chunk);
      },
      flush: () => this.stop(),
    }));
  }

  /** The attempt ended (or its body was read): no timeout can fire any more. */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.phase = undefined;
  }

  private arm(phase: WatchedPhase, ms: number): void {
    if (this.fired) return;
    if (!(ms > 0)) return this.stop();
    if (this.timer && this.phase === phase) {
      this.timer.refresh();
      return;
    }
    clearTimeout(this.timer);
    this.phase = phase;
    this.timer = setTimeout(() => {
      this.fired = phase;
      this.timer = undefined;
      this.controller.abort(new Error(`the ${phase} timeout expired`));
    }, ms);
  }
}
