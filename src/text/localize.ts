/**
 * Translates a user-facing message written in `vscode.l10n.t`'s form (`{0}` placeholders). The view
 * formatting modules take one instead of importing `vscode`, so they stay unit-testable in plain Node:
 * the views pass `vscode.l10n.t`, the unit tests a formatter that only fills the placeholders.
 */
export type Localize = (message: string, ...args: Array<string | number | boolean>) => string;
