/**
 * VS Code's display language as the page shell wrote it into `<html lang>` (webviewHost.ts), for numbers
 * and dates; the webview's own `navigator.language` is the browser's, not VS Code's.
 */
export function pageLanguage(): string {
  const lang = document.documentElement.lang;
  try {
    return Intl.getCanonicalLocales(lang)[0] ?? 'en';
  } catch {
    return 'en';
  }
}
