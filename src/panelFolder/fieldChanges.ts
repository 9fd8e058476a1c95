/**
 * How a folder's resource differs from the panel's, member by member: the fields applying would change
 * (`diffFields`, what the plan sends), the fields of a create, and the same changes to the leaf as an
 * operator reads them (`leafChanges`). No `vscode` import.
 */
import type { JsonObject, JsonValue } from '../api/types';
import { parseVariables } from '../state/siteTemplateRecord';
import { isObject, sameJson, type ResourceKind } from './folderFormat';
import { HOSTNAME_NAMES, type LiveResource } from './readPanel';

export interface FieldChange {
  /** The member (`region`, `site.template`, `html`). */
  readonly field: string;
  /** The panel's value (undefined: none). */
  readonly from?: JsonValue;
  /** The folder's value (undefined: none). */
  readonly to?: JsonValue;
}

/** Members of a resource compared one by one; a node's site member by member. */
function expanded(kind: ResourceKind, doc: JsonObject): Map<string, JsonValue> {
  const members = new Map<string, JsonValue>();
  for (const [name, value] of Object.entries(doc)) {
    if (kind === 'node' && name === 'site' && isObject(value)) {
      for (const [member, inner] of Object.entries(value)) members.set(`site.${member}`, inner);
    } else members.set(name, value);
  }
  return members;
}

/** Fields the folder manages (present in its file) whose values differ from the panel's. */
export function diffFields(kind: ResourceKind, doc: JsonObject, target: LiveResource): FieldChange[] {
  const mine = expanded(kind, doc);
  const theirs = expanded(kind, target.doc);
  const fields: FieldChange[] = [];
  for (const [field, value] of mine) {
    if (kind === 'template' && field === 'builtin') continue;
    if (kind === 'node' && HOSTNAME_NAMES.includes(field)) continue; // not changeable: a problem when it differs
    const current = theirs.get(field);
    if (kind === 'branding' && field === 'active' && value !== true) continue; // a profile stops being active when another is activated
    if (kind === 'template' && field === 'variables' && current !== undefined && Array.isArray(value) !== Array.isArray(current)) {
      if (sameJson(variablesKey(value), variablesKey(current))) continue;
    } else if (sameJson(value, current)) continue;
    fields.push({ field, from: current, to: value });
  }
  return fields;
}

/**
 * Field changes as an operator reads them: a change of an object is told by the members that changed, to
 * the leaf (`subscription_page.title: "A" → "B"`), not as the whole object; lists are compared whole. The
 * plan's own changes stay by top-level member (what applying sends); this is what documents show.
 */
export function leafChanges(fields: readonly FieldChange[]): FieldChange[] {
  const leaves: FieldChange[] = [];
  const walk = (field: string, from: JsonValue | undefined, to: JsonValue | undefined) => {
    const objects = (isObject(from) || from === undefined) && (isObject(to) || to === undefined) && (isObject(from) || isObject(to));
    const names = objects ? [...new Set([...Object.keys(from ?? {}), ...Object.keys(to ?? {})])].sort() : [];
    if (names.length === 0) {
      leaves.push({ field, ...(from === undefined ? {} : { from }), ...(to === undefined ? {} : { to }) });
      return;
    }
    for (const name of names) {
      const before = isObject(from) ? from[name] : undefined;
      const after = isObject(to) ? to[name] : undefined;
      if (sameJson(before, after)) continue;
      walk(`${field}.${name}`, before, after);
    }
  };
  for (const field of fields) walk(field.field, field.from, field.to);
  return leaves;
}

/** Variables in two shapes compared by what both can say: each name and its default, in order. */
function variablesKey(value: JsonValue): JsonValue {
  return (parseVariables(value) ?? []).map((variable) => [variable.name, variable.default]);
}

export function createFields(doc: JsonObject): FieldChange[] {
  return [...expanded('node', doc)].filter(([field]) => field !== 'builtin').map(([field, value]) => ({ field, to: value }));
}

