/** Messages between the branding profile form and the extension. No `vscode` import. */
import type { BrandingField } from '../../state/brandingModel';
import { BRANDING_FIELDS } from '../../state/brandingModel';
import { messageObject } from '../shared/messages';

export interface BrandingFormWords {
  heading: string;
  save: string;
  reset: string;
  preview: string;
  saved: string;
  hints: Record<BrandingField, string>;
}

export interface BrandingFormState {
  readonly name: string;
  readonly active: boolean;
  /** The values the panel holds (`''` for a field it does not have). */
  readonly fields: Readonly<Record<BrandingField, string>>;
  /** The panel's reasons for refusing fields (422), by field name. */
  readonly problems: Readonly<Record<string, string>>;
  readonly saving: boolean;
  /** One line about the last save (done, or why it failed). */
  readonly status?: string;
}

export type ToBrandingForm =
  | { type: 'words'; words: BrandingFormWords; fields: readonly BrandingField[]; colourFields: readonly BrandingField[] }
  /** `saved`: a save just succeeded, so the page puts the values saved into its controls (else what was typed stays). */
  | { type: 'state'; state: BrandingFormState; saved?: true };

export type FromBrandingForm =
  | { type: 'ready' }
  | { type: 'preview' }
  /** The page's values of the nine fields; the extension sends those that differ from the panel's. */
  | { type: 'save'; fields: Partial<Record<BrandingField, string>> };

const MAX_FIELD = 100_000;

export function parseBrandingFormMessage(raw: unknown): FromBrandingForm | undefined {
  const message = messageObject(raw);
  if (!message) return undefined;
  if (message.type === 'ready' || message.type === 'preview') return { type: message.type };
  if (message.type !== 'save') return undefined;
  const fields = typeof message.fields === 'object' && message.fields !== null && !Array.isArray(message.fields) ? (message.fields as Record<string, unknown>) : undefined;
  if (!fields) return undefined;
  const out: Partial<Record<BrandingField, string>> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (!(BRANDING_FIELDS as readonly string[]).includes(name) || typeof value !== 'string' || value.length > MAX_FIELD) return undefined;
    out[name as BrandingField] = value;
  }
  return { type: 'save', fields: out };
}

/** The fields whose value differs from what the panel holds (what a PUT sends). */
export function changedFields(held: Readonly<Partial<Record<BrandingField, string>>>, edited: Partial<Record<BrandingField, string>>): Partial<Record<BrandingField, string>> {
  const changes: Partial<Record<BrandingField, string>> = {};
  for (const field of BRANDING_FIELDS) {
    const value = edited[field];
    if (value !== undefined && value !== (held[field] ?? '')) changes[field] = value;
  }
  return changes;
}

/**
 * What a control of the form shows after a new state: the panel's value when the page takes every value
 * (`all`: the first state, a save that succeeded, Undo Changes), or when it still shows the value it was
 * given before (a change made elsewhere, such as the tree's field edit); else what was typed stays.
 */
export function valueToShow(shown: string, before: string | undefined, after: string, all: boolean): string {
  return all || (before !== undefined && shown === before) ? after : shown;
}
