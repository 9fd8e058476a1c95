/**
 * Turning untrusted text from the panel into something safe to show. No `vscode` import, so unit tests
 * cover it in plain Node; `untrustedText.ts` builds the VS Code objects on top of it.
 */

// C0/C1 controls, and the bidirectional formatting characters that can reorder what a reader sees
// (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI) plus the zero-width marks often used to hide text.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const BIDI_AND_INVISIBLE = /[\u200b\u200d-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;
// ZERO WIDTH NON-JOINER is spelling in Persian, Kurdish, Urdu and Pashto (می‌شود, منقضی‌شده: the letters
// before it take their final form). Kept between two letters of the Arabic script, where that is all it
// does; anywhere else (inside a Latin name, at an edge) it is removed as the other zero-width marks are.
const STRAY_NON_JOINER = /(?<!\p{Script=Arabic})\u200c|\u200c(?!\p{Script=Arabic})/gu;

/** Without bidi formatting characters and invisible marks (a non-joiner inside a Persian word is kept). */
function withoutInvisible(text: string): string {
  return text.replace(BIDI_AND_INVISIBLE, '').replace(STRAY_NON_JOINER, '');
}

/** Strips control and bidi-override characters, collapses whitespace, and truncates with "…". null/undefined -> ''. */
export function plainLabel(value: unknown, max = 200): string {
  const text = textOf(value)
    .replace(CONTROL, ' ')
    .replace(BIDI_AND_INVISIBLE, '')
    .replace(STRAY_NON_JOINER, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= max) return text;
  // Do not cut a surrogate pair in half.
  let end = Math.max(0, max - 1);
  if (end > 0 && /[\ud800-\udbff]/.test(text.charAt(end - 1))) end -= 1;
  return `${text.slice(0, end)}…`;
}

/** Escapes every character Markdown could read as syntax, so the text renders literally. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()<>#+\-.!|~&:"'$=]/g, (character) => `\\${character}`);
}

/**
 * For untrusted text inside a notification, which renders `[label](target)` as a link: separates the two
 * halves so no link (and no `command:` link) can form; the text stays readable.
 */
export function withoutLinks(text: string): string {
  return text.replace(/\]\s*\(/g, '] (');
}

/**
 * For untrusted text inside a quick input's message (an input box's validation message or prompt), which
 * VS Code renders with `[label](command:…)` links that run commands, and with `$(icon)` codicons: one
 * plain line of at most `max` characters, link syntax broken up, icon syntax escaped so it shows literally.
 */
export function quickInputText(value: unknown, max = 1000): string {
  return escapeIcons(withoutLinks(plainLabel(value, max)));
}

/** Escapes `$(name)` so quick picks, input boxes and status bar texts show it instead of rendering an icon. */
export function escapeIcons(text: string): string {
  return text.replace(/(\\)?\$\([a-z0-9-]+(?:~[a-z0-9-]*)?\)/gi, (match, escaped: string | undefined) => (escaped ? match : `\\${match}`));
}

/** Any JSON value as text: strings as they are, numbers and booleans written out, objects and arrays as JSON, null/undefined as ''. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  try {
    // int64 values the API client read as bigint (ids beyond 2^53) show their exact digits.
    return JSON.stringify(value, (_name, member: unknown) => (typeof member === 'bigint' ? member.toString() : member)) ?? '';
  } catch {
    return '';
  }
}

/**
 * Joins description parts, each made plain text and cut to `max` characters, with " · ". With `keepIsolates`,
 * the parts were made plain by the caller and may hold the isolates `isolated` (bidi.ts) put around a panel
 * value: only isolates that open and close around text with no other bidi control are kept.
 */
export function joinParts(parts: readonly string[], max = 60, options: { keepIsolates?: boolean } = {}): string {
  return parts.map((part) => (options.keepIsolates ? plainKeepingIsolates(part, max) : plainLabel(part, max))).filter((part) => part !== '').join(' · ');
}

/**
 * Controls and bidi characters stripped outside and inside FSI…PDI pairs, the pairs kept (the isolates of
 * `isolated`); a part longer than `max` is cut by `plainLabel`, which drops the isolates with the rest.
 */
function plainKeepingIsolates(part: string, max: number): string {
  const clean = (piece: string) => withoutInvisible(piece.replace(CONTROL, ' '));
  const text = textOf(part)
    .split(/(\u2068[^\u2068\u2069]*\u2069)/u)
    .map((piece) => (/^\u2068[^\u2068\u2069]*\u2069$/u.test(piece) ? `\u2068${clean(piece.slice(1, -1)).trim()}\u2069` : clean(piece)))
    .join('')
    .replace(/\u2068\u2069/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return text.replace(/[\u2068\u2069]/g, '').length <= max ? text : plainLabel(text, max);
}
