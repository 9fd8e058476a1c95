/**
 * A panel's own words, wherever it puts them: an answer or an error object may explain itself in
 * `message`, `reason`, `detail`, `fields` or a list such as `problems[]`, `errors[]` or `details[]`
 * (the contract shows only `message` and `fields`). Read defensively; the words are untrusted text that
 * callers make safe before showing. No `vscode` import.
 */

const TEXT_MEMBERS = ['message', 'reason', 'detail', 'description', 'title', 'error'] as const;
const LIST_MEMBERS = ['problems', 'errors', 'details', 'reasons', 'messages', 'issues', 'warnings'] as const;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One entry of a list: a string, or `{field?, line?, message|detail|reason}`. */
function entryWords(entry: unknown): string | undefined {
  if (typeof entry === 'string') return entry.trim() || undefined;
  if (typeof entry === 'number' || typeof entry === 'boolean') return String(entry);
  if (!isRecord(entry)) return undefined;
  const text = [entry.message, entry.detail, entry.reason, entry.error, entry.description].find((value) => typeof value === 'string' && value.trim() !== '');
  if (typeof text !== 'string') return undefined;
  const where = [entry.field, entry.name, entry.path, entry.pointer].find((value) => typeof value === 'string' && value !== '');
  const line = typeof entry.line === 'number' ? `line ${entry.line}: ` : '';
  return `${typeof where === 'string' ? `${where}: ` : ''}${line}${text.trim()}`;
}

/**
 * The explaining words of an object (an answer such as a DNS preflight's, or an error object), in the
 * order found: `message`-like strings, then list entries, then `fields` as `name: why`. `skip` leaves out
 * members the caller reads itself.
 */
export function panelWordsOf(value: unknown, skip: readonly string[] = []): string[] {
  if (!isRecord(value)) return [];
  const words: string[] = [];
  const own = (name: string) => Object.hasOwn(value, name) && !skip.includes(name);
  for (const name of TEXT_MEMBERS) {
    if (!own(name)) continue;
    const member = value[name];
    if (typeof member === 'string' && member.trim() !== '') words.push(member.trim());
    else if (isRecord(member)) words.push(...panelWordsOf(member));
  }
  for (const name of LIST_MEMBERS) {
    if (!own(name)) continue;
    const member = value[name];
    const list = Array.isArray(member) ? member : [member];
    for (const entry of list) {
      const text = entryWords(entry);
      if (text !== undefined) words.push(text);
    }
  }
  if (own('fields') && isRecord(value.fields)) {
    for (const [name, why] of Object.entries(value.fields)) words.push(`${name}: ${typeof why === 'string' ? why : JSON.stringify(why)}`);
  }
  return [...new Set(words)];
}

/** What `fieldsNamedBy` reads of a refusal: its message, its field errors, and its other words. */
export interface Refusal {
  readonly panelMessage: string;
  readonly fields?: Readonly<Record<string, string>>;
  readonly details?: readonly string[];
}

/** Which of `candidates` (field names) a refusal names: as a key of its `fields`, or as a word of its text. */
export function fieldsNamedBy(refusal: Refusal, candidates: readonly string[]): string[] {
  const keys = Object.keys(refusal.fields ?? {}).map((key) => key.replace(/[[.].*$/, ''));
  const text = [refusal.panelMessage, ...(refusal.details ?? [])].join('\n');
  return candidates.filter((name) => keys.includes(name) || namesWord(text, name));
}

/** `name` as a whole word of `text` (`note` in "unknown field: note", not in "notes" or "footnote"). */
export function namesWord(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`).test(text);
}
