import { firstText, listFromResponse } from '../api/listFromResponse';
import { isBuiltinTemplate, templateDescriptionOf, templateIdOf, templateNameOf } from './siteTemplateRecord';

/** A site template as the view shows it, read defensively from `GET /site-templates` (any JSON object). No `vscode` import. */
export interface SiteTemplate {
  readonly id: string | undefined;
  readonly name: string;
  readonly description: string | undefined;
  readonly updatedAt: string | undefined;
  /** Built into the panel: opens read-only and offers Customize instead of editing. */
  readonly builtin: boolean;
  /**
   * The nodes serving it, when the panel's list says (the contract does not show it; read defensively from
   * `nodes`, `served_by`, `used_by`, `node_names`, `node_ids` or a count): names when it gave names, else a
   * count; undefined when the answer does not say.
   */
  readonly servedBy?: { readonly count: number; readonly names: readonly string[] };
  /** Other short scalar fields, for the tooltip. */
  readonly details: readonly (readonly [string, string])[];
}

export interface SiteTemplateList {
  readonly templates: readonly SiteTemplate[];
  readonly unreadable: number;
}

const SHOWN = new Set(['id', 'template_id', 'name', 'title', 'slug', 'description', 'updated_at', 'updatedAt', 'builtin', 'built_in']);
const NODE_LISTS = ['nodes', 'served_by', 'used_by', 'node_names', 'node_ids'];
const NODE_COUNTS = ['nodes_count', 'node_count', 'used_by_count', 'usage_count', 'in_use'];

/** The nodes serving a template as the list answer says, if it does (see `SiteTemplate.servedBy`). */
export function servingNodesOf(record: Record<string, unknown>): SiteTemplate['servedBy'] {
  for (const field of NODE_LISTS) {
    const list = record[field];
    if (!Array.isArray(list)) continue;
    const names = list.map((node: unknown) => (typeof node === 'string' && field !== 'node_ids' ? node
      : typeof node === 'object' && node !== null && !Array.isArray(node) ? firstText(node as Record<string, unknown>, ['name', 'hostname']) : undefined));
    return { count: list.length, names: names.every((name) => name !== undefined) ? names as string[] : [] };
  }
  for (const field of NODE_COUNTS) {
    const count = record[field];
    if (typeof count === 'number' && Number.isInteger(count) && count >= 0) return { count, names: [] };
  }
  return undefined;
}

/** One template of the list, or a create answer read the same way. */
export function parseSiteTemplate(record: Record<string, unknown>): SiteTemplate {
  const id = templateIdOf(record);
  const details = Object.entries(record)
    .filter(([name, value]) => !SHOWN.has(name) && !NODE_COUNTS.includes(name) && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'))
    .slice(0, 8)
    .map(([name, value]) => [name, String(value)] as const);
  return {
    id,
    name: templateNameOf(record, id),
    description: templateDescriptionOf(record),
    updatedAt: firstText(record, ['updated_at', 'updatedAt', 'created_at']),
    builtin: isBuiltinTemplate(record),
    servedBy: servingNodesOf(record),
    details,
  };
}

/** Reads the answer of `GET /site-templates`: the list under items/templates/site_templates/data, or the answer itself. */
export function parseSiteTemplates(response: unknown): SiteTemplateList {
  const templates: SiteTemplate[] = [];
  let unreadable = 0;
  for (const item of listFromResponse(response, ['items', 'templates', 'site_templates', 'data', 'results'])) {
    if (typeof item === 'object' && item !== null && !Array.isArray(item)) templates.push(parseSiteTemplate(item as Record<string, unknown>));
    else unreadable += 1;
  }
  return { templates, unreadable };
}
