/** A fetch Response as the transport reads it: status, headers and a Node stream body under the watchdog. */
import { Readable } from 'node:stream';
import type { Watchdog } from './watchdog';

export interface Answer {
  statusCode: number;
  headers: Headers;
  body: Readable;
}

export function answerOf(reply: Response, watchdog: Watchdog): Answer {
  const body = reply.body ? Readable.fromWeb(watchdog.watchBody(reply.body)) : (watchdog.stop(), Readable.from([]));
  return { statusCode: reply.status, headers: reply.headers, body };
}

/** Reads a body that is not wanted to its end, so that its connection can be reused. */
export async function dump(response: Answer): Promise<void> {
  try {
    for await (const chunk of response.body) void chunk;
  } catch {
    // A body that fails while being thrown away changes nothing.
  }
}

export function header(response: Answer, name: string): string | undefined {
  return response.headers.get(name) ?? undefined;
}
