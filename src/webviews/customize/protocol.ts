/** Messages between the Customize form and the extension. No `vscode` import. */
import { bareMessage, messageObject, stringMember } from '../shared/messages';
import { setOwnMember } from '../../text/ownMember';

/** A variable of the template, as the form shows it (plain text made by the extension). */
export interface FormVariable {
  readonly name: string;
  readonly description: string;
  /** The template's default, filled in. */
  readonly value: string;
}

export interface CustomizeWords {
  heading: string;
  name: string;
  variables: string;
  none: string;
  create: string;
  cancel: string;
  previewNote: string;
}

export type ToCustomizeWebview =
  | { type: 'words'; words: CustomizeWords }
  | { type: 'form'; source: string; name: string; variables: FormVariable[] }
  | { type: 'busy'; busy: boolean; message: string }
  | { type: 'problem'; message: string };

export type FromCustomizeWebview =
  | { type: 'ready' }
  | { type: 'cancel' }
  /** The values as typed (the extension updates the preview). */
  | { type: 'change'; name: string; values: Record<string, string> }
  | { type: 'submit'; name: string; values: Record<string, string> };

const MAX_VALUE = 10_000;
const MAX_VARIABLES = 200;

/** `values`: an object of at most 200 strings of at most 10,000 characters each, with word names. */
function valuesOf(raw: unknown): Record<string, string> | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > MAX_VARIABLES) return undefined;
  const values: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (!/^[\w.-]{1,64}$/.test(name) || typeof value !== 'string' || value.length > MAX_VALUE) return undefined;
    setOwnMember(values, name, value);
  }
  return values;
}

export function parseCustomizeMessage(raw: unknown): FromCustomizeWebview | undefined {
  const message = messageObject(raw);
  if (message?.type === 'change' || message?.type === 'submit') {
    const name = stringMember(message, 'name', 200);
    const values = valuesOf(message.values);
    return name === undefined || values === undefined ? undefined : { type: message.type, name, values };
  }
  return bareMessage<FromCustomizeWebview>(raw, ['ready', 'cancel']);
}
