/**
 * The random reading's table of choices (SHAPES.md "Readings"): for a seed and a shape path, how the member
 * there is shown. Each choice comes from SeededRandom(hash(seed, path)), so it depends on nothing else (not
 * on request order, not on the route), and the whole table can be printed (describeRandomReading).
 */
import { SeededRandom } from './seededRandom';
import { RANDOM_ROUTES, type Kind, type ObjectShape, type Shape } from './randomShapes';

/** How a scalar (or list of strings) is shown. */
export type ValueForm =
  | 'as-is'
  | 'wrapped-value' // {value}
  | 'wrapped-value-source' // {value, source}
  | 'wrapped-url' // {url, enabled}; null as {url: null, enabled: false}
  | 'wrapped-url-null-bare' // {url, enabled}; null stays null
  | 'numeric-string' // 5 → "5"
  | 'bool-01' // true → 1
  | 'bool-string' // true → "true"
  | 'time-offset' // Z → +00:00
  | 'time-seconds' // milliseconds dropped when zero, Z → +00:00 otherwise
  | 'comma-joined'; // ["a", "b"] → "a,b"

export type ListForm = 'as-is' | 'keyed-by-name' | 'name-value-list';
export type WrapperForm = 'as-is' | 'bare' | 'data' | 'data-count' | 'results' | 'items-only';
export type Extra = 'x_revision' | 'meta' | '_links' | 'etag';

export const EXTRA_NAMES: readonly Extra[] = ['x_revision', 'meta', '_links', 'etag'];

