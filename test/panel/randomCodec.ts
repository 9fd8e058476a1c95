/**
 * The random reading's codec (SHAPES.md "Readings"): `encode` turns a `first` answer into this seed's shape;
 * `decode` turns this seed's shape back into the `first` one. A request body goes through `decode` strictly:
 * a canonical name where the seed renamed the member is reported as an unknown field (400), a value of
 * another kind (a bare scalar where the seed wraps it, a number where it gives a numeric string) as a field
 * problem (422); members the codec added (`x_revision`, `meta`, `_links`, `etag`) are dropped.
 */
import { listForm, membersOf, objectChoices, revisionOf, valueForm, wrapperForm, type ValueForm } from './randomChoices';
import type { Kind, ObjectShape, Shape, WrapperShape } from './randomShapes';

type Json = Record<string, unknown>;

export const isPlainObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Problems of a decoded body: canonical names the seed renamed (400) and values of another kind (422, by field). */
export class DecodeProblems {
  readonly unknown: string[] = [];
  readonly fields: Record<string, string> = {};

  get any(): boolean {
    return this.unknown.length > 0 || Object.keys(this.fields).length > 0;
  }

  field(where: string, message: string): void {
    this.fields[where || 'body'] ??= message;
  }
}

const isCanonicalTime = (value: unknown): value is string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) && new Date(value).toISOString() === value;

/** `where` of a member inside `where` (the field name in 422 answers: `subscription_page.enabled`, `items[2].label`). */
const child = (where: string, name: string) => (where ? `${where}.${name}` : name);

export class RandomCodec {
  constructor(
    readonly seed: number,
    /** The request path, for `_links.self`. */
    private readonly self = '/api/v1',
  ) {}

  encode(shape: Shape, path: string, value: unknown): unknown {
    if (value === undefined) return value;
    if (typeof shape === 'string') return this.encodeScalar(valueForm(this.seed, path, shape), value);
    switch (shape.type) {
      case 'at':
        return this.encode(shape.shape, shape.path, value);
      case 'list':
        return Array.isArray(value) ? value.map((item) => this.encode(shape.item, `${path}[]`, item)) : value;
      case 'map': {
        if (!isPlainObject(value)) return value;
        const entries = Object.entries(value).map(([name, item]) => [name, this.encode(shape.value, `${path}.*`, item)] as const);
        return listForm(this.seed, path, 'map') === 'name-value-list' ? entries.map(([name, item]) => ({ name, value: item })) : Object.fromEntries(entries);
      }
      case 'named': {
        if (!Array.isArray(value)) return value;
        const items = value.map((item) => this.encode(shape.item, `${path}[]`, item));
        const keyed = listForm(this.seed, path, 'named') === 'keyed-by-name' && value.every((item) => isPlainObject(item) && typeof item.name === 'string');
        return keyed ? Object.fromEntries(items.map((item) => { const { name, ...rest } = item as Json; return [name as string, rest]; })) : items;
      }
      case 'wrapper':
        return this.encodeWrapper(shape, path, value);
      case 'object':
        return this.encodeObject(shape, path, value);
    }
  }

