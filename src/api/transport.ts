/**
 * The HTTP layer of the client: builds catalog requests under /api/v1, sends them with exactly one
 * `Authorization: Bearer` header through the platform's `fetch` (see dispatcher.ts), follows same-origin redirects of reads,
 * retries reads after transient failures, and turns every failure into a PanelApiError whose text never
 * holds the token. An access gateway's extra headers and client certificate (accessGateway.ts) go with
 * every request to the panel's origin; their values are redacted like the token.
 *
 * The request's URL comes from requestUrl.ts, its sending and redirects from redirects.ts.
 */
import { assertUsableHeaders, type AccessGateway } from './accessGateway';
import { findRoute, type PathNames, type RouteSpec } from './catalog';
import type { BinaryResponse, Call, CallBody, QueryValue, TextStream, Transport } from './call';
import { DEFAULT_TIMEOUTS, createPools, isProxyLoginRequest, type Pool } from './dispatcher';
import {
  PanelCancelledError, PanelCertificateChangedError, PanelConfigError, PanelNetworkError, PanelRequestBodyError, PanelResponseFormatError, RouteNotInCatalogError,
} from './errors';
import { classifyFailure, isCertificateFailure, type FailureContext } from './failureClassifier';
import { dump, header, type Answer } from './fetchAnswer';
import { isNodeOfflineAnswer, isNodeRoute } from './nodeFailure';
import { UnsendableJsonError } from './exactJson';
import { assertUsableToken, panelOrigin, type LogLevel, type PanelClientOptions } from './options';
import { redact } from './redaction';
import { sendFollowingRedirects } from './redirects';
import { requestParts, type RequestParts, type ResponseKind } from './requestParts';
import { pathNames, prepareCall, urlFor, type Prepared } from './requestUrl';
import { MAX_BODY_BYTES, assertPayload, errorOf, jsonOf, readBody, type ReceivedBody } from './responses';
import { RETRYABLE_STATUSES, parseRetryAfter, retryDelay, retryPolicy, sleep, type RetryPolicy } from './retryPolicy';
import { certificateFacts, presentedCertificate } from './presentedCertificate';
import { textStream } from './textStream';
import { tokenInUrl } from './tokenInUrl';
import { loadUndici } from './undiciModule';
import { Watchdog } from './watchdog';
import type { JsonValue } from './types';

/** Error bodies are small; a larger one is not an error object of the API. */
const MAX_ERROR_BODY_BYTES = 1024 * 1024;
/** Only this many distinct tokens are remembered for redaction (a token function may rotate them). */
const REMEMBERED_TOKENS = 8;
/** Longest log line: a panel's error text (up to 1 MB) is cut rather than copied whole on every poll. */
const MAX_LOG_LINE = 2000;

export class PanelTransport implements Transport {
  readonly origin: string;
  private readonly originUrl: URL;
  private readonly names: PathNames;
  private readonly retry: RetryPolicy;
  private readonly timeouts: { connectMs: number; headersMs: number; bodyMs: number; totalMs?: number };
  /** Tokens this client has read, newest last, so that none can leak into a message. */
  private readonly secrets = new Set<string>();
  /** The access gateway's header values and passphrase: secrets for as long as the client lives. */
  private readonly gatewaySecrets = new Set<string>();
  /** The access gateway, read once before the first request (again after a failed read). */
  private gateway?: Promise<AccessGateway>;
  /** Pools in the order they are tried (see createPools); `trust` is the one that last worked. */
  private dispatchers?: Pool[];
  /** The same for log streams, whose pools never time out a quiet body. */
  private streamDispatchers?: Pool[];
  private trust = 0;

  constructor(private readonly options: PanelClientOptions) {
    this.originUrl = panelOrigin(options.baseUrl);
    this.origin = this.originUrl.origin;
    this.names = pathNames(options);
    this.retry = retryPolicy(options.retry);
    const t = options.timeouts ?? {};
    this.timeouts = {
      connectMs: t.connectMs ?? DEFAULT_TIMEOUTS.connectMs,
      headersMs: t.headersMs ?? DEFAULT_TIMEOUTS.headersMs,
      bodyMs: t.bodyMs ?? DEFAULT_TIMEOUTS.bodyMs,
      totalMs: t.totalMs,
    };
    if (typeof options.token === 'string') this.remember(options.token);
  }

  async json<T>(call: Call): Promise<T> {
    return (await this.run(this.prepare(call), 'json')) as T;
  }

