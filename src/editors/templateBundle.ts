/**
 * The panel's template bundle: what `POST /site-templates/import` takes and what Export writes, one JSON
 * object `{format, name, description, html, css, variables}`. No `vscode` import (unit-tested).
 */
import type { SiteTemplateRecord } from '../state/siteTemplateRecord';
import { parseJsonExact } from '../api/exactJson';

export const BUNDLE_FORMAT = 'site-template/1';

export function bundleOf(record: SiteTemplateRecord): Record<string, unknown> {
  return {
    format: BUNDLE_FORMAT,
    name: record.name,
    description: record.description,
    html: record.html,
    css: record.css,
    ...(record.variablesAsRead !== undefined ? { variables: record.variablesAsRead } : {}),
  };
}

/**
 * The import body for a file: a bundle (only its known members are sent; the panel rejects others), or an
 * HTML page (its name then comes from its <title>, chosen by the panel).
 */
export function importBodyOf(fileName: string, text: string): Record<string, unknown> {
  if (/\.html?$/i.test(fileName)) return { html: text };
  let parsed: unknown;
  try {
    parsed = parseJsonExact(text); // int64 values keep their digits
  } catch (error) {
    throw new Error(`${fileName} is neither an HTML page nor a template bundle (JSON): ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || typeof (parsed as Record<string, unknown>).html !== 'string') {
    throw new Error(`${fileName} is not a template bundle: it needs at least "html"`);
  }
  const bundle = parsed as Record<string, unknown>;
  const body: Record<string, unknown> = {};
  for (const name of ['format', 'name', 'description', 'html', 'css', 'variables']) if (bundle[name] !== undefined) body[name] = bundle[name];
  return body;
}
