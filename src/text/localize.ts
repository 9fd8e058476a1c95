/**
 * Translates a user-facing message written in `vscode.l10n.t`'s form (`{0}` placeholders). The view
 * formatting modules take one instead of importing `vscode`, so they stay unit-testable in plain Node:
 * the views pass `vscode.l10n.t`, the unit tests a formatter that only fills the placeholders. The second
 * form (a message with a translator's comment) is how one English message gets more than one translation:
 * the bundle's key is then `message/comment` (plural.ts uses it for the plural forms English lacks).
 */
export interface Localize {
  (message: string, ...args: Array<string | number | boolean>): string;
  (options: { message: string; args?: Array<string | number | boolean>; comment: string | string[] }): string;
}

/** The key a message has in `l10n/bundle.l10n*.json` (what `vscode.l10n.t` looks it up by). */
export function bundleKey(message: string, comment?: string | readonly string[]): string {
  if (comment === undefined || comment.length === 0) return message;
  return `${message}/${typeof comment === 'string' ? comment : comment.join('')}`;
}

/** Fills `{0}`, `{1}`... with the arguments (a placeholder without an argument stays), as `vscode.l10n.t` does. */
export function fillPlaceholders(message: string, args: readonly (string | number | boolean)[]): string {
  return message.replace(/\{(\d+)\}/g, (placeholder, index: string) => (Number(index) < args.length ? String(args[Number(index)]) : placeholder));
}

/**
 * A `Localize` over a bundle's contents (`vscode.l10n.bundle`: key to translation), for code that has no
 * `vscode.l10n.t`: the webview pages. Without a bundle (English) it gives the messages themselves.
 */
export function localizeFrom(bundle: Readonly<Record<string, string>> | undefined): Localize {
  return ((first: string | { message: string; args?: Array<string | number | boolean>; comment: string | string[] }, ...rest: Array<string | number | boolean>) => {
    const { message, args, comment } = typeof first === 'string' ? { message: first, args: rest, comment: undefined } : { ...first, args: first.args ?? [] };
    const translated = bundle?.[bundleKey(message, comment)];
    return fillPlaceholders(typeof translated === 'string' ? translated : message, args);
  });
}
