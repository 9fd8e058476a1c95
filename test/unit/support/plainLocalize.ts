import type { Localize } from '../../../src/views/shared/localize';

/** What `vscode.l10n.t` gives without a translation: the English message with its `{0}` placeholders filled. */
export const plainLocalize: Localize = (message, ...args) =>
  message.replace(/\{(\d+)\}/g, (placeholder, index: string) => (Number(index) < args.length ? String(args[Number(index)]) : placeholder));
