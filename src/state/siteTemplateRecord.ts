/**
 * One site template as `GET /site-templates/{id}` answers it, read defensively (the spec leaves the shape
 * open; SHAPES.md records the simulator's). No `vscode` import (unit-tested).
 */
import { firstText } from '../api/listFromResponse';
import { firstFlag, inShapeOf, memberNamed, scalarOf } from '../api/silentValues';
import { textOf as valueText } from '../text/plainText';
import type { JsonObject, JsonValue } from '../api/types';

export interface TemplateVariable {
  readonly name: string;
  readonly default: string;
  readonly description?: string;
}

export interface SiteTemplateRecord {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly html: string;
  readonly css: string;
  /** undefined when the panel does not declare variables at all (then placeholders are not checked). */
  readonly variables: readonly TemplateVariable[] | undefined;
  /**
   * The variables exactly as the panel gave them (an object of strings, a list of records or of names…):
   * what is sent back, in that shape (`variablesInShape`); `variables` is for showing and editing only.
   */
  readonly variablesAsRead: JsonValue | undefined;
  readonly builtin: boolean;
  /** undefined when the panel does not version templates (saves are then last-write-wins). */
  readonly version: number | string | undefined;
  readonly updatedAt: string | undefined;
  readonly updatedBy: string | undefined;
  /**
   * The members this template came under, each with its value as read (`markup: {value: "…"}` for the
   * html of a panel that calls it so): what a body about it is written in (`templateBody`).
   */
  readonly shape: TemplateShape;
}

/** The members of a template a body carries. */
export type TemplateMember = 'name' | 'description' | 'html' | 'css' | 'variables' | 'version';

/** The plausible names of each member, in the order they are looked for (the contract shows none of them). */
export const TEMPLATE_MEMBER_NAMES: Readonly<Record<TemplateMember, readonly string[]>> = {
  name: ['name', 'title'],
  description: ['description', 'summary'],
  html: ['html', 'markup', 'content', 'body'],
  css: ['css', 'styles', 'stylesheet', 'style'],
  variables: ['variables', 'vars', 'params', 'placeholders'],
  version: ['version', 'revision'],
};

/** The canonical member a name a panel uses stands for (`markup` → `html`); undefined for any other name. */
export function templateMemberOf(name: string): TemplateMember | undefined {
  return (Object.keys(TEMPLATE_MEMBER_NAMES) as TemplateMember[]).find((member) => TEMPLATE_MEMBER_NAMES[member].includes(name));
}

/** Per member, the name a panel gave it under and its value as read. */
export type TemplateShape = Readonly<Partial<Record<TemplateMember, { readonly name: string; readonly value: unknown }>>>;

/** The members of one template answer (or list item) as read. */
export function templateShapeOf(record: Record<string, unknown>): TemplateShape {
  const shape: Partial<Record<TemplateMember, { name: string; value: unknown }>> = {};
  for (const member of Object.keys(TEMPLATE_MEMBER_NAMES) as TemplateMember[]) {
    const found = memberNamed(record, TEMPLATE_MEMBER_NAMES[member]);
    if (found) shape[member] = found;
  }
  return shape;
}

/** One shape of several templates of a panel (names are the panel's, not a template's): per member, the first that has it. */
export function mergedTemplateShape(shapes: readonly (TemplateShape | undefined)[]): TemplateShape {
  const merged: Partial<Record<TemplateMember, { name: string; value: unknown }>> = {};
  for (const shape of shapes) {
    for (const member of Object.keys(shape ?? {}) as TemplateMember[]) {
      const found = shape?.[member];
      // A variables member read empty says nothing of its entries: a later template's may.
      const empty = (value: unknown) => (Array.isArray(value) ? value.length === 0 : isRecord(value) && Object.keys(value).length === 0);
      if (found && (merged[member] === undefined || (member === 'variables' && empty(merged[member]?.value) && !empty(found.value)))) merged[member] = found;
    }
  }
  return merged;
}

/**
 * Echo what was read: a body of template members (canonical names, plain values: `{html: "…"}`) in the
 * names and shapes of `shape` (the template's own, or other templates' of the panel for a new one): under
 * the name the panel used, a scalar in the shape it came in (`{value}`…), the variables as the panel lists
 * them (`variablesLike`). A member the shape does not hold goes as given.
 */
