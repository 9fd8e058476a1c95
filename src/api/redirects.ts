/**
 * Sending one request and following its redirects. undici does not follow them; this does: a GET may follow
 * up to 5 redirects that stay on the panel's origin and under /api/v1. A redirect to another origin is
 * refused (PanelRedirectError) rather than followed without the token: the API has no reason to leave its
 * origin, and following would hand the request's path and query to a third party. Mutations never follow
 * redirects.
 */
import type { RouteSpec } from './catalog';
import type { Pool } from './dispatcher';
import { PanelRedirectError, type RedirectRefusal } from './errors';
import { answerOf, dump, header, type Answer } from './fetchAnswer';
import type { RequestParts } from './requestParts';
import { API_PREFIX } from './requestUrl';
import type { Watchdog } from './watchdog';

const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** The request to send: its route, its URL, the panel's origin, and where redirects followed are logged. */
export interface Sending {
  readonly route: RouteSpec;
  readonly url: URL;
  readonly origin: string;
  readonly debug: (message: string) => void;
}

export async function sendFollowingRedirects(pool: Pool, sending: Sending, { headers, body }: RequestParts, signal: AbortSignal | undefined, watchdog: Watchdog): Promise<Answer> {
  const { route, origin } = sending;
  let url = sending.url;
  const signals = AbortSignal.any(signal ? [signal, watchdog.signal] : [watchdog.signal]);
  for (let hop = 0; ; hop++) {
    // The platform's fetch (inside VS Code, the extension host's: its proxy and certificates), or
    // undici's where VS Code would add nothing (see createPools). An upload's FormData is the platform's,
    // which only the platform's fetch encodes; one upload gains nothing from a reused connection.
    const send = body instanceof FormData && !pool.sendsForms ? fetch : pool.fetch;
    // undici's own timers (or the certificate route's) end a stalled request on the client's own pools; this one ends it on any pool.
    watchdog.awaitHeaders(pool.kind === 'own');
    const reply = await send(url, {
      method: route.method,
      headers,
      body,
      signal: signals,
      redirect: 'manual',
      // @ts-expect-error `dispatcher` is undici's extension of RequestInit, honoured by Node's fetch.
      dispatcher: pool.dispatcher,
    });
    const response = answerOf(reply, watchdog);
    const location = header(response, 'location');
    if (!REDIRECT_STATUSES.has(response.statusCode) || !location) return response;
    await dump(response);
    const next = parseLocation(location, url);
    const refuse = (targetOrigin: string, refusal: RedirectRefusal) =>
      new PanelRedirectError({ status: response.statusCode, targetOrigin, refusal, route });
    if (!next) throw refuse('an unreadable location', { kind: 'unreadableLocation' });
    if (next.origin !== origin) throw refuse(next.origin, { kind: 'otherOrigin', origin });
    if (route.method !== 'GET') throw refuse(next.origin, { kind: 'notRead' });
    if (!next.pathname.startsWith(`${API_PREFIX}/`)) throw refuse(next.origin, { kind: 'outsideApi', prefix: API_PREFIX });
    if (hop >= MAX_REDIRECTS) throw refuse(next.origin, { kind: 'tooMany', max: MAX_REDIRECTS });
    sending.debug(`${route.method} ${url.pathname} redirected (${response.statusCode}) to ${next.pathname}`);
    url = next;
  }
}

function parseLocation(location: string, base: URL): URL | undefined {
  try {
    return new URL(location, base);
  } catch {
    return undefined;
  }
}
