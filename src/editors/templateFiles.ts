/** Which file of a template holds which field, and the PUT body a file's text makes. No `vscode` import (unit-tested). */
import { templateMemberOf, type SiteTemplateRecord } from '../state/siteTemplateRecord';
import { jsonText } from '../text/jsonText';
import { TEMPLATE_FILES, type TemplateFile } from './panelPaths';
import { parseJsonExact } from '../api/exactJson';

const FIELD_OF: Record<TemplateFile, 'html' | 'css' | 'variables'> = { 'index.html': 'html', 'style.css': 'css', 'variables.json': 'variables' };

/** The files of a template: variables.json only when the panel declares variables. */
export function filesOf(record: SiteTemplateRecord): TemplateFile[] {
  return TEMPLATE_FILES.filter((file) => file !== 'variables.json' || record.variables !== undefined);
}

export function fileText(record: SiteTemplateRecord, file: TemplateFile): string {
  switch (file) {
    case 'index.html':
      return record.html;
    case 'style.css':
      return record.css;
    case 'variables.json':
      // As the panel gave them (echoed back on save): an object of name → value, a list of records…
      return `${jsonText(record.variablesAsRead ?? [], 2)}\n`;
  }
}

/** The file that holds a field the panel named in an error (`html`, `css`, `variables`, `variables[2]`...). */
export function fileOfField(field: string): TemplateFile | undefined {
  const base = /^[a-z_]+/i.exec(field)?.[0] ?? '';
  // Under the name the panel gives the member (`markup` for the html) or the contract's.
  const member = templateMemberOf(base) ?? base;
  return TEMPLATE_FILES.find((file) => FIELD_OF[file] === member);
}

/** Thrown for text that cannot become a PUT body (variables.json that is not JSON). */
export class UnsavableTextError extends Error {
  constructor(message: string, readonly line: number | undefined) {
    super(message);
  }
}

/** The body of `PUT /site-templates/{id}` for a file's new text (without the version). */
export function putBody(file: TemplateFile, text: string): Record<string, unknown> {
  if (file !== 'variables.json') return { [FIELD_OF[file]]: text };
  let variables: unknown;
  try {
    // Exact: an int64 default keeps its digits (JSON.parse would round it).
    variables = parseJsonExact(text);
  } catch (error) {
    const position = /position (\d+)/.exec(String(error))?.[1];
    const line = position === undefined ? undefined : text.slice(0, Number(position)).split('\n').length;
    throw new UnsavableTextError(`variables.json is not valid JSON: ${error instanceof Error ? error.message : String(error)}`, line);
  }
  if (typeof variables !== 'object' || variables === null) throw new UnsavableTextError('variables.json must hold the variables as the panel gives them: an object of name → value, or an array', 1);
  return { variables };
}
