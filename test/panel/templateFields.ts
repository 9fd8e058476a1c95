/** Field checks of site template bodies: declared variables, the HTML a PUT must carry, the bundle marker. */
import { validateHtml } from './htmlValidation';
import type { SiteTemplateVariable } from './types';

/** The marker of the panel's template bundle (the body of `POST /site-templates/import`, what an export holds). */
export const BUNDLE_FORMAT = 'site-template/1';

const VARIABLE_NAME = /^\w{1,64}$/;

/** `variables`: an array of `{name, default?, description?}` with word names, each once. */
export function variablesProblem(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) return 'must be an array of {name, default, description}';
  const seen = new Set<string>();
  for (const [index, item] of value.entries()) {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) return `item ${index}: must be an object`;
    const { name, default: fallback, description, ...rest } = item as Record<string, unknown>;
    if (Object.keys(rest).length > 0) return `item ${index}: unknown field ${Object.keys(rest)[0]}`;
    if (typeof name !== 'string' || !VARIABLE_NAME.test(name)) return `item ${index}: name must be a word (letters, digits, _)`;
    if (seen.has(name)) return `item ${index}: ${name} is declared twice`;
    seen.add(name);
    if (fallback !== undefined && typeof fallback !== 'string') return `item ${index}: default must be a string`;
    if (description !== undefined && typeof description !== 'string') return `item ${index}: description must be a string`;
  }
  return undefined;
}

export function variablesOf(value: unknown): SiteTemplateVariable[] {
  if (!Array.isArray(value)) return [];
  return value.map((item: Record<string, unknown>) => ({
    name: String(item.name),
    default: typeof item.default === 'string' ? item.default : '',
    ...(typeof item.description === 'string' ? { description: item.description } : {}),
  }));
}

/** A PUT refuses HTML the validator finds fault with: `line 6: <div> is not closed; line 7: …`. */
export function storedHtmlProblem(html: string): string | undefined {
  const problems = validateHtml(html);
  if (problems.length === 0) return undefined;
  return problems.map((problem) => (problem.line ? `line ${problem.line}: ${problem.message}` : problem.message)).join('; ');
}

/** `version` of a PUT: a positive integer when present. */
export function versionProblem(value: unknown): string | undefined {
  if (value === undefined || (Number.isInteger(value) && (value as number) > 0)) return undefined;
  return 'must be a positive integer';
}
