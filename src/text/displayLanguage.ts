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

/**
 * A count, a figure or a size as the display language writes it (`1 234,5` in Russian, `1,234.5` in English,
 * `۱٬۲۳۴٫۵` in Persian, whose readers expect Persian digits in running text). Only for what is read: an id, a
 * port, an address, a version or anything an operator copies back to the panel is written as the panel sent
 * it (`String(value)`), in the digits the panel reads.
 */
export function numberText(value: number, options?: Intl.NumberFormatOptions): string {
  if (options) return new Intl.NumberFormat(displayLanguage(), options).format(value);
  // Making a formatter costs tens of microseconds: the plain one is kept per language (the fleet to-do
  // writes thousands of figures in one recompute).
  const language = displayLanguage();
  if (plainNumbers?.language !== language) plainNumbers = { language, format: new Intl.NumberFormat(language) };
  return plainNumbers.format.format(value);
}

let plainNumbers: { readonly language: string; readonly format: Intl.NumberFormat } | undefined;

/** A moment as the display language writes a date and time (medium date, short time). */
export function dateTimeText(value: Date | number, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }): string {
  return new Intl.DateTimeFormat(displayLanguage(), options).format(value);
}

/** A size in bytes as the display language writes it: `512 KB`, `1.5 MB` (`۱٫۵ مگابایت` in Persian). Powers of 1024. */
export function sizeText(bytes: number): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return numberText(value, { style: 'unit', unit: units[unit], unitDisplay: unit === 0 ? 'long' : 'short', maximumFractionDigits: unit < 2 ? 0 : 1 });
}
