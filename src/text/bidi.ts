/**
 * Writing direction of the display language, and panel values kept whole inside the extension's own
 * sentences. In a right-to-left language (Persian, Arabic, Hebrew, Urdu, Sorani, Pashto…) a sentence such as
 * «نود "ams-1 · Frankfurt" اعمال شد» is reordered by the bidirectional algorithm around a value mixing
 * scripts: the Latin run joins the words beside it. A value between FIRST STRONG ISOLATE (U+2068) and POP
 * DIRECTIONAL ISOLATE (U+2069) is laid out on its own, in its own direction, and the sentence around it
 * keeps its order. Plain text only (notifications, quick picks, tree descriptions); pages use `<bdi>` and
 * `dir` (webviews). No `vscode` import.
 *
 * Panel text never carries a bidi control of its own: `plainLabel` strips them (plainText.ts), and
 * `isolated` strips them again, so a value cannot close the isolate early or override the sentence.
 */
import { displayLanguage } from './displayLanguage';

/** FIRST STRONG ISOLATE: what follows takes the direction of its first strong letter, isolated from around it. */
export const FSI = '\u2068';
/** POP DIRECTIONAL ISOLATE: ends the isolate. */
export const PDI = '\u2069';
/** RIGHT-TO-LEFT ISOLATE: what follows is laid out right to left, isolated from around it. */
export const RLI = '\u2067';

/** Scripts written right to left (ISO 15924), for a language whose likely script is one of them. */
const RIGHT_TO_LEFT_SCRIPTS = new Set(['Arab', 'Hebr', 'Thaa', 'Syrc', 'Nkoo', 'Adlm', 'Rohg', 'Mand', 'Samr', 'Mend', 'Yezi']);
/** When `Intl.Locale` cannot tell (an engine without likely subtags): the languages VS Code's packs and the operators use. */
const RIGHT_TO_LEFT_LANGUAGES = new Set(['ar', 'fa', 'he', 'iw', 'ur', 'ckb', 'ps', 'sd', 'ug', 'yi', 'dv', 'ks', 'syr', 'prs', 'pnb']);

const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c]/g;

/** Whether a language (a BCP 47 tag: `fa`, `ar-EG`, `ku-Arab`, `zh-cn`) is written right to left. */
export function isRightToLeft(tag: string): boolean {
  let canonical: string;
  try {
    canonical = Intl.getCanonicalLocales(tag.trim())[0] ?? '';
  } catch {
    return false;
  }
  if (canonical === '') return false;
  try {
    const script = new Intl.Locale(canonical).maximize().script;
    if (script) return RIGHT_TO_LEFT_SCRIPTS.has(script);
  } catch {
    // fall through to the list
  }
  return RIGHT_TO_LEFT_LANGUAGES.has(canonical.split('-')[0].toLowerCase());
}

/** `rtl` or `ltr`: the `dir` of a page in that language (the display language by default). */
export function textDirection(tag: string = displayLanguage()): 'rtl' | 'ltr' {
  return isRightToLeft(tag) ? 'rtl' : 'ltr';
}

/**
 * A panel value (a node's name, a user's label, a hostname) to go into a sentence of the display language:
 * between FSI and PDI when the language is right to left, as it is otherwise. The value should already be
 * plain (`plainLabel`); any bidi control left in it is removed, so the isolate always closes where it should.
 * Never for what is copied back to the panel or used as a name (a file, a terminal, a default value).
 */
export function isolated(value: string, tag: string = displayLanguage()): string {
  const text = value.replace(BIDI_CONTROLS, '');
  if (text === '' || !isRightToLeft(tag)) return text;
  return `${FSI}${text}${PDI}`;
}

/**
 * A whole sentence of the display language, for a place VS Code lays out left to right whatever the
 * language (a notification, a confirmation, a tree item's description): between RLI and PDI when the
 * language is right to left, so the sentence reads from the right in its own order (its full stop on the
 * left, a count before its noun), as it is otherwise. The sentence is the extension's own, its panel values
 * already `isolated`; it keeps them.
 */
export function inReadingOrder(sentence: string, tag: string = displayLanguage()): string {
  if (sentence === '' || !isRightToLeft(tag)) return sentence;
  return `${RLI}${sentence}${PDI}`;
}

/** The value without the isolates `isolated` added (for a comparison or a name made from a sentence's value). */
export function withoutIsolates(value: string): string {
  return value.replace(/[\u2066-\u2069]/g, '');
}
