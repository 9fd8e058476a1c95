import { firstText, listFromResponse } from './listFromResponse';
import { isBuiltinTemplate, templateDescriptionOf, templateIdOf, templateNameOf } from './siteTemplateRecord';

/** A site template as the view shows it, read defensively from `GET /site-templates` (any JSON object). No `vscode` import. */
export interface SiteTemplate {
  readonly id: string | undefined;
  readonly name: string;
  readonly description: string | undefined;
  readonly updatedAt: string | undefined;
  /** Built into the panel: opens read-only and offers Customize instead of editing. */
  readonly builtin: boolean;
  /** Other short scalar fields, for the tooltip. */
  readonly details: readonly (readonly [string, string])[];
}

export interface SiteTemplateList {
  readonly templates: readonly SiteTemplate[];
  readonly unreadable: number;
}

const SHOWN = new Set(['id', 'template_id', 'name', 'title', 'slug', 'description', 'updated_at', 'updatedAt', 'builtin', 'built_in']);

/** One template of the list, or a create answer read the same way. */
export function parseSiteTemplate(record: Record<string, unknown>): SiteTemplate {
  const id = templateIdOf(record);
  const details = Object.entries(record)
    .filter(([name, value]) => !SHOWN.has(name) && (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'))
    .slice(0, 8)
    .map(([name, value]) => [name, String(value)] as const);
  return {
    id,
    name: templateNameOf(record, id),
    description: templateDescriptionOf(record),
    updatedAt: firstText(record, ['updated_at', 'updatedAt', 'created_at']),
    builtin: isBuiltinTemplate(record),
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