export function templateBody(values: Readonly<Partial<Record<TemplateMember, JsonValue | undefined>>>, shape: TemplateShape | undefined, rest: JsonObject = {}): JsonObject {
  const body: JsonObject = { ...rest };
  for (const member of Object.keys(values) as TemplateMember[]) {
    const value = values[member];
    if (value === undefined) continue;
    const read = shape?.[member];
    if (!read) {
      body[member] = value;
      continue;
    }
    body[read.name] = member === 'variables' ? variablesLike(read.value as JsonValue, value)
      : value === null || typeof value !== 'object' ? inShapeOf(read.value, value as string | number | boolean | null) as JsonValue : value;
  }
  return body;
}

/** A template's id as the list and a record read it: `id`, `template_id`, else `slug`. */
export function templateIdOf(record: Record<string, unknown>): string | undefined {
  return firstText(record, ['id', 'template_id', 'slug']);
}

/** A template's name: `name`, `title`, `slug`, else its id. */
export function templateNameOf(record: Record<string, unknown>, id: string | undefined): string {
  return firstText(record, ['name', 'title', 'slug']) ?? id ?? '';
}

/** A template's description: `description`, else `summary`. */
export function templateDescriptionOf(record: Record<string, unknown>): string | undefined {
  return firstText(record, TEMPLATE_MEMBER_NAMES.description);
}

/** Built into the panel (opens read-only, offers Customize): `builtin`, `built_in`, `system` or `readonly` true (or 1, "true"…). */
export function isBuiltinTemplate(record: Record<string, unknown>): boolean {
  return firstFlag(record, ['builtin', 'built_in', 'builtIn', 'system', 'readonly']) === true;
}

/** Reads a template; undefined when the answer is not an object with an id. */
export function parseTemplateRecord(value: unknown, fallbackId?: string): SiteTemplateRecord | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const record = value as Record<string, unknown>;
  const id = templateIdOf(record) ?? fallbackId;
  if (!id) return undefined;
  const shape = templateShapeOf(record);
  const version = scalarOf(shape.version?.value ?? record.etag);
  const variables = shape.variables?.value as JsonValue | undefined;
  return {
    id,
    name: templateNameOf(record, id),
    description: templateDescriptionOf(record) ?? '',
    html: textOf(scalarOf(shape.html?.value)),
    css: textOf(scalarOf(shape.css?.value)),
    variables: parseVariables(variables),
    variablesAsRead: variables,
    builtin: isBuiltinTemplate(record),
    version: typeof version === 'number' || (typeof version === 'string' && version !== '') ? version : undefined,
    updatedAt: firstText(record, ['updated_at', 'updatedAt', 'modified_at', 'modifiedAt', 'created_at', 'created', 'createdAt']),
    updatedBy: firstText(record, ['updated_by', 'updatedBy', 'modified_by', 'modifiedBy', 'author']),
    shape,
  };
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The plausible names of a variable's members (the contract shows none). */
const VARIABLE_MEMBER_NAMES = { default: ['default', 'default_value', 'defaultValue', 'value'], description: ['description', 'summary'] } as const;

/** A default as text: a string, a wrapped one (`{value}`), else its JSON text; '' for none. */
function defaultText(value: unknown): string {
  const scalar = scalarOf(value);
  if (typeof scalar === 'string') return scalar;
  if (scalar === undefined || scalar === null) return value === undefined || value === null ? '' : valueText(value);
  return valueText(scalar);
}

/** One variable of a record (a list item, or the value of an object keyed by name). */
function variableOf(name: string, entry: Record<string, unknown>): TemplateVariable {
  const fallback = memberNamed(entry, VARIABLE_MEMBER_NAMES.default)?.value;
  const description = scalarOf(memberNamed(entry, VARIABLE_MEMBER_NAMES.description)?.value);
  return { name, default: defaultText(fallback), ...(typeof description === 'string' ? { description } : {}) };
}

/**
 * `[{name, default, description}]`, `["name"]`, `{name: default}` or `{name: {default, description}}`
 * (a default that is not a string as its text; members under their plausible names, values wrapped or not);
 * undefined when absent or unreadable. For display and editing: what is sent back keeps the panel's own shape.
 */
