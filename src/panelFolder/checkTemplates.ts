/**
 * Template HTML the panel's validate refuses (`POST /site-templates/validate`, a check that changes
 * nothing) is a problem of the plan before anything is sent: each template the plan creates or whose html
 * or css it changes is validated with its variables in the target's shape (a panel that does not take them
 * says so once: bodyEncodings.ts). Its changes leave the plan. No `vscode` import.
 */
import type { JsonValue } from '../api/types';
import { firstText, listFromResponse } from '../api/listFromResponse';
import { firstFlag, scalarOf } from '../api/silentValues';
import { mergedTemplateShape, templateMemberOf } from '../state/siteTemplateRecord';
import { sendTemplate } from '../state/templateSend';
import { textOf } from '../text/plainText';
import { isObject, TEMPLATE_FILES } from './folderFormat';
import type { FolderPlan, ResourceChange } from './folderPlan';
import type { FolderProblem } from './readFolder';
import type { FolderApi, LiveResource } from './readPanel';

export async function checkTemplates(api: FolderApi, plan: FolderPlan, signal?: AbortSignal): Promise<FolderPlan> {
  const problems: FolderProblem[] = [];
  const refused = new Set<ResourceChange>();
  for (const change of plan.changes) {
    if (change.kind !== 'template' || change.action === 'delete' || !change.doc || !change.path) continue;
    if (change.action === 'update' && !change.fields.some((field) => field.field === 'html' || field.field === 'css' || field.field === 'variables')) continue;
    const doc = change.doc;
    const html = typeof doc.html === 'string' ? doc.html : typeof change.live?.doc.html === 'string' ? change.live.doc.html : '';
    const css = typeof doc.css === 'string' ? doc.css : typeof change.live?.doc.css === 'string' ? change.live.doc.css : '';
    // Echo what was read: the body in the names and shapes the panel gives this template (a new one: its
    // other templates'), the variables as typed put in that shape.
    const shape = change.live?.templateShape ?? mergedTemplateShape(plan.live.templates.map((template) => template.templateShape));
    const variables = doc.variables ?? change.live?.variablesAsRead;
    let answer: JsonValue;
    try {
      ({ value: answer } = await sendTemplate({
        memory: api.refusedFields, route: 'siteTemplates.validate', values: { html, css, variables }, shape, optional: ['variables'],
        send: (sent) => api.siteTemplates.validate(sent, { signal }),
      }));
    } catch (error) {
      problems.push({ file: `${change.path}/${TEMPLATE_FILES.html}`, line: 1, code: 'notValidated', detail: error instanceof Error ? error.message : String(error) });
      refused.add(change);
      continue;
    }
    const found = templateErrors(answer, change.path);
    if (found.length === 0 && !(isObject(answer) && firstFlag(answer, ['valid', 'ok', 'is_valid', 'isValid', 'success', 'passed']) === false)) continue;
    problems.push(...(found.length > 0 ? found : [{ file: `${change.path}/${TEMPLATE_FILES.html}`, line: 1, code: 'templateRefused' as const }]));
    refused.add(change);
  }
  if (problems.length === 0) return plan;
  return { ...plan, changes: plan.changes.filter((change) => !refused.has(change)), problems: [...plan.problems, ...problems] };
}

/**
 * How this panel gives template variables (a list of records, an object of defaults…): the first template
 * that declares some, as read. What a new template's variables are sent in the shape of.
 */
export function variablesShapeOf(templates: readonly LiveResource[]): JsonValue | undefined {
  return templates.map((template) => template.variablesAsRead).find((asRead) => (Array.isArray(asRead) ? asRead.length > 0 : isObject(asRead) && Object.keys(asRead).length > 0));
}

/** The validate answer's errors, each at its file and line (defensively: under errors/problems/items, strings or records). */
function templateErrors(answer: JsonValue, dir: string): FolderProblem[] {
  return listFromResponse(answer, ['errors', 'problems', 'items', 'results']).flatMap((item): FolderProblem[] => {
    if (typeof item === 'string') return [{ file: `${dir}/${TEMPLATE_FILES.html}`, line: 1, code: 'templateRefused', detail: item }];
    if (!isObject(item)) return [];
    const field = firstText(item, ['field', 'file']) ?? 'html';
    const member = templateMemberOf(/^[a-z_]+/i.exec(field)?.[0] ?? '');
    const file = member === 'css' || /css|style/.test(field) ? TEMPLATE_FILES.css : member === 'variables' || /variables/.test(field) ? TEMPLATE_FILES.variables : TEMPLATE_FILES.html;
    const line = Number(scalarOf(item.line ?? item.line_number ?? item.lineNumber ?? item.row ?? 1));
    const message = scalarOf(item.message ?? item.error ?? item.text ?? '');
    return [{
      file: `${dir}/${file}`, line: Number.isFinite(line) && line > 0 ? line : 1, code: 'templateRefused',
      detail: typeof message === 'string' ? message : textOf(item.message ?? item.error ?? item.text ?? ''),
    }];
  });
}
