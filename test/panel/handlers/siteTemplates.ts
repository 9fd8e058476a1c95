/** Site templates (cover websites): list, get, create, put, delete, import, validate, customize. */
import { conflict, notFound, validationFailed } from '../apiError';
import { FieldErrors, isUuid, optionalString, requiredString } from '../fieldChecks';
import { fillPlaceholders } from '../fillPlaceholders';
import { created, noContent, ok, type HandlerContext, type HandlerTable } from '../handlerTypes';
import { validateHtml } from '../htmlValidation';
import { secondReadingBody, type ReadingRoute } from '../readings';
import { BUNDLE_FORMAT, storedHtmlProblem, variablesOf, variablesProblem, versionProblem } from '../templateFields';
import { isPlainObject, objectOfStringsProblem, THIRD_EXTRA_MEMBERS, variablesFromObject } from '../thirdReading';
import type { SiteTemplateRecord, SiteTemplateVariable } from '../types';

const TEMPLATE_FIELDS = ['name', 'description', 'html', 'css', 'variables'];

const isThird = (ctx: HandlerContext, route: ReadingRoute) => ctx.panel.readings.of(route) === 'third';

/**
 * `variables` of a create, import or PUT: the first and second readings take the list
 * `[{name, default, description?}]`, the third an object of string values `{name: default}`.
 */
function declaredVariables(third: boolean) {
  return {
    problem: (value: unknown) => (third ? objectOfStringsProblem(value) : variablesProblem(value)),
    stored: (value: unknown, previous?: readonly SiteTemplateVariable[]): SiteTemplateVariable[] =>
      third ? variablesFromObject((value ?? {}) as Record<string, string>, previous) : variablesOf(value),
  };
}

function template(ctx: HandlerContext): SiteTemplateRecord {
  const found = isUuid(ctx.params.id) ? ctx.panel.data.siteTemplates.get(ctx.params.id.toLowerCase()) : undefined;
  if (!found) throw notFound('site template');
  return found;
}

function summaryOf(t: SiteTemplateRecord) {
  return {
    id: t.id, name: t.name, description: t.description, builtin: t.builtin, version: t.version,
    created_at: t.created_at, updated_at: t.updated_at, updated_by: t.updated_by, size: t.html.length + t.css.length,
  };
}

type StoredFields = Omit<SiteTemplateRecord, 'id' | 'builtin' | 'version' | 'created_at' | 'updated_at' | 'updated_by'>;

function store(ctx: HandlerContext, fields: StoredFields, action: string) {
  const now = ctx.panel.now().toISOString();
  const record: SiteTemplateRecord = {
    id: ctx.panel.newId(), ...fields, builtin: false, version: 1, created_at: now, updated_at: now, updated_by: ctx.caller.account.username,
  };
  ctx.panel.data.siteTemplates.set(record.id, record);
  ctx.panel.audit.record(ctx.caller, action, { type: 'site_template', id: record.id }, { name: record.name });
  return created(record);
}

function createTemplate(ctx: HandlerContext) {
  const variables = declaredVariables(isThird(ctx, 'POST /site-templates'));
  const body = ctx.body.json(TEMPLATE_FIELDS);
  const errors = new FieldErrors();
  errors.check('name', requiredString(body.name));
  errors.check('html', requiredString(body.html));
  errors.check('description', optionalString(body.description));
  errors.check('css', optionalString(body.css));
  errors.check('variables', variables.problem(body.variables));
  if (errors.any) throw validationFailed(errors.fields);
  return store(ctx, {
    name: String(body.name), description: String(body.description ?? ''), html: String(body.html), css: String(body.css ?? ''), variables: variables.stored(body.variables),
  }, 'site_templates.create');
}

function importTemplate(ctx: HandlerContext) {
  const variables = declaredVariables(isThird(ctx, 'POST /site-templates/import'));
  const body = ctx.body.json([...TEMPLATE_FIELDS, 'format']);
  const errors = new FieldErrors();
  if (body.format !== undefined && body.format !== BUNDLE_FORMAT) errors.check('format', `must be ${BUNDLE_FORMAT}`);
  errors.check('variables', variables.problem(body.variables));
  errors.check('html', requiredString(body.html));
  errors.check('name', optionalString(body.name));
  errors.check('description', optionalString(body.description));
  errors.check('css', optionalString(body.css));
  if (errors.any) throw validationFailed(errors.fields);
  const html = String(body.html);
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim();
  return store(ctx, {
    name: typeof body.name === 'string' ? body.name : title || 'Imported template', description: String(body.description ?? 'Imported'), html,
    css: String(body.css ?? ''), variables: variables.stored(body.variables),
  }, 'site_templates.import');
}