export function parseVariables(value: unknown): TemplateVariable[] | undefined {
  if (Array.isArray(value)) {
    const variables: TemplateVariable[] = [];
    for (const item of value) {
      if (typeof item === 'string') variables.push({ name: item, default: '' });
      else if (isRecord(item)) {
        const name = scalarOf(item.name);
        if (typeof name === 'string') variables.push(variableOf(name, item));
      }
    }
    return variables;
  }
  if (isRecord(value)) {
    return Object.entries(value).map(([name, member]) => (isRecord(member) && scalarOf(member) === undefined || isRecord(member) && memberNamed(member, [...VARIABLE_MEMBER_NAMES.default, ...VARIABLE_MEMBER_NAMES.description]) !== undefined
      ? variableOf(name, member)
      : { name, default: defaultText(member) }));
  }
  return undefined;
}

/** The canonical member of a variable a name stands for. */
function variableMemberOf(name: string): 'default' | 'description' | undefined {
  if ((VARIABLE_MEMBER_NAMES.default as readonly string[]).includes(name)) return 'default';
  if ((VARIABLE_MEMBER_NAMES.description as readonly string[]).includes(name)) return 'description';
  return undefined;
}

/** A typed scalar put in the shape of `model` (a value as the panel gave it); what is not a scalar goes as typed. */
function scalarLike(model: unknown, typed: unknown): unknown {
  const scalar = isRecord(typed) ? scalarOf(typed) : typed;
  if (scalar === undefined || (typeof scalar === 'object' && scalar !== null)) return typed;
  return inShapeOf(model, scalar as string | number | boolean | null);
}

/**
 * One variable as typed (`typed`: its record without its name, or its default alone) in the shape of the
 * panel's `model` (another entry as the panel gave it): the default and description under the names the
 * model uses, in the shapes its values came in; other members kept.
 */
function entryLike(model: unknown, typed: unknown): unknown {
  const modelRecord = isRecord(model) && (memberNamed(model, [...VARIABLE_MEMBER_NAMES.default, ...VARIABLE_MEMBER_NAMES.description]) !== undefined || scalarOf(model) === undefined) ? model : undefined;
  if (!modelRecord) {
    // The panel gives a default alone (an object of name → default).
    const fallback = isRecord(typed) && memberNamed(typed, VARIABLE_MEMBER_NAMES.default) !== undefined ? memberNamed(typed, VARIABLE_MEMBER_NAMES.default)?.value : typed;
    return scalarLike(model, fallback);
  }
  if (!isRecord(typed) || scalarOf(typed) !== undefined && memberNamed(typed, [...VARIABLE_MEMBER_NAMES.default, ...VARIABLE_MEMBER_NAMES.description]) === undefined) {
    const read = memberNamed(modelRecord, VARIABLE_MEMBER_NAMES.default);
    return { [read?.name ?? 'default']: read ? scalarLike(read.value, typed) : typed };
  }
  const entry: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(typed)) {
    const member = variableMemberOf(name);
    const read = member && memberNamed(modelRecord, VARIABLE_MEMBER_NAMES[member]);
    if (read) entry[read.name] = scalarLike(read.value, value);
    else entry[name] = value;
  }
  return entry;
}

/** The variables typed, each with its name and what it carries (a record without its name, or a default alone). */
function typedEntries(typed: JsonValue): { name: string; entry: unknown }[] {
  if (Array.isArray(typed)) {
    return typed.flatMap((item) => {
      if (typeof item === 'string') return [{ name: item, entry: '' as unknown }];
      if (!isRecord(item) || typeof scalarOf(item.name) !== 'string') return [];
      const { name, ...entry } = item;
      return [{ name: scalarOf(name) as string, entry: entry as unknown }];
    });
  }
  return isRecord(typed) ? Object.entries(typed).map(([name, entry]) => ({ name, entry: entry as unknown })) : [];
}

/**
 * Echo what was read: the variables in the shape the panel gave them (`asRead`), with the default of each
 * name in `values` replaced. An object of name → value keeps its members; a list of records keeps each
 * record's members and puts the value where it carried its default (`default`, else `value`); a list of
 * names has nowhere for a value and is sent as it was. undefined when the panel gave none. `addMissing`
 * (a node's site, whose variables are values, not declarations) adds the names not yet there, in that shape.
 */
