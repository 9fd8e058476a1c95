/**
 * The third reading's answers (SHAPES.md "Readings"): the other choice at every silent point of what the
 * panel shows. A handler answers as the first reading does; when the route plays `third`, its successful
 * JSON answer goes through the route's reshaper here: lists bare or under `data` instead of `items`,
 * objects with members no other reading has (`x_revision`, `meta`) and without some the first reading has
 * (`builtin` is `built_in` and `updated_by` is gone, `severity` is `level` and `title` is gone, `active` is
 * `is_active`). What the third reading takes in request bodies is in the handlers (siteTemplates.ts,
 * keyBatches.ts, settings.ts), each at its `readings.of(route) === 'third'`.
 */
import type { ReadingRoute } from './readings';
import type { SiteTemplateVariable } from './types';

type Json = Record<string, unknown>;

/** Members only the third reading's objects carry. A PUT of settings or of a template takes them back and ignores them. */
export const THIRD_EXTRA_MEMBERS: Readonly<Json> = { x_revision: 7, meta: { source: 'third' } };

const withExtras = (object: Json): Json => ({ ...object, ...THIRD_EXTRA_MEMBERS });

/** `{name: default}`: how the third reading shows a template's variables. */
export function variablesAsObject(variables: readonly SiteTemplateVariable[]): Record<string, string> {
  return Object.fromEntries(variables.map((variable) => [variable.name, variable.default]));
}

/** The third reading's `variables` of a POST/PUT/import/customize: an object of string values (or absent). */
export function objectOfStringsProblem(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return isObjectOfStrings(value) ? undefined : 'must be an object of string values';
}

export function isObjectOfStrings(value: unknown): value is Record<string, string> {
  return isPlainObject(value) && Object.values(value).every((item) => typeof item === 'string');
}

export function isPlainObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The variables `{name: default}` declare, in the order of `previous` for names it has (its descriptions
 * kept), then the new names in the order sent; `previous` names not sent stay when `keepUnsent`.
 */
export function variablesFromObject(sent: Record<string, string>, previous: readonly SiteTemplateVariable[] = [], keepUnsent = false): SiteTemplateVariable[] {
  const kept = previous
    .filter((variable) => keepUnsent || Object.hasOwn(sent, variable.name))
    .map((variable) => (Object.hasOwn(sent, variable.name) ? { ...variable, default: sent[variable.name] } : { ...variable }));
  const known = new Set(previous.map((variable) => variable.name));
  return [...kept, ...Object.entries(sent).filter(([name]) => !known.has(name)).map(([name, value]) => ({ name, default: value }))];
}

function template(answer: Json): Json {
  const { builtin, updated_by: _updatedBy, variables, ...rest } = answer;
  const shown: Json = { ...rest, built_in: builtin };
  if (Array.isArray(variables)) shown.variables = variablesAsObject(variables as SiteTemplateVariable[]);
  return withExtras(orderLike(answer, shown, { builtin: 'built_in' }));
}

function alert(answer: Json): Json {
  const { severity, title: _title, ...rest } = answer;
  return withExtras(orderLike(answer, { ...rest, level: severity }, { severity: 'level' }));
}

function profile(answer: Json): Json {
  const { active, ...rest } = answer;
  return withExtras(orderLike(answer, { ...rest, is_active: active }, { active: 'is_active' }));
}

/** `shown`'s members in the order `original` had them (a renamed member where its old name was). */
function orderLike(original: Json, shown: Json, renamed: Readonly<Record<string, string>>): Json {
  const ordered: Json = {};
  for (const name of Object.keys(original)) {
    const now = renamed[name] ?? name;
    if (Object.hasOwn(shown, now)) ordered[now] = shown[now];
  }
  return { ...ordered, ...shown };
}

const objects = (list: unknown, shape: (item: Json) => Json): Json[] => (Array.isArray(list) ? (list as Json[]) : []).map(shape);
const itemsUnderData = (answer: Json): Json => {
  const { items, ...rest } = answer;
  return { ...rest, data: items };
};

/** The third reading of each route's successful JSON answer (routes not listed answer as the first reading). */
const RESHAPE: Partial<Record<ReadingRoute, (answer: Json) => unknown>> = {
  'GET /site-templates': (answer) => objects(answer.items, template),
  'GET /site-templates/{id}': template,
  'POST /site-templates': template,
  'PUT /site-templates/{id}': template,
  'POST /site-templates/import': template,
  'POST /site-templates/{id}/customize': template,
  'GET /keys/summary': (answer) => ({
    count: answer.total,
    states: Object.entries(answer.by_state as Json).map(([state, count]) => ({ state, count })),
    types: Object.entries(answer.by_type as Json).map(([type, count]) => ({ type, count })),
  }),
  'GET /keys/{id}/links': itemsUnderData,
  'GET /alerts': (answer) => ({ data: objects(answer.items, alert), unresolved_count: answer.unresolved }),
  'POST /alerts/{id}/resolve': alert,
  'POST /alerts/resolve': (answer) => ({ ...answer, items: objects(answer.items, alert) }),
  'GET /branding/profiles': (answer) => ({ data: objects(answer.items, profile) }),
  'POST /branding/profiles': profile,
  'PUT /branding/profiles/{id}': profile,
  'POST /branding/profiles/{id}/activate': profile,
  'GET /fleet/updates': (answer) => objects(answer.items, withExtras),
  'POST /fleet/updates': withExtras,
  'POST /fleet/updates/{id}/stop': withExtras,
  'GET /audit': (answer) => ({ data: objects(answer.items, withExtras), total: answer.total, page: answer.page, per_page: answer.per_page }),
  // GET /nodes keeps the shape the spec gives ({items, total}); its node objects carry the extra members.
  'GET /nodes': (answer) => ({ ...answer, items: objects(answer.items, withExtras) }),
  'PUT /nodes/order': (answer) => ({ ...answer, items: objects(answer.items, withExtras) }),
  'GET /nodes/{id}': withExtras,
  'POST /nodes': withExtras,
  'PATCH /nodes/{id}': withExtras,
  'GET /nodes/{id}/probes': itemsUnderData,
  'GET /nodes/{id}/profiles': itemsUnderData,
  'GET /nodes/{id}/web/carriers': itemsUnderData,
  'GET /monitoring/web/carriers': itemsUnderData,
  'GET /settings': withExtras,
  'PUT /settings': withExtras,
};

/** The answer of `route` in the third reading: reshaped when the route has a reshaper and the answer is a JSON object. */
export function thirdReadingAnswer(route: string, answer: unknown): unknown {
  const reshape = RESHAPE[route as ReadingRoute];
  return reshape && isPlainObject(answer) ? reshape(answer) : answer;
}
