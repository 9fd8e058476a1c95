/**
 * Template bodies the contract does not show (`POST /site-templates`, `PUT`, `validate`, `import`): sent
 * through bodyEncodings, first in the names and shapes the panel gives its templates (echo what was read:
 * `markup: {value: "…"}` to a panel that shows the html so), then as the contract would name them. The shape
 * of a new template is that of the panel's other templates (`panelTemplateShape`). No `vscode` import.
 */
import { sendEncoded, type EncodedSent, type Encoding, type RefusedEncoding, type RefusedFields } from '../api/bodyEncodings';
import { listFromResponse } from '../api/listFromResponse';
import type { JsonObject, JsonValue } from '../api/types';
import { mergedTemplateShape, templateBody, templateIdOf, templateShapeOf, type TemplateMember, type TemplateShape } from './siteTemplateRecord';

export interface TemplateSend<T> {
  readonly memory: RefusedFields;
  readonly route: string;
  /** The template's members, under their canonical names, as plain values (variables as typed). */
  readonly values: Readonly<Partial<Record<TemplateMember, JsonValue | undefined>>>;
  /** Other members, sent as they are (a folder's echoed members, a bundle's `format`). */
  readonly rest?: JsonObject;
  /** How the panel shows this template's members (or its other templates'); undefined when not known. */
  readonly shape: TemplateShape | undefined;
  /** Members (canonical or in `rest`) the panel may refuse and the request still make sense without. */
  readonly optional?: readonly string[];
  readonly onRefused?: (refused: RefusedEncoding) => void;
  send(body: JsonObject): Promise<T>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Sends a template body in the panel's shape, else as the contract names the members. */
export function sendTemplate<T>(request: TemplateSend<T>): Promise<EncodedSent<T>> {
  const plain: JsonObject = { ...(request.rest ?? {}) };
  for (const [member, value] of Object.entries(request.values)) if (value !== undefined) plain[member] = value;
  const shaped = templateBody(request.values, request.shape, request.rest);
  const nameOf = (member: string) => (request.shape?.[member as TemplateMember]?.name ?? member);
  const optional = (request.optional ?? []).map(nameOf);
  // The members whose name or shape was taken from the panel's answers. The shape is what the panel shows
  // (of this template, or of its others for a new one), not a guess: a refusal naming a member is about its
  // value (a 422 about the html, a number the panel takes as a string); only a body refused as a whole
  // goes on to the contract's names.
  const text = (value: unknown) => JSON.stringify(value, (_name, item: unknown) => (typeof item === 'bigint' ? `${item}n` : item));
  const reshaped = Object.keys(shaped).filter((name) => !Object.hasOwn(plain, name) || text(plain[name]) !== text(shaped[name]));
  const encodings: Encoding<T>[] = [];
  if (reshaped.length > 0) {
    // A panel's refusal may call a member by the contract's name though it was sent under the panel's.
    const aliases = Object.fromEntries(Object.entries(request.shape ?? {}).filter(([member, read]) => read && read.name !== member).map(([member, read]) => [read?.name ?? member, [member]]));
    encodings.push({ name: 'as the panel shows its templates', body: shaped, optional, aliases, send: (body) => request.send(body ?? shaped) });
  }
  encodings.push({ name: 'as the contract names template members', body: plain, optional: request.optional ?? [], send: (body) => request.send(body ?? plain) });
  return sendEncoded({ memory: request.memory, route: request.route, encodings, onRefused: request.onRefused });
}

/** Reads a template through the panel (`GET /site-templates`, `GET /site-templates/{id}`). */
export interface TemplateReader {
  list(options?: { signal?: AbortSignal }): Promise<unknown>;
  get(id: string, options?: { signal?: AbortSignal }): Promise<unknown>;
}

/**
 * How this panel shows template members, for a template it does not hold yet: the templates already read
 * (`known`), else its list, else one template read in full (a list of summaries names no html). Best effort:
 * what cannot be read leaves the shape as far as it got (the contract's names then go).
 */
export async function panelTemplateShape(templates: TemplateReader, known: readonly (TemplateShape | undefined)[], signal?: AbortSignal): Promise<TemplateShape> {
  let shape = mergedTemplateShape(known);
  const complete = () => shape.html !== undefined && shape.css !== undefined && shape.variables !== undefined && shape.description !== undefined;
  if (complete()) return shape;
  try {
    const items = listFromResponse(await templates.list({ signal }), ['items', 'templates', 'data', 'results']).filter(isObject);
    shape = mergedTemplateShape([shape, ...items.map(templateShapeOf)]);
    if (complete()) return shape;
    for (const item of items.slice(0, 3)) {
      const id = templateIdOf(item);
      if (id === undefined) continue;
      const answer = await templates.get(id, { signal });
      if (isObject(answer)) shape = mergedTemplateShape([shape, templateShapeOf(answer)]);
      if (complete()) break;
    }
  } catch (error) {
    if (signal?.aborted) throw error;
  }
  return shape;
}
