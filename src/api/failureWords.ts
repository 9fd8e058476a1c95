/**
 * The words of failure reasons (reasonWords.ts: a long table of sentences, in both languages' form) are a
 * bundle of their own (esbuild.mjs: dist/features/words.js), required the first time a failure is put in
 * words (an error created, a failure told), not at activation. No vscode import.
 */
import type { ClientReason } from './failureReasons';
import type { Words } from './reasonWords';

function words(): typeof import('./reasonWords') {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the lazy load
  return require('./reasonWords') as typeof import('./reasonWords');
}

/** One reason in words (`t`: vscode.l10n.t, or the English words). */
export function reasonWords(reason: ClientReason, t: Words): string {
  return words().reasonWords(reason, t);
}

/** One reason in English: the errors' `message`, for logs. */
export function englishReasonWords(reason: ClientReason): string {
  const module = words();
  return module.reasonWords(reason, module.englishWords);
}