  /** `problems` collects what a body gets wrong; an answer of this seed never has any. */
  decode(shape: Shape, path: string, value: unknown, problems: DecodeProblems, where = ''): unknown {
    if (value === undefined) return value;
    if (typeof shape === 'string') return this.decodeScalar(valueForm(this.seed, path, shape as Kind), value, problems, where);
    switch (shape.type) {
      case 'at':
        return this.decode(shape.shape, shape.path, value, problems, where);
      case 'list':
        return Array.isArray(value) ? value.map((item, i) => this.decode(shape.item, `${path}[]`, item, problems, `${where}[${i}]`)) : value;
      case 'map': {
        if (listForm(this.seed, path, 'map') === 'name-value-list') {
          if (!Array.isArray(value) || !value.every((item) => isPlainObject(item) && typeof item.name === 'string' && 'value' in item)) {
            problems.field(where, 'must be a list of {name, value}');
            return value;
          }
          return Object.fromEntries(value.map((item: Json, i) => [item.name as string, this.decode(shape.value, `${path}.*`, item.value, problems, `${where}[${i}].value`)]));
        }
        if (!isPlainObject(value)) return value;
        return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, this.decode(shape.value, `${path}.*`, item, problems, child(where, name))]));
      }
      case 'named': {
        if (listForm(this.seed, path, 'named') === 'keyed-by-name') {
          if (!isPlainObject(value) || !Object.values(value).every(isPlainObject)) {
            problems.field(where, 'must be an object keyed by name');
            return value;
          }
          return Object.entries(value).map(([name, item]) => this.decode(shape.item, `${path}[]`, { name, ...(item as Json) }, problems, child(where, name)));
        }
        return Array.isArray(value) ? value.map((item, i) => this.decode(shape.item, `${path}[]`, item, problems, `${where}[${i}]`)) : value;
      }
      case 'wrapper':
        return this.decodeWrapper(shape, path, value, problems, where);
      case 'object':
        return this.decodeObject(shape, path, value, problems, where);
    }
  }

  private encodeScalar(form: ValueForm, value: unknown): unknown {
    switch (form) {
      case 'as-is':
        return value;
      case 'wrapped-value':
        return isPlainObject(value) || Array.isArray(value) ? value : { value };
      case 'wrapped-value-source':
        return isPlainObject(value) || Array.isArray(value) ? value : { value, source: 'panel' };
      case 'wrapped-url':
        return value === null || typeof value === 'string' ? { url: value, enabled: value !== null } : value;
      case 'wrapped-url-null-bare':
        return typeof value === 'string' ? { url: value, enabled: true } : value;
      case 'numeric-string':
        return typeof value === 'number' ? String(value) : value;
      case 'bool-01':
        return typeof value === 'boolean' ? (value ? 1 : 0) : value;
      case 'bool-string':
        return typeof value === 'boolean' ? String(value) : value;
      case 'time-offset':
        return isCanonicalTime(value) ? value.replace(/Z$/, '+00:00') : value;
      case 'time-seconds':
        return isCanonicalTime(value) ? (value.endsWith('.000Z') ? value.replace('.000Z', 'Z') : value.replace(/Z$/, '+00:00')) : value;
      case 'comma-joined':
        return Array.isArray(value) && value.every((item) => typeof item === 'string' && !item.includes(',')) ? value.join(',') : value;
    }
  }

  private decodeScalar(form: ValueForm, value: unknown, problems: DecodeProblems, where: string): unknown {
    switch (form) {
      case 'as-is':
        return value;
      case 'wrapped-value':
      case 'wrapped-value-source': {
        const allowed = form === 'wrapped-value' ? ['value'] : ['value', 'source'];
        if (isPlainObject(value) && 'value' in value && Object.keys(value).every((name) => allowed.includes(name))) return value.value;
        problems.field(where, form === 'wrapped-value' ? 'must be an object {value}' : 'must be an object {value, source}');
        return value;
      }
      case 'wrapped-url':
      case 'wrapped-url-null-bare': {
        if (value === null && form === 'wrapped-url-null-bare') return null;
        if (isPlainObject(value) && Object.keys(value).every((name) => name === 'url' || name === 'enabled') && typeof value.enabled === 'boolean'
          && (value.url === null || typeof value.url === 'string')) {
          return value.enabled ? value.url : null;
        }
        problems.field(where, `must be an object {url, enabled}${form === 'wrapped-url-null-bare' ? ' or null' : ''}`);
        return value;
      }
      case 'numeric-string':
        if (value === null) return value;
        if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) return Number(value);
        problems.field(where, 'must be a numeric string');
        return value;
      case 'bool-01':
        if (value === null) return value;
        if (value === 0 || value === 1) return value === 1;
        problems.field(where, 'must be 0 or 1');
        return value;
      case 'bool-string':
        if (value === null) return value;
        if (value === 'true' || value === 'false') return value === 'true';
        problems.field(where, 'must be "true" or "false"');
        return value;
      case 'time-offset':
      case 'time-seconds':
        // Any RFC 3339 form of the instant is taken; `first` writes it with milliseconds and Z.
        return typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value) && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : value;
      case 'comma-joined':
        if (typeof value === 'string') return value.split(',').map((item) => item.trim()).filter((item) => item !== '');
        problems.field(where, 'must be a comma-separated string');
        return value;
    }
  }

  private encodeObject(shape: ObjectShape, path: string, value: unknown): unknown {
    if (!isPlainObject(value)) return value;
    const choices = objectChoices(this.seed, path, shape);
    const members = membersOf(path, shape);
    const entries = Object.entries(value);
    if (choices.reversed) entries.reverse();
    const shown: Json = {};
    for (const [name, item] of entries) {
      const member = members[name];
      shown[choices.renamed.get(name) ?? name] = member === undefined ? item : this.encode(member, `${path}.${name}`, item);
    }
    for (const extra of choices.extras) {
      const revision = revisionOf(this.seed, path);
      shown[extra] = extra === 'x_revision' ? revision
        : extra === 'meta' ? { source: 'random', seed: this.seed, shape: path }
        : extra === '_links' ? { self: this.self }
        : `W/"${this.seed}-${revision}"`;
    }
    return shown;
  }

  private decodeObject(shape: ObjectShape, path: string, value: unknown, problems: DecodeProblems, where: string): unknown {
    if (!isPlainObject(value)) return value;
    const choices = objectChoices(this.seed, path, shape);
    const members = membersOf(path, shape);
    const canonical = new Map([...choices.renamed].map(([from, to]) => [to, from]));
    const decoded: Json = {};
    for (const [shownName, item] of Object.entries(value)) {
      const name = canonical.get(shownName);
      if (name !== undefined) {
        decoded[name] = this.decode(members[name], `${path}.${name}`, item, problems, child(where, shownName));
      } else if (choices.renamed.has(shownName)) {
        problems.unknown.push(child(where, shownName));
      } else if (!(choices.extras as readonly string[]).includes(shownName)) {
        const member = members[shownName];
        decoded[shownName] = member === undefined ? item : this.decode(member, `${path}.${shownName}`, item, problems, child(where, shownName));
      }
    }
    // The members in the order `first` gives them (the shape's order, then the others).
    const ordered: Json = {};
    for (const name of Object.keys(members)) if (Object.hasOwn(decoded, name)) ordered[name] = decoded[name];
    return { ...ordered, ...decoded };
  }

  private encodeWrapper(shape: WrapperShape, path: string, value: unknown): unknown {
    if (!isPlainObject(value) || !Array.isArray(value.items)) return value;
    const items = this.encode({ type: 'list', item: shape.item }, path, value.items);
    const hasRest = Object.keys(value).some((name) => name !== 'items' && name !== 'total');
    const form = shape.fixed ? 'as-is' : wrapperForm(this.seed, path, shape.total, hasRest);
    if (form === 'bare') return items;
    const shown: Json = {};
    for (const [name, item] of Object.entries(value)) {
      if (name === 'items') shown[form === 'as-is' || form === 'items-only' ? 'items' : form === 'results' ? 'results' : 'data'] = items;
      else if (name === 'total') {
        if (form === 'data-count') shown.count = item;
        else if (form !== 'items-only') shown.total = item;
      } else shown[name] = item;
    }
    return shown;
  }

  private decodeWrapper(shape: WrapperShape, path: string, value: unknown, problems: DecodeProblems, where: string): unknown {
    const list = { type: 'list', item: shape.item } as const;
    if (Array.isArray(value)) {
      const items = this.decode(list, path, value, problems, where) as unknown[];
      return shape.total === 'none' ? { items } : { items, total: items.length };
    }
    if (!isPlainObject(value)) return value;
    const decoded: Json = {};
    for (const [name, item] of Object.entries(value)) {
      if (name === 'items' || name === 'data' || name === 'results') decoded.items = this.decode(list, path, item, problems, child(where, name));
      else if (name === 'count') decoded.total = item;
      else decoded[name] = item;
    }
    if (shape.total === 'count' && decoded.total === undefined && Array.isArray(decoded.items)) decoded.total = decoded.items.length;
    const { items, total, ...rest } = decoded;
    return total === undefined ? { items, ...rest } : { items, total, ...rest };
  }
}