function putTemplate(ctx: HandlerContext) {
  const record = template(ctx);
  const third = isThird(ctx, 'PUT /site-templates/{id}');
  const variables = declaredVariables(third);
  // The third reading takes back the members only it shows (a client echoing them) and ignores them.
  const extras = third ? Object.keys(THIRD_EXTRA_MEMBERS) : [];
  const { version, ...sent } = ctx.body.json([...TEMPLATE_FIELDS, 'version', ...extras]);
  const body = Object.fromEntries(Object.entries(sent).filter(([field]) => !extras.includes(field)));
  const errors = new FieldErrors();
  if ('name' in body) errors.check('name', requiredString(body.name));
  if ('html' in body) errors.check('html', requiredString(body.html) ?? storedHtmlProblem(String(body.html)));
  errors.check('description', optionalString(body.description));
  errors.check('css', optionalString(body.css));
  errors.check('variables', variables.problem(body.variables));
  errors.check('version', versionProblem(version));
  if (errors.any) throw validationFailed(errors.fields);
  if (record.builtin) throw conflict('built-in templates cannot be changed; customize one to get an editable copy', 'builtin_template');
  if (version !== undefined && version !== record.version) {
    throw conflict(`the template changed on the panel since version ${String(version)}; it is now version ${record.version}`, 'version_conflict');
  }
  if (body.variables !== undefined) body.variables = variables.stored(body.variables, record.variables);
  Object.assign(record, body, { version: record.version + 1, updated_at: ctx.panel.now().toISOString(), updated_by: ctx.caller.account.username });
  ctx.panel.audit.record(ctx.caller, 'site_templates.update', { type: 'site_template', id: record.id }, { fields: Object.keys(body) });
  return ok(record);
}

function deleteTemplate(ctx: HandlerContext) {
  const record = template(ctx);
  if (record.builtin) throw conflict('built-in templates cannot be deleted', 'builtin_template');
  const users = [...ctx.panel.data.nodes.values()].filter((node) => node.site.template_id === record.id);
  if (users.length > 0) throw conflict(`the template is in use on ${users.map((node) => node.name).join(', ')}`, 'template_in_use');
  ctx.panel.data.siteTemplates.delete(record.id);
  ctx.panel.audit.record(ctx.caller, 'site_templates.delete', { type: 'site_template', id: record.id }, { name: record.name });
  return noContent;
}

function validate(ctx: HandlerContext) {
  if (isThird(ctx, 'POST /site-templates/validate')) return validateWithObject(ctx);
  const second = ctx.panel.readings.of('POST /site-templates/validate') === 'second';
  // First reading `{html, css?}`; second `{html, css?, variables?}`, and it checks placeholders too.
  const body = second ? secondReadingBody(ctx.body, ['html', 'css', 'variables']) : ctx.body.json(['html', 'css']);
  const problem = requiredString(body.html);
  if (problem) throw validationFailed({ html: problem });
  const variablesWrong = second ? variablesProblem(body.variables) : undefined;
  if (variablesWrong) throw validationFailed({ variables: variablesWrong });
  const errors: { line?: number; message: string }[] = validateHtml(String(body.html));
  if (second) errors.push(...undeclaredPlaceholders(String(body.html), variablesOf(body.variables).map((variable) => variable.name)));
  return ok({ valid: errors.length === 0, errors });
}

