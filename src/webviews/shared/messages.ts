/**
 * Pieces of the typed message protocols between the extension and its webviews. Every webview declares a
 * discriminated union per direction and a parser for what the webview sends; the extension acts only on
 * messages its parser accepts. No `vscode` import (used by the browser scripts and unit tests too).
 */

/** Every message in either direction has a `type` naming its member of the union. */
export interface Message {
  readonly type: string;
}

/** Turns what a webview posted into a member of its union, or undefined when it is not one. */
export type MessageParser<T extends Message> = (raw: unknown) => T | undefined;

/** The plain object a message arrived as (never an array), else undefined. */
export function messageObject(raw: unknown): Record<string, unknown> | undefined {
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) && typeof (raw as Message).type === 'string'
    ? (raw as Record<string, unknown>)
    : undefined;
}

/** The message types that carry nothing but their `type`. */
export function bareMessage<T extends Message>(raw: unknown, types: readonly T['type'][]): T | undefined {
  const message = messageObject(raw);
  return message && (types as readonly unknown[]).includes(message.type) ? ({ type: message.type } as T) : undefined;
}

/** A string member of at most `max` characters, else undefined. */
export function stringMember(message: Record<string, unknown>, name: string, max: number): string | undefined {
  const value = message[name];
  return typeof value === 'string' && value.length <= max ? value : undefined;
}

/** An integer member within [min, max], else undefined. */
export function integerMember(message: Record<string, unknown>, name: string, min: number, max: number): number | undefined {
  const value = message[name];
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max ? value : undefined;
}

/** The message type every scripted page may send besides its own protocol (browser/policyReport.ts; see WebviewPage). */
export const POLICY_VIOLATION = 'policyViolation';

export interface PolicyViolation {
  readonly type: typeof POLICY_VIOLATION;
  /** The directive that blocked something, e.g. `script-src-elem`. */
  readonly directive: string;
  /** What was blocked: a URL, `inline` or `eval`. */
  readonly blocked: string;
  /** The script and line that caused it, when the browser knows. */
  readonly source: string;
}

/** A policy violation a page reported, else undefined (its members bounded: they are logged). */
export function policyViolationOf(raw: unknown): PolicyViolation | undefined {
  const message = messageObject(raw);
  if (message?.type !== POLICY_VIOLATION) return undefined;
  const text = (name: string) => (typeof message[name] === 'string' ? message[name].slice(0, 500) : '');
  return { type: POLICY_VIOLATION, directive: text('directive'), blocked: text('blocked'), source: text('source') };
}
