/**
 * Counted phrases ("1 day", "3 дня", "5 дней") by the plural rules of the display language
 * (`Intl.PluralRules`). The English source names two forms; the bundle gives each language the forms it
 * has: `one` and `other` are the English messages themselves, `few` and `many` (Russian, Ukrainian,
 * Polish...) are the `other` message with the comment `plural few` / `plural many`, so a translation file
 * can say `"{0} days/plural few": "{0} дня"`. `{0}` is the count written as the display language writes
 * numbers. No `vscode` import: the caller passes `vscode.l10n.t`.
 */
import { displayLanguage, numberText } from './displayLanguage';
import type { Localize } from './localize';

/** The English forms of a counted phrase, each with `{0}` for the count; further `{1}`... come from `args`. */
export interface PluralForms {
  readonly one: string;
  readonly other: string;
}

/** The categories that get their own bundle key besides `one` and `other`. */
export const EXTRA_PLURAL_CATEGORIES = ['few', 'many'] as const;

export function pluralComment(category: (typeof EXTRA_PLURAL_CATEGORIES)[number]): string {
  return `plural ${category}`;
}

export function plural(count: number, forms: PluralForms, t: Localize, ...args: Array<string | number | boolean>): string {
  const number = numberText(count);
  const category = new Intl.PluralRules(displayLanguage()).select(count);
  if (category === 'few' || category === 'many') return t({ message: forms.other, args: [number, ...args], comment: pluralComment(category) });
  if (category === 'one') return t(forms.one, number, ...args);
  return t(forms.other, number, ...args);
}
