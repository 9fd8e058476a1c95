/**
 * Log lines from a node as text with colour: SGR colour and weight codes become style runs, every other
 * escape sequence (cursor moves, screen clears, titles, hyperlinks, terminal queries) and every control
 * character is dropped, and bidirectional overrides are removed so a line cannot reorder what follows it.
 * No `vscode` import (unit-tested; also what the benchmark drives).
 */

/** A run of a line's text in one style: `[from, to, classes]`, classes from `ansiClasses` only. */
export type StyleRun = readonly [from: number, to: number, classes: string];

export interface StyledLine {
  /** The line as plain text: what filters match and what Open as Document shows. */
  readonly text: string;
  /** Coloured parts; absent when the line has no colour. */
  readonly runs?: readonly StyleRun[];
}

/** Longer lines are cut (with a note of how much) so one line cannot hold megabytes. */
export const MAX_LINE_CHARS = 8192;

interface Style {
  fg?: number;
  bg?: number;
  bold?: boolean;
  dim?: boolean;
  italic?: boolean;
  underline?: boolean;
}

// ESC [ params intermediates final | ESC ] ... (BEL | ESC \) | ESC P/X/^/_ ... ESC \ | ESC + one character,
// and the 8-bit CSI (U+009B) and OSC (U+009D) forms.
const ESCAPES = /(?:\u001b\[|\u009b)([0-?]*)[ -/]*([@-~])?|(?:\u001b\]|\u009d)[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)?|\u001b[PX^_][^\u001b]*(?:\u001b\\)?|\u001b[ -~]?/g;
const LINE_BREAKS = /[\n\v\f\r\u2028\u2029\u0085]/g;
const CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g;
const BIDI_AND_INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

/** Parses one raw line (without its line break). */
export function styledLine(raw: string): StyledLine {
  const source = raw.length > MAX_LINE_CHARS * 2 ? raw.slice(0, MAX_LINE_CHARS * 2) : raw;
  let text = '';
  const runs: StyleRun[] = [];
  let style: Style = {};
  let last = 0;
  const emit = (part: string) => {
    const clean = part.replace(LINE_BREAKS, ' ').replace(CONTROLS, '').replace(BIDI_AND_INVISIBLE, '').replace(/\t/g, '    ');
    if (!clean) return;
    const classes = ansiClasses(style);
    if (classes) {
      const previous = runs[runs.length - 1];
      if (previous && previous[1] === text.length && previous[2] === classes) runs[runs.length - 1] = [previous[0], text.length + clean.length, classes];
      else runs.push([text.length, text.length + clean.length, classes]);
    }
    text += clean;
  };
  for (const match of source.matchAll(ESCAPES)) {
    emit(source.slice(last, match.index));
    last = match.index + match[0].length;
    if (match[2] === 'm' && match[0].length > 1) style = applySgr(style, match[1] ?? '');
  }
  emit(source.slice(last));
  return cut({ text, runs }, raw.length - source.length);
}

function cut(line: { text: string; runs: StyleRun[] }, alreadyCut: number): StyledLine {
  let { text, runs } = line;
  const over = Math.max(0, text.length - MAX_LINE_CHARS) + alreadyCut;
  if (over > 0) {
    text = `${text.slice(0, MAX_LINE_CHARS)} … [+${over}]`;
    runs = runs.filter((run) => run[0] < MAX_LINE_CHARS).map((run) => [run[0], Math.min(run[1], MAX_LINE_CHARS), run[2]] as const);
  }
  return runs.length > 0 ? { text, runs } : { text };
}

/** Applies the parameters of one SGR sequence (`ESC [ … m`); anything but colours and weights is ignored. */
function applySgr(style: Style, parameters: string): Style {
  const codes = parameters === '' ? [0] : parameters.split(/[;:]/).map((code) => (code === '' ? 0 : Number(code)));
  const next: Style = { ...style };
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i];
    if (code === 0) Object.assign(next, { fg: undefined, bg: undefined, bold: undefined, dim: undefined, italic: undefined, underline: undefined });
    else if (code === 1) next.bold = true;
    else if (code === 2) next.dim = true;
    else if (code === 3) next.italic = true;
    else if (code === 4) next.underline = true;
    else if (code === 22) next.bold = next.dim = undefined;
    else if (code === 23) next.italic = undefined;
    else if (code === 24) next.underline = undefined;
    else if (code >= 30 && code <= 37) next.fg = code - 30;
    else if (code >= 90 && code <= 97) next.fg = code - 90 + 8;
    else if (code === 39) next.fg = undefined;
    else if (code >= 40 && code <= 47) next.bg = code - 40;
    else if (code >= 100 && code <= 107) next.bg = code - 100 + 8;
    else if (code === 49) next.bg = undefined;
    else if ((code === 38 || code === 48) && codes[i + 1] === 5) {
      // 256 colours: the 16 named ones keep their theme colour; the rest show as the default colour.
      const index = codes[i + 2];
      next[code === 38 ? 'fg' : 'bg'] = index !== undefined && index < 16 ? index : undefined;
      i += 2;
    } else if ((code === 38 || code === 48) && codes[i + 1] === 2) {
      next[code === 38 ? 'fg' : 'bg'] = undefined; // 24-bit colours show as the default colour
      i += 4;
    }
  }
  return next;
}

/** `f<0-15>`, `b<0-15>`, `B` bold, `D` dim, `I` italic, `U` underline: the only class names the page styles. */
export function ansiClasses(style: Style): string {
  const classes: string[] = [];
  if (style.fg !== undefined) classes.push(`f${style.fg}`);
  if (style.bg !== undefined) classes.push(`b${style.bg}`);
  if (style.bold) classes.push('B');
  if (style.dim) classes.push('D');
  if (style.italic) classes.push('I');
  if (style.underline) classes.push('U');
  return classes.join(' ');
}
