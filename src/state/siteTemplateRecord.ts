/**
 * One site template as `GET /site-templates/{id}` answers it, read defensively (the spec leaves the shape
 * open; SHAPES.md records the simulator's). No `vscode` import (unit-tested).
 */
import { firstText } from './listFromResponse';
import { textOf as valueText } from '../text/plainText';

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

/** Built into the panel (opens read-only, offers Customize): `builtin`, `built_in` or `readonly` true. */
export function isBuiltinTemplate(record: Record<string, unknown>): boolean {
  return record.builtin === true || record.built_in === true || record.readonly === true;
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
