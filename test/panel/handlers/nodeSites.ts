/** The cover website of a node: which template it serves, its upstream, and a rendered preview. */
import { validationFailed } from '../apiError';
import { FieldErrors, isUuid, optionalBoolean } from '../fieldChecks';
import { fillPlaceholders } from '../fillPlaceholders';
import { ok, type HandlerContext, type HandlerTable } from '../handlerTypes';
import type { NodeRecord } from '../types';

function siteOf(ctx: HandlerContext, node: NodeRecord) {
  const template = node.site.template_id ? ctx.panel.data.siteTemplates.get(node.site.template_id) : undefined;
  return {
    node_id: node.id, template_id: node.site.template_id, template_name: template?.name ?? null, enabled: node.site.enabled,
    upstream: node.site.upstream, variables: { ...node.site.variables }, deployment: node.dirty ? 'pending_apply' : 'deployed',
    last_apply_at: node.last_apply_at,
  };
}

function setSite(ctx: HandlerContext) {
  const node = ctx.panel.node(ctx.params.id);
  const body = ctx.body.json(['template_id', 'enabled', 'variables']);
  const errors = new FieldErrors();
  if (body.template_id !== undefined && body.template_id !== null) {
    if (!isUuid(body.template_id) || !ctx.panel.data.siteTemplates.has(body.template_id.toLowerCase())) errors.check('template_id', 'unknown site template');
  }
  errors.check('enabled', optionalBoolean(body.enabled));
  const variables = body.variables;
  if (variables !== undefined && (typeof variables !== 'object' || variables === null || Array.isArray(variables) || !Object.values(variables).every((v) => typeof v === 'string'))) {
    errors.check('variables', 'must be an object of strings');
  }
  if (errors.any) throw validationFailed(errors.fields);
  if (variables !== undefined) node.site.variables = { ...(variables as Record<string, string>) };
  if (body.template_id !== undefined) node.site.template_id = body.template_id === null ? null : String(body.template_id).toLowerCase();
  if (typeof body.enabled === 'boolean') node.site.enabled = body.enabled;
  node.dirty = true;
  ctx.panel.audit.record(ctx.caller, 'nodes.site.update', { type: 'node', id: node.id }, { fields: Object.keys(body) });
  return ok(siteOf(ctx, node));
}

function setUpstream(ctx: HandlerContext) {
  const node = ctx.panel.node(ctx.params.id);
  const body = ctx.body.json(['url']);
  if (body.url !== null && !(typeof body.url === 'string' && /^https?:\/\/[^\s]+$/.test(body.url))) {
    throw validationFailed({ url: 'must be an http(s) URL or null' });
  }
  node.site.upstream = body.url;
  node.dirty = true;
  ctx.panel.audit.record(ctx.caller, 'nodes.site.upstream', { type: 'node', id: node.id });
  return ok(siteOf(ctx, node));
}

function preview(ctx: HandlerContext) {
  const node = ctx.panel.node(ctx.params.id);
  const template = node.site.template_id ? ctx.panel.data.siteTemplates.get(node.site.template_id) : undefined;
  const defaults = Object.fromEntries((template?.variables ?? []).map((variable) => [variable.name, variable.default]));
  const values: Record<string, string> = { ...defaults, site_name: node.region || node.name, ...node.site.variables };
  const html = template
    ? fillPlaceholders(template.html, values)
    : '<!doctype html><html><head><title>Welcome</title></head><body><p>It works.</p></body></html>';
  return ok({ node_id: node.id, template_id: template?.id ?? null, html, css: template ? fillPlaceholders(template.css, values) : '' });
}

export const nodeSiteHandlers: HandlerTable = {
  'GET /nodes/{id}/site': (ctx) => ok(siteOf(ctx, ctx.panel.node(ctx.params.id))),
  'POST /nodes/{id}/site': setSite,
  'POST /nodes/{id}/site/upstream': setUpstream,
  'GET /nodes/{id}/site/preview': preview,
};
