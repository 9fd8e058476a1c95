/**
 * One site template as `GET /site-templates/{id}` answers it, read defensively (the spec leaves the shape
 * open; SHAPES.md records the simulator's). No `vscode` import (unit-tested).
 */
import { firstText } from '../api/listFromResponse';
import { firstFlag } from '../api/silentValues';
import { textOf as valueText } from '../text/plainText';
import type { JsonValue } from '../api/types';

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
  return firstText(record, ['description', 'summary']);
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
  const version = record.version ?? record.revision ?? record.etag;
  return {
    id,
    name: templateNameOf(record, id),
    description: templateDescriptionOf(record) ?? '',
    html: textOf(record.html ?? record.body ?? record.content),
    css: textOf(record.css ?? record.style),
    variables: parseVariables(record.variables ?? record.placeholders),
    variablesAsRead: (record.variables ?? record.placeholders) as JsonValue | undefined,
    builtin: isBuiltinTemplate(record),
    version: typeof version === 'number' || (typeof version === 'string' && version !== '') ? version : undefined,
    updatedAt: firstText(record, ['updated_at', 'updatedAt', 'created_at']),
    updatedBy: firstText(record, ['updated_by', 'updatedBy', 'author']),
  };
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * `[{name, default, description}]`, `["name"]`, `{name: default}` or `{name: {default, description}}`
 * (a default that is not a string as its text); undefined when absent or unreadable. For display and
 * editing: what is sent back keeps the panel's own shape.
 */
export function parseVariables(value: unknown): TemplateVariable[] | undefined {
  if (Array.isArray(value)) {
    const variables: TemplateVariable[] = [];
    for (const item of value) {
      if (typeof item === 'string') variables.push({ name: item, default: '' });
      else if (typeof item === 'object' && item !== null) {
        const entry = item as Record<string, unknown>;
        if (typeof entry.name !== 'string') continue;
        const fallback = entry.default ?? entry.value;
        variables.push({
          name: entry.name,
          default: typeof fallback === 'string' ? fallback : fallback === undefined || fallback === null ? '' : valueText(fallback),
          ...(typeof entry.description === 'string' ? { description: entry.description } : {}),
        });
      }
    }
    return variables;
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value as Record<string, unknown>).map(([name, member]) => {
      const entry = typeof member === 'object' && member !== null && !Array.isArray(member) ? member as Record<string, unknown> : undefined;
      const fallback = entry ? entry.default ?? entry.value : member;
      return {
        name,
        default: typeof fallback === 'string' ? fallback : fallback === undefined || fallback === null ? '' : valueText(fallback),
        ...(typeof entry?.description === 'string' ? { description: entry.description } : {}),
      };
    });
  }
  return undefined;
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
 * Variables as typed (an open variables.json), sent in the shape the panel gave them: typed in that shape,
 * they go as typed; typed in another (a list where the panel gave name → value, or the reverse), they are
 * put in the panel's shape. undefined `asRead` (the panel declared none): as typed.
 */
export function variablesLike(asRead: JsonValue | undefined, typed: JsonValue): JsonValue {
  if (asRead === undefined || asRead === null || Array.isArray(asRead) === Array.isArray(typed)) return typed;
  const variables = parseVariables(typed) ?? [];
  if (!Array.isArray(asRead)) return Object.fromEntries(variables.map((variable) => [variable.name, variable.default]));
  if (asRead.length > 0 && asRead.every((item) => typeof item === 'string')) return variables.map((variable) => variable.name);
  const first = asRead.find((item): item is Record<string, JsonValue> => typeof item === 'object' && item !== null && !Array.isArray(item));
  const member = first && Object.hasOwn(first, 'value') && !Object.hasOwn(first, 'default') ? 'value' : 'default';
  return variables.map((variable) => ({ name: variable.name, [member]: variable.default, ...(variable.description === undefined ? {} : { description: variable.description }) }));
}
