import { localizeFrom } from '../../../src/text/localize';

/** What `vscode.l10n.t` gives without a translation: the English message with its `{0}` placeholders filled. */
export const plainLocalize = localizeFrom(undefined);
