/**
 * VS Code's display language (`vscode.env.language`, e.g. `ru`, `zh-cn`), for what `Intl` says in it: plural
 * categories, relative times, numbers and dates. Set once when the extension activates (extension.ts) and
 * once when a webview page starts (from its `<html lang>`); English until then. No `vscode` import.
 */
let tag = 'en';
/** The tag made canonical on first use: the first `Intl` call costs a fraction of a millisecond, not spent at activation. */
let language: string | undefined = 'en';

export function useDisplayLanguage(candidateTag: string | undefined): void {
  const candidate = (candidateTag ?? '').trim();
  if (candidate === '') return;
  tag = candidate;
  language = undefined;
}

export function displayLanguage(): string {
  if (language === undefined) {
    try {
      // VS Code's tags (`zh-cn`, `pt-br`) are BCP 47; an unknown one would make every Intl call throw.
      language = Intl.getCanonicalLocales(tag)[0] ?? 'en';
    } catch {
      language = 'en';
    }
  }
  return language;
}

/** A number as the display language writes it (`1 234,5` in Russian, `1,234.5` in English). */
export function numberText(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(displayLanguage(), options).format(value);
}

/** A moment as the display language writes a date and time (medium date, short time). */
export function dateTimeText(value: Date | number, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }): string {
  return new Intl.DateTimeFormat(displayLanguage(), options).format(value);
}