/** FNV-1a of the seed and the path, with a final avalanche so that near inputs part. */
function hash(seed: number, path: string): number {
  let h = 0x811c9dc5;
  for (const char of `${seed}:${path}`) {
    h ^= char.charCodeAt(0);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The generator of one choice; `what` keeps the choices of one path independent of each other. */
const rng = (seed: number, path: string, what: string) => new SeededRandom(hash(seed, `${path}#${what}`));

/** Other plausible names of a member; a generic camelCase name is added for snake_case names. */
const ALTERNATIVES: Readonly<Record<string, readonly string[]>> = {
  redirect_url: ['redirect'], enabled: ['is_enabled', 'active'], active: ['is_active', 'current'], upstream: ['upstream_url', 'backend'],
  template_id: ['template'], template_name: ['template_title'], variables: ['vars', 'params'], entries: ['items', 'blocked'],
  allow_countries: ['countries', 'allowed_countries'], auto_restart: ['restart_on_failure'], max_restarts_per_hour: ['restart_limit'],
  health_check_interval_seconds: ['health_interval', 'check_interval'], mode: ['policy'], description: ['summary'], version: ['revision'],
  default: ['default_value', 'value'], timezone: ['tz', 'time_zone'], html: ['markup', 'content'], css: ['styles', 'stylesheet'],
  region: ['location'], note: ['notes', 'comment'], hostname: ['host', 'fqdn'], ip: ['address', 'ip_address'], message: ['text'],
  severity: ['level'], title: ['subject', 'heading'], created_at: ['created'], updated_at: ['modified_at'], checked_at: ['checked'],
  deployment: ['deploy_state'], builtin: ['built_in', 'system'], updated_by: ['modified_by'], public_url: ['url', 'base_url'],
  panel_name: ['name'], default_expiry_days: ['expiry_days'], support_text: ['help_text'], show_qr: ['qr'], batch_size: ['chunk_size'],
  auto_apply: ['apply_automatically'], chat_id: ['chat'], events: ['triggers'], resolved: ['is_resolved', 'closed'], resolved_at: ['closed_at'],
  max_devices: ['device_limit', 'devices'], traffic_gb_month: ['monthly_traffic_gb', 'traffic_limit_gb'], position: ['order', 'sort'],
  keys_bound: ['key_count'], latency_ms: ['latency'], state: ['status'], status: ['state'], action: ['operation'], label: ['name'],
  valid: ['ok', 'is_valid'], errors: ['problems'], line: ['line_number'], values: ['replacements'], ok: ['success', 'passed'],
};

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());

const GIVEN: readonly Kind[] = ['id', 'given'];

/** Every member name an object path shows in any route (renames avoid them all). */
const membersAt = new Map<string, Record<string, Shape>>();
const kindsAt = new Map<string, Kind>();
const shapeAt = new Map<string, ObjectShape>();

function collect(shape: Shape, path: string): void {
  if (typeof shape === 'string') {
    if (!kindsAt.has(path)) kindsAt.set(path, shape);
    return;
  }
  switch (shape.type) {
    case 'at':
      return collect(shape.shape, shape.path);
    case 'list':
      return collect(shape.item, `${path}[]`);
    case 'map':
      if (!kindsAt.has(path)) kindsAt.set(path, 'keep');
      return collect(shape.value, `${path}.*`);
    case 'named':
      if (!kindsAt.has(path)) kindsAt.set(path, 'keep');
      return collect(shape.item, `${path}[]`);
    case 'wrapper':
      return collect(shape.item, `${path}[]`);
    case 'object': {
      const members = membersAt.get(path) ?? {};
      if (!membersAt.has(path)) {
        membersAt.set(path, members);
        shapeAt.set(path, shape);
      }
      for (const [name, member] of Object.entries(shape.members)) {
        members[name] ??= member;
        collect(member, `${path}.${name}`);
      }
    }
  }
}
for (const route of Object.values(RANDOM_ROUTES)) {
  if (route.answer) collect(route.answer, '');
  if (route.body) collect(route.body, '');
}

export interface ObjectChoices {
  /** Canonical name → shown name, for the members renamed. */
  readonly renamed: ReadonlyMap<string, string>;
  readonly extras: readonly Extra[];
  readonly reversed: boolean;
}

const cache = new Map<string, unknown>();
function cached<T>(key: string, make: () => T): T {
  if (!cache.has(key)) cache.set(key, make());
  return cache.get(key) as T;
}

/** Member names, extra members and order of the object at `path`. `shape` tells which members may be renamed. */
export function objectChoices(seed: number, path: string, shape: ObjectShape): ObjectChoices {
  if (shape.fixed) return { renamed: new Map(), extras: [], reversed: false };
  return cached(`${seed}|o|${path}`, () => {
    const members = membersAt.get(path) ?? shape.members;
    const names = new Set(Object.keys(members));
    const taken = new Set(names);
    const renamed = new Map<string, string>();
    for (const name of names) {
      const member = members[name];
      if (member === undefined || (typeof member === 'string' && GIVEN.includes(member)) || (typeof member === 'object' && member.type === 'at')) continue;
      const random = rng(seed, `${path}.${name}`, 'rename');
      if (!random.chance(0.2)) continue;
      const candidates = [...(ALTERNATIVES[name] ?? []), camel(name)].filter((candidate) => !taken.has(candidate) && !EXTRA_NAMES.includes(candidate as Extra));
      if (candidates.length === 0) continue;
      const chosen = random.pick(candidates);
      taken.add(chosen);
      renamed.set(name, chosen);
    }
    const random = rng(seed, path, 'object');
    const extras = random.chance(0.35) ? EXTRA_NAMES.filter(() => random.chance(0.5)) : [];
    return { renamed, extras: extras.filter((extra) => !names.has(extra)), reversed: random.chance(0.25) };
  });
}

const FORMS: Readonly<Partial<Record<Kind, readonly [number, ValueForm][]>>> = {
  str: [[0.15, 'wrapped-value'], [0.1, 'wrapped-value-source']],
  num: [[0.3, 'numeric-string'], [0.1, 'wrapped-value'], [0.05, 'wrapped-value-source']],
  bool: [[0.2, 'bool-01'], [0.15, 'bool-string'], [0.1, 'wrapped-value']],
  time: [[0.25, 'time-offset'], [0.2, 'time-seconds']],
  url: [[0.25, 'wrapped-url'], [0.15, 'wrapped-url-null-bare']],
  csv: [[0.4, 'comma-joined']],
};

/** How the scalar at `path` of kind `kind` is shown. */
export function valueForm(seed: number, path: string, kind: Kind): ValueForm {
  const forms = FORMS[kind];
  if (!forms) return 'as-is';
  return cached(`${seed}|v|${path}`, () => {
    let roll = rng(seed, path, 'value').next();
    for (const [probability, form] of forms) {
      if (roll < probability) return form;
      roll -= probability;
    }
    return 'as-is';
  });
}

/** A list of `{name, ...}` shown as an object keyed by name, or an object of name → value shown as a list of `{name, value}`. */
export function listForm(seed: number, path: string, type: 'named' | 'map'): ListForm {
  return cached(`${seed}|l|${path}`, () => (rng(seed, path, 'list').chance(0.35) ? (type === 'named' ? 'keyed-by-name' : 'name-value-list') : 'as-is'));
}

/** The wrapper of a list answer; only forms that keep what the wrapper says (`paged` totals are never dropped). */
export function wrapperForm(seed: number, path: string, total: 'count' | 'paged' | 'none', hasRest: boolean): WrapperForm {
  return cached(`${seed}|w|${path}|${hasRest}`, () => {
    const random = rng(seed, path, 'wrapper');
    if (!random.chance(0.6)) return 'as-is';
    const forms: WrapperForm[] = ['data', 'results'];
    if (total !== 'none') forms.push('data-count');
    if (total !== 'paged' && !hasRest) forms.push('bare');
    if (total === 'count') forms.push('items-only');
    return random.pick(forms);
  });
}

/** A number for `x_revision` of the object at `path`. */
export function revisionOf(seed: number, path: string): number {
  return rng(seed, path, 'revision').int(1, 99);
}

const FORM_TEXT: Readonly<Record<ValueForm, string>> = {
  'as-is': 'as is',
  'wrapped-value': 'wrapped {value}',
  'wrapped-value-source': 'wrapped {value, source}',
  'wrapped-url': 'wrapped {url, enabled} (null as {url: null, enabled: false})',
  'wrapped-url-null-bare': 'wrapped {url, enabled} (null stays null)',
  'numeric-string': 'numbers as strings',
  'bool-01': 'booleans as 0/1',
  'bool-string': 'booleans as "true"/"false"',
  'time-offset': 'timestamps with +00:00',
  'time-seconds': 'timestamps without zero milliseconds, else +00:00',
  'comma-joined': 'one comma-separated string',
};

const WRAPPER_TEXT: Readonly<Record<WrapperForm, string>> = {
  'as-is': 'as is', bare: 'a bare array', data: 'under data', 'data-count': '{data, count}', results: 'under results', 'items-only': '{items} without total',
};

/** The table of a seed, one line per varied shape path: `node.site.upstream: wrapped {url, enabled}`. */
export function describeChoices(seed: number): string[] {
  const lines: string[] = [];
  const seen = new Set<string>();
  const describe = (shape: Shape, path: string): void => {
    if (typeof shape === 'string') {
      const form = valueForm(seed, path, shape);
      if (form !== 'as-is' && !seen.has(`v${path}`)) {
        seen.add(`v${path}`);
        lines.push(`${path}: ${FORM_TEXT[form]}`);
      }
      return;
    }
    switch (shape.type) {
      case 'at':
        return describe(shape.shape, shape.path);
      case 'list':
        return describe(shape.item, `${path}[]`);
      case 'map':
      case 'named': {
        const form = listForm(seed, path, shape.type);
        if (form !== 'as-is' && !seen.has(`l${path}`)) {
          seen.add(`l${path}`);
          lines.push(`${path}: ${form === 'keyed-by-name' ? 'an object keyed by name' : 'a list of {name, value}'}`);
        }
        return shape.type === 'map' ? describe(shape.value, `${path}.*`) : describe(shape.item, `${path}[]`);
      }
      case 'wrapper': {
        for (const hasRest of [false, true]) {
          const form = wrapperForm(seed, path, shape.total, hasRest);
          if (!shape.fixed && form !== 'as-is' && !seen.has(`w${path}${hasRest}`)) {
            seen.add(`w${path}${hasRest}`);
            lines.push(`${path}: list ${WRAPPER_TEXT[form]}${hasRest ? ' (with other members)' : ''}`);
          }
        }
        return describe(shape.item, `${path}[]`);
      }
      case 'object': {
        const choices = objectChoices(seed, path, shape);
        if (!seen.has(`o${path}`)) {
          seen.add(`o${path}`);
          for (const [from, to] of choices.renamed) lines.push(`${path}.${from}: renamed ${to}`);
          if (choices.extras.length > 0) lines.push(`${path}: adds ${choices.extras.join(', ')}`);
          if (choices.reversed) lines.push(`${path}: members in reverse order`);
        }
        for (const [name, member] of Object.entries(shape.members)) describe(member, `${path}.${name}`);
      }
    }
  };
  for (const route of Object.values(RANDOM_ROUTES)) {
    if (route.answer) describe(route.answer, '');
    if (route.body) describe(route.body, '');
  }
  return lines.sort();
}

/**
 * How many of the silent members (every member path that may vary) this seed varies in some way: renamed,
 * shown in another form, or a list or map shown otherwise.
 */
export function variedMembers(seed: number): { varied: number; total: number } {
  let varied = 0;
  let total = 0;
  for (const [path, kind] of kindsAt) {
    if (GIVEN.includes(kind)) continue;
    const cut = path.lastIndexOf('.');
    const parent = path.slice(0, cut);
    const name = path.slice(cut + 1);
    const shape = shapeAt.get(parent);
    if (!shape || shape.fixed) continue;
    total++;
    const renamed = objectChoices(seed, parent, shape).renamed.has(name);
    const member = membersAt.get(parent)?.[name];
    const listed = typeof member === 'object' && (member.type === 'map' || member.type === 'named') && listForm(seed, path, member.type) !== 'as-is';
    if (renamed || listed || valueForm(seed, path, kind) !== 'as-is') varied++;
  }
  return { varied, total };
}

/** Every member the object at `path` shows in any route (a route's own shape may list fewer). */
export function membersOf(path: string, shape: ObjectShape): Readonly<Record<string, Shape>> {
  return membersAt.get(path) ?? shape.members;
}