export function variablesInShape(asRead: JsonValue | undefined, values: Readonly<Record<string, string>>, options: { addMissing?: boolean } = {}): JsonValue | undefined {
  const given = (name: string) => Object.hasOwn(values, name);
  if (Array.isArray(asRead)) {
    const records = asRead.filter((item): item is Record<string, JsonValue> => typeof item === 'object' && item !== null && !Array.isArray(item));
    const valueMember = (item: Record<string, JsonValue> | undefined) => (item && (Object.hasOwn(item, 'value') && !Object.hasOwn(item, 'default')) ? 'value' : item ? 'default' : 'value');
    const kept = asRead.map((item) => {
      if (typeof item !== 'object' || item === null || Array.isArray(item) || typeof item.name !== 'string' || !given(item.name)) return item;
      return { ...item, [valueMember(item)]: values[item.name] };
    });
    if (!options.addMissing) return kept;
    const named = new Set(records.map((item) => item.name));
    const member = valueMember(records[0]);
    return [...kept, ...Object.keys(values).filter((name) => !named.has(name)).map((name) => ({ name, [member]: values[name] }))];
  }
  if (typeof asRead === 'object' && asRead !== null) {
    const kept = Object.fromEntries(Object.entries(asRead).map(([name, value]) => [name, given(name) ? values[name] : value]));
    return options.addMissing ? { ...kept, ...values } : kept;
  }
  return options.addMissing ? { ...values } : asRead;
}

/**
 * Variables as typed (an open variables.json, a folder's file), sent in the shape the panel gave them
 * (`asRead`: this template's, or another's for a new one): a list or an object keyed by name as the panel
 * gives them, each variable's members under the names the panel uses and its values in their shapes
 * (modelled on the panel's entry of the same name, else its first); what the panel's shape has no place for
 * is kept as typed. undefined `asRead` (the panel declared none) or one with no entry to model on: as typed,
 * put in the panel's list or object form.
 */
export function variablesLike(asRead: JsonValue | undefined, typed: JsonValue): JsonValue {
  if (asRead === undefined || asRead === null || typeof typed !== 'object' || typed === null) return typed;
  const shaped = variablesShaped(asRead, typed);
  // Typed in the panel's shape already: sent as typed (the very value).
  return sameJson(shaped, typed) ? typed : shaped;
}

function sameJson(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  if (isRecord(a) || isRecord(b)) {
    if (!isRecord(a) || !isRecord(b)) return false;
    const names = Object.keys(a);
    return names.length === Object.keys(b).length && names.every((name) => Object.hasOwn(b, name) && sameJson(a[name], b[name]));
  }
  return a === b;
}

function variablesShaped(asRead: JsonValue, typed: JsonValue): JsonValue {
  const entries = typedEntries(typed);
  if (Array.isArray(asRead)) {
    if (asRead.length > 0 && asRead.every((item) => typeof item === 'string')) return Array.isArray(typed) && typed.every((item) => typeof item === 'string') ? typed : entries.map((entry) => entry.name);
    const records = asRead.filter((item): item is Record<string, JsonValue> => isRecord(item));
    if (records.length === 0) return Array.isArray(typed) ? typed : entries.map(({ name, entry }) => ({ name, ...(isRecord(entry) ? entry : { default: entry }) })) as JsonValue;
    return entries.map(({ name, entry }) => {
      const model = records.find((record) => scalarOf(record.name) === name) ?? records[0];
      const modelEntry = Object.fromEntries(Object.entries(model).filter(([member]) => member !== 'name'));
      const shaped = entryLike(modelEntry, entry);
      return { name: isRecord(model.name) ? inShapeOf(model.name, name) : name, ...(isRecord(shaped) ? shaped : { default: shaped }) };
    }) as JsonValue;
  }
  if (!isRecord(asRead)) return typed;
  const values = Object.values(asRead);
  if (values.length === 0) return Array.isArray(typed) ? Object.fromEntries(entries.map(({ name, entry }) => [name, entry])) as JsonValue : typed;
  return Object.fromEntries(entries.map(({ name, entry }) => [name, entryLike(Object.hasOwn(asRead, name) ? asRead[name] : values[0], entry)])) as JsonValue;
}