  async jsonOrEmpty<T>(call: Call): Promise<T | undefined> {
    return (await this.run(this.prepare(call), 'jsonOrEmpty')) as T | undefined;
  }

  async bytes(call: Call): Promise<BinaryResponse> {
    return (await this.run(this.prepare(call), 'bytes')) as BinaryResponse;
  }

  async text(call: Call): Promise<string> {
    return (await this.run(this.prepare(call), 'text')) as string;
  }

  async stream(call: Call): Promise<TextStream> {
    return (await this.run(this.prepare(call), 'stream')) as TextStream;
  }

  /** A catalog route given by method and concrete path; anything unlisted is refused before sending. */
  async callPath(
    method: string,
    path: string,
    init: { query?: Record<string, QueryValue>; body?: JsonValue; signal?: AbortSignal },
  ): Promise<JsonValue | undefined> {
    const described = `${method.toUpperCase()} ${path}`;
    if (!path.startsWith('/') || /[?#]/.test(path)) {
      throw new RouteNotInCatalogError({ kind: 'call', call: described, notRelative: true });
    }
    const route = findRoute(method, path, this.names);
    if (!route) throw new RouteNotInCatalogError({ kind: 'call', call: described });
    const url = urlFor(route, path.replace(/\/+$/, ''), init.query, this.names, this.originUrl);
    const body: CallBody | undefined = init.body === undefined ? undefined : { kind: 'json', value: init.body };
    return (await this.run({ route, url, body, signal: init.signal }, 'jsonOrEmpty')) as JsonValue | undefined;
  }

  async close(): Promise<void> {
    const pools = [...(this.dispatchers ?? []), ...(this.streamDispatchers ?? [])];
    this.dispatchers = undefined;
    this.streamDispatchers = undefined;
    await Promise.all(pools.map((pool) => pool.close()));
  }

  private prepare(call: Call): Prepared {
    return prepareCall(call, this.names, this.originUrl);
  }

  private async run(prepared: Prepared, expect: ResponseKind): Promise<unknown> {
    const { route } = prepared;
    // The caller's last word (a read-only panel): a refusal here sends nothing, not even a token read.
    this.options.beforeSend?.(route);
    const token = await this.readToken();
    // Both checks come before anything is dispatched: a refused call sends nothing.
    if (tokenInUrl(prepared.url, token)) {
      this.log('warn', `${route.method} ${route.path} refused: a path or query value holds the API token`);
      throw new PanelConfigError({ kind: 'tokenInUrl', call: `${route.method} ${route.path}` }, route);
    }
    const gateway = await this.readGateway();
    const parts = this.buildParts(prepared, token, expect, gateway);
    const pools = this.pools(expect, gateway);
    const deadline = this.timeouts.totalMs ? AbortSignal.timeout(this.timeouts.totalMs) : undefined;
    const signals = [prepared.signal, deadline].filter((s): s is AbortSignal => s !== undefined);
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    const isRead = route.method === 'GET';
    const attempts = isRead ? Math.max(1, Math.trunc(prepared.attempts ?? this.retry.maxAttempts)) : 1;
    const described = `${route.method} ${prepared.url.pathname}${prepared.url.search}`;

    for (let attempt = 1; ; attempt++) {
      // The request timeout on every path, VS Code's pool included (it takes none of the client's timeouts).
      const watchdog = new Watchdog(this.timeouts, expect === 'stream');
      const context: FailureContext = {
        route,
        origin: this.origin,
        timeouts: this.timeouts,
        callerSignal: prepared.signal,
        deadline,
        watchdog,
        dispatched: false,
        clean: (text: string) => this.clean(text),
        clientCertificate: gateway.clientCertificate !== undefined,
      };
      const started = Date.now();
      try {
        signal?.throwIfAborted();
        context.dispatched = true;
        const response = await this.sendTrusted(pools, prepared, parts, signal, watchdog);
        const status = response.statusCode;
        if (isRead && RETRYABLE_STATUSES.has(status) && attempt < attempts) {
          const retryAfter = parseRetryAfter(header(response, 'retry-after'));
          if (status === 503 && isNodeRoute(route)) {
            // The API's own error object saying the node is offline is the answer (spec part 7): told at
            // once, not retried. A proxy's 503 page in front of the panel stays a transient failure.
            const received = await this.receive(response, status, header(response, 'content-type') ?? '', route, MAX_ERROR_BODY_BYTES);
            const failure = errorOf(received, route, (text) => this.clean(text), retryAfter);
            if (isNodeOfflineAnswer(failure)) throw failure;
          } else {
            await dump(response);
          }
          const delay = retryDelay(this.retry, attempt, retryAfter);
          this.log('warn', `${described} -> ${status}; retry ${attempt + 1} of ${attempts} in ${delay} ms`);
          await sleep(delay, signal);
          continue;
        }
        const result = await this.interpret(response, prepared, expect, context);
        this.log('debug', `${described} -> ${status} in ${Date.now() - started} ms`);
        return result;
      } catch (error) {
        const failure = classifyFailure(error, context);
        if (failure.retryable && isRead && attempt < attempts) {
          const delay = retryDelay(this.retry, attempt);
          this.log('warn', `${described} failed (${failure.error.message}); retry ${attempt + 1} of ${attempts} in ${delay} ms`);
          try {
            await sleep(delay, signal);
          } catch (abort) {
            throw classifyFailure(abort, { ...context, dispatched: false }).error;
          }
          continue;
        }
        this.log(failure.error instanceof PanelCancelledError ? 'debug' : 'warn', `${described} failed: ${failure.error.message}`);
        throw failure.error;
      } finally {
        watchdog.stop();
      }
    }
  }

  /** Headers and body, built once before the first attempt; a body JSON cannot represent is refused here. */
  private buildParts(prepared: Prepared, token: string, expect: ResponseKind, gateway: AccessGateway): RequestParts {
    try {
      return requestParts(token, expect, prepared.body, gateway.headers);
    } catch (error) {
      if (!(error instanceof UnsendableJsonError)) throw error;
      this.log('warn', `${prepared.route.method} ${prepared.route.path} refused: in its body, ${error.message}`);
      throw new PanelRequestBodyError(prepared.route, error.message);
    }
  }

  /** undici is loaded here, on the first request, never when this layer is imported. */
  private pools(expect: ResponseKind, gateway: AccessGateway): Pool[] {
    const certificate = gateway.clientCertificate;
    if (expect === 'stream') {
      // A log stream may stay quiet for long; it is ended by cancel() or the signal instead.
      return (this.streamDispatchers ??= createPools(loadUndici(), { ...this.options, timeouts: { ...this.options.timeouts, bodyMs: 0 } }, this.originUrl, certificate));
    }
    return (this.dispatchers ??= createPools(loadUndici(), this.options, this.originUrl, certificate));
  }

  /**
   * The access gateway's headers and client certificate, read once per client; their secrets join the
   * redacted ones before anything is sent. A header that must not be sent refuses every call.
   */
  private readGateway(): Promise<AccessGateway> {
    const source = this.options.gateway;
    if (!source) return Promise.resolve({});
    this.gateway ??= (async () => {
      let gateway: AccessGateway | undefined;
      try {
        gateway = typeof source === 'function' ? await source() : source;
      } catch (error) {
        if (error instanceof PanelConfigError) throw error; // e.g. the client certificate's file is gone
        const reason = error instanceof Error ? error.message : String(error);
        throw new PanelConfigError({ kind: 'gatewayUnreadable', reason: this.clean(reason) });
      }
      for (const header of gateway?.headers ?? []) if (header.value) this.gatewaySecrets.add(header.value);
      if (gateway?.clientCertificate?.passphrase) this.gatewaySecrets.add(gateway.clientCertificate.passphrase);
      assertUsableHeaders(gateway?.headers ?? []);
      return gateway ?? {};
    })();
    const reading = this.gateway;
    reading.catch(() => {
      if (this.gateway === reading) this.gateway = undefined;
    });
    return reading;
  }

  /** Text without the token or the gateway's secrets (longest first, so none is left half-hidden). */
  private clean(text: string): string {
    return redact(text, [...this.gatewaySecrets, ...this.secrets].sort((a, b) => b.length - a.length));
  }

  /**
   * Sends with the pool that last worked; a certificate refused by one pool is tried with the next (the
   * private CA after the system's, VS Code's own pool last), and so is a proxy that asks for a login
   * (VS Code's pool asks the operator). Either means nothing was sent, so even a change may be sent again.
   */
  private async sendTrusted(pools: Pool[], prepared: Prepared, parts: RequestParts, signal: AbortSignal | undefined, watchdog: Watchdog): Promise<Answer> {
    for (let index = Math.min(this.trust, pools.length - 1); ; ) {
      try {
        const answer = await sendFollowingRedirects(pools[index], { route: prepared.route, url: prepared.url, origin: this.origin, debug: (message) => this.log('debug', message) }, parts, signal, watchdog);
        if (index !== this.trust) this.log('debug', `${this.origin}: sending ${pools[index].describe}`);
        this.trust = index;
        return answer;
      } catch (error) {
        if (this.options.trustedCertificate && certificateRefused(error)) throw await this.changedCertificate(error);
        if (signal?.aborted || watchdog.fired) throw error;
        const next = certificateRefused(error)
          ? index + 1
          : isProxyLoginRequest(error) ? pools.findIndex((pool, at) => at > index && pool.kind === 'host') : -1;
        if (next < 0 || next >= pools.length) throw error;
        this.log('debug', `${this.origin}: ${certificateRefused(error) ? 'certificate refused' : 'the proxy asks for a login'} (${pools[index].describe}); trying ${pools[next].describe}`);
        index = next;
      }
    }
  }

  /** The panel no longer presents the certificate the operator trusted: both fingerprints, and what to do. */
  private async changedCertificate(error: unknown): Promise<unknown> {
    const trusted = certificateFacts(this.options.trustedCertificate ?? '').sha256;
    let presented: string;
    try {
      presented = (await presentedCertificate(this.origin, this.timeouts.connectMs)).sha256;
    } catch {
      return error;
    }
    if (presented === trusted) return error;
    return new PanelCertificateChangedError(this.origin, trusted, presented);
  }

  private async interpret(
    response: Answer,
    prepared: Prepared,
    expect: ResponseKind,
    context: FailureContext,
  ): Promise<unknown> {
    const { route } = prepared;
    const status = response.statusCode;
    const contentType = header(response, 'content-type') ?? '';
    if (status < 200 || status >= 300) {
      const received = await this.receive(response, status, contentType, route, MAX_ERROR_BODY_BYTES);
      throw errorOf(received, route, (text) => this.clean(text), parseRetryAfter(header(response, 'retry-after')));
    }
    if (expect === 'stream') {
      return textStream(response.body, contentType, (error) => classifyFailure(error, context).error);
    }
    const received = await this.receive(response, status, contentType, route, MAX_BODY_BYTES);
    switch (expect) {
      case 'json':
        return jsonOf(received, route, false);
      case 'jsonOrEmpty':
        return jsonOf(received, route, true);
      case 'bytes':
        assertPayload(received, route);
        return { contentType, bytes: received.bytes } satisfies BinaryResponse;
      case 'text':
        assertPayload(received, route);
        return Buffer.from(received.bytes).toString('utf8');
    }
  }

  private async receive(response: Answer, status: number, contentType: string, route: RouteSpec, limit: number): Promise<ReceivedBody> {
    try {
      return { status, contentType, bytes: await readBody(response.body, limit) };
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      response.body.destroy();
      throw new PanelResponseFormatError({ status, contentType, problem: { kind: 'tooLarge', limit }, route });
    }
  }

  private async readToken(): Promise<string> {
    const source = this.options.token;
    let token: unknown;
    try {
      token = typeof source === 'function' ? await source() : source;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new PanelConfigError({ kind: 'tokenUnreadable', reason: this.clean(reason) });
    }
    if (typeof token === 'string') this.remember(token);
    assertUsableToken(token);
    return token;
  }

  private remember(token: string): void {
    if (!token) return;
    this.secrets.delete(token);
    this.secrets.add(token);
    const trimmed = token.trim();
    if (trimmed && trimmed !== token) this.secrets.add(trimmed);
    while (this.secrets.size > REMEMBERED_TOKENS) this.secrets.delete(this.secrets.values().next().value as string);
  }

  private log(level: LogLevel, message: string): void {
    const sink = this.options.log;
    if (!sink) return;
    try {
      sink(level, logLine(this.clean(message)));
    } catch {
      // A failing log sink must not fail the call.
    }
  }
}

/** One line per entry: control characters become spaces (a line break in the panel's words could forge a log line). */
function logLine(text: string): string {
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ');
  return line.length <= MAX_LOG_LINE ? line : `${line.slice(0, MAX_LOG_LINE - 1)}…`;
}

function certificateRefused(error: unknown): boolean {
  return error instanceof PanelNetworkError ? error.certificateRejected : isCertificateFailure(error);
}
