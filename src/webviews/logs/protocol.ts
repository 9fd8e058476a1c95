/**
 * Messages between the log viewer and the extension. No `vscode` import: the browser script uses the types,
 * the extension the parser.
 */
import { bareMessage, messageObject, stringMember } from '../shared/messages';
import type { StyledLine } from './ansi';

/** A line as the page shows it: its number in the stream, plain text, colour runs. */
export interface LogLine extends StyledLine {
  readonly n: number;
}

/** How the stream stands; the page words it (from `words`) and offers Reconnect where it can help. */
export type StreamState = 'connecting' | 'live' | 'ended' | 'dropped' | 'offline' | 'failed';

export type ToLogsWebview =
  /** Start over with these lines (after load, resume, filter); the page shows nothing else. */
  | { type: 'reset'; lines: LogLine[]; dropped: number; maxLines: number; paused: boolean; filter: string }
  /** New lines at the end; `dropped` is how many of the oldest lines the buffer has dropped so far. */
  | { type: 'append'; lines: LogLine[]; dropped: number }
  | { type: 'state'; state: StreamState; message: string; canReconnect: boolean }
  /** Texts of the page, translated by the extension. */
  | { type: 'words'; words: LogWords };

export interface LogWords {
  pause: string;
  resume: string;
  wrap: string;
  filter: string;
  openAsDocument: string;
  reconnect: string;
  clear: string;
  /** `{0}` lines dropped. */
  droppedMarker: string;
  /** `{0}` new lines while paused. */
  pausedMarker: string;
  noLines: string;
}

export type FromLogsWebview =
  | { type: 'ready' }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'reconnect' }
  | { type: 'openAsDocument' }
  | { type: 'clear' }
  | { type: 'filter'; text: string };

export const MAX_FILTER_CHARS = 500;

export function parseLogsMessage(raw: unknown): FromLogsWebview | undefined {
  const message = messageObject(raw);
  if (message?.type === 'filter') {
    const text = stringMember(message, 'text', MAX_FILTER_CHARS);
    return text === undefined ? undefined : { type: 'filter', text };
  }
  return bareMessage<FromLogsWebview>(raw, ['ready', 'pause', 'resume', 'reconnect', 'openAsDocument', 'clear']);
}
