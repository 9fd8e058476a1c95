/** `{{placeholders}}` in template text and the ones a template does not declare. No `vscode` import (unit-tested). */

export interface PlaceholderUse {
  readonly name: string;
  /** Offset of the first `{` in the text. */
  readonly offset: number;
  readonly length: number;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;

export function placeholderUses(text: string): PlaceholderUse[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => ({ name: match[1], offset: match.index ?? 0, length: match[0].length }));
}

export interface PlaceholderAt extends PlaceholderUse {
  /** 0-based line and column (UTF-16 code units) of the first `{`. */
  readonly line: number;
  readonly column: number;
}

/** The line and column of each use (uses in text order, as `placeholderUses` gives them): one pass over the text. */
export function placeholderPositions(text: string, uses: readonly PlaceholderUse[]): PlaceholderAt[] {
  let line = 0;
  let lineStart = 0;
  let scanned = 0;
  return uses.map((use) => {
    for (let at = text.indexOf('\n', scanned); at !== -1 && at < use.offset; at = text.indexOf('\n', at + 1)) {
      line += 1;
      lineStart = at + 1;
    }
    scanned = Math.max(scanned, use.offset);
    return { ...use, line, column: use.offset - lineStart };
  });
}

/** Uses of placeholders that are not among `declared`. */
export function undeclaredPlaceholders(text: string, declared: Iterable<string>): PlaceholderUse[] {
  const names = new Set(declared);
  return placeholderUses(text).filter((use) => !names.has(use.name));
}

/** Replaces every declared placeholder with its value (the Preview of a form; the panel does the real work). */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (Object.hasOwn(values, name) ? values[name] : whole));
}
