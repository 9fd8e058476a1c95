/**
 * The panel's own words for a refusal, kept for the report (shown as they are, after the operator's words):
 * the status, its message and its field messages. No `vscode` import.
 */
import { PanelHttpError } from '../api/errors';
import type { OutcomeDetail } from './applyResult';

/** The panel's words for a refusal (its message and field messages), or the error itself. */
export function words(error: unknown): OutcomeDetail {
  return error instanceof PanelHttpError ? { kind: 'panel', words: panelWords(error) } : { kind: 'failed', error };
}

export function panelWords(error: PanelHttpError): string {
  const fields = Object.entries(error.fields ?? {}).map(([name, message]) => `${name}: ${message}`);
  return [`${error.status} ${error.panelMessage || error.code}`.trim(), ...fields, ...error.details].join('; ');
}

/** A 422 of a batch names its items (`items[3].label`): each user gets its own words, or the whole refusal. */
export function itemWords(error: unknown, index: number): OutcomeDetail {
  if (error instanceof PanelHttpError && error.fields) {
    const own = Object.entries(error.fields).filter(([name]) => name.startsWith(`items[${index}]`)).map(([name, message]) => `${name.replace(/^items\[\d+\]\./, '')}: ${message}`);
    if (own.length > 0) return { kind: 'panel', words: `${error.status} ${own.join('; ')}` };
    return { kind: 'otherItemRefused', status: error.status, words: panelWords(error) };
  }
  return words(error);
}