/** Second and third readings of validate: every `{{word}}` that `declared` does not name, at its line. */
function undeclaredPlaceholders(text: string, declared: readonly string[]): { line: number; message: string }[] {
  return text.split('\n').flatMap((line, index) => [...line.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
    .filter((match) => !declared.includes(match[1]))
    .map((match) => ({ line: index + 1, message: `unknown placeholder {{${match[1]}}}` })));
}

/**
 * Third reading of validate: `{html, css?, variables?}` with `variables` an object (its keys are the names
 * declared); a `{{word}}` of the html or the css that is not one of them is an error at its line (those of
 * the css say `field: "css"`).
 */
function validateWithObject(ctx: HandlerContext) {
  const body = ctx.body.json(['html', 'css', 'variables']);
  const problem = requiredString(body.html);
  if (problem) throw validationFailed({ html: problem });
  if (body.variables !== undefined && !isPlainObject(body.variables)) throw validationFailed({ variables: 'must be an object' });
  const cssProblem = optionalString(body.css);
  if (cssProblem) throw validationFailed({ css: cssProblem });
  const declared = Object.keys((body.variables ?? {}) as Record<string, unknown>);
  const errors: { field?: string; line?: number; message: string }[] = [
    ...validateHtml(String(body.html)),
    ...undeclaredPlaceholders(String(body.html), declared),
    ...undeclaredPlaceholders(String(body.css ?? ''), declared).map((error) => ({ field: 'css', ...error })),
  ];
  return ok({ valid: errors.length === 0, errors });
}

function customize(ctx: HandlerContext) {
  if (ctx.panel.readings.of('POST /site-templates/{id}/customize') === 'second') return customizeWithVariables(ctx);
  if (isThird(ctx, 'POST /site-templates/{id}/customize')) return customizeWithObject(ctx);
  const source = template(ctx);
  const body = ctx.body.json(['name', 'values']);
  const values = body.values ?? {};
  const errors = new FieldErrors();
  errors.check('name', optionalString(body.name));
  if (typeof values !== 'object' || values === null || Array.isArray(values) || !Object.values(values).every((v) => typeof v === 'string')) {
    errors.check('values', 'must be an object of strings');
  }
  if (errors.any) throw validationFailed(errors.fields);
  const given = values as Record<string, string>;
  return store(ctx, {
    name: typeof body.name === 'string' ? body.name : `${source.name} (custom)`, description: source.description,
    html: fillPlaceholders(source.html, given), css: fillPlaceholders(source.css, given),
    variables: source.variables.filter((variable) => !Object.hasOwn(given, variable.name)).map((variable) => ({ ...variable })),
  }, 'site_templates.customize');
}

/**
 * Second reading of customize: `{name?, variables?}` with the template's own `variables` (their defaults
 * are the copy's values); the copy keeps the html and css as written and declares the variables given
 * (else the source's).
 */
function customizeWithVariables(ctx: HandlerContext) {
  const source = template(ctx);
  const body = secondReadingBody(ctx.body, ['name', 'variables']);
  const errors = new FieldErrors();
  errors.check('name', optionalString(body.name));
  errors.check('variables', variablesProblem(body.variables));
  if (errors.any) throw validationFailed(errors.fields);
  return store(ctx, {
    name: typeof body.name === 'string' ? body.name : `${source.name} (custom)`, description: source.description, html: source.html, css: source.css,
    variables: body.variables === undefined ? source.variables.map((variable) => ({ ...variable })) : variablesOf(body.variables),
  }, 'site_templates.customize');
}

/**
 * Third reading of customize: `{name?, variables?}` with `variables` an object of string values (anything
 * else, `values` included, is refused as the first reading refuses an unknown field); the copy keeps the
 * html and css as written and declares the variables sent (their values are the defaults) and the
 * source's variables not sent.
 */
function customizeWithObject(ctx: HandlerContext) {
  const source = template(ctx);
  const body = ctx.body.json(['name', 'variables']);
  const errors = new FieldErrors();
  errors.check('name', optionalString(body.name));
  errors.check('variables', objectOfStringsProblem(body.variables));
  if (errors.any) throw validationFailed(errors.fields);
  return store(ctx, {
    name: typeof body.name === 'string' ? body.name : `${source.name} (custom)`, description: source.description, html: source.html, css: source.css,
    variables: variablesFromObject((body.variables ?? {}) as Record<string, string>, source.variables, true),
  }, 'site_templates.customize');
}

export const siteTemplateHandlers: HandlerTable = {
  'GET /site-templates': (ctx) => {
    const servingNodes = ctx.panel.readings.of('GET /site-templates') === 'second';
    const nodes = [...ctx.panel.data.nodes.values()];
    const items = [...ctx.panel.data.siteTemplates.values()].map((record) => servingNodes
      ? { ...summaryOf(record), nodes: nodes.filter((node) => node.site.template_id === record.id).map((node) => ({ id: node.id, name: node.name })) }
      : summaryOf(record));
    return ok({ items, total: items.length });
  },
  'GET /site-templates/{id}': (ctx) => ok(template(ctx)),
  'POST /site-templates': createTemplate,
  'POST /site-templates/import': importTemplate,
  'PUT /site-templates/{id}': putTemplate,
  'DELETE /site-templates/{id}': deleteTemplate,
  'POST /site-templates/validate': validate,
  'POST /site-templates/{id}/customize': customize,
};
