/**
 * The Users view's filter (text `q`, key type, node) as plain data: the query it adds to every `/keys`
 * request and the one-line summary shown as the view's description. No `vscode` import: the summary's
 * words go through the caller's `Localize` (`vscode.l10n.t` in the views).
 */
import type { KeyListQuery, KeyType } from '../../api/types';
import type { Localize } from '../../text/localize';
import { joinParts } from '../../text/plainText';

export interface NodeChoice {
  readonly id: string;
  /** Display name of the node, shown in the description; untrusted panel data. */
  readonly name: string;
}

export interface UsersFilter {
  readonly q?: string;
  readonly type?: KeyType;
  readonly node?: NodeChoice;
}

export const NO_FILTER: UsersFilter = Object.freeze({});

/** Drops empty parts so `{ q: '  ' }` counts as no filter. */
export function normalizeFilter(filter: UsersFilter): UsersFilter {
  const q = filter.q?.trim();
  return {
    ...(q ? { q } : {}),
    ...(filter.type ? { type: filter.type } : {}),
    ...(filter.node?.id ? { node: filter.node } : {}),
  };
}

export function isFilterActive(filter: UsersFilter): boolean {
  const normal = normalizeFilter(filter);
  return normal.q !== undefined || normal.type !== undefined || normal.node !== undefined;
}

/** The part of a `/keys` query the filter contributes; identical for all six groups, so counts follow it. */
export function filterQuery(filter: UsersFilter): Pick<KeyListQuery, 'q' | 'type' | 'node'> {
  const normal = normalizeFilter(filter);
  return {
    ...(normal.q ? { q: normal.q } : {}),
    ...(normal.type ? { type: normal.type } : {}),
    ...(normal.node ? { node: normal.node.id } : {}),
  };
}

/**
 * The parts of the view description, e.g. `['q: alice', 'SHARED', 'node: fra-1']`; empty without a filter.
 * Parts are raw text: the view joins them after making each plain.
 */
function filterDescriptionParts(filter: UsersFilter, t: Localize): string[] {
  const normal = normalizeFilter(filter);
  const parts: string[] = [];
  if (normal.q) parts.push(t('q: {0}', normal.q));
  if (normal.type) parts.push(normal.type);
  if (normal.node) parts.push(t('node: {0}', normal.node.name || normal.node.id));
  return parts;
}

/** The view description, e.g. "q: alice · SHARED · node: fra-1"; '' without a filter. Plain text. */
export function describeFilter(filter: UsersFilter, t: Localize): string {
  return joinParts(filterDescriptionParts(filter, t), 40);
}

export function sameFilter(a: UsersFilter, b: UsersFilter): boolean {
  const x = normalizeFilter(a);
  const y = normalizeFilter(b);
  return x.q === y.q && x.type === y.type && x.node?.id === y.node?.id;
}
