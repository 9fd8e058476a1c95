/** GET/POST /nodes, GET/PATCH/DELETE /nodes/{id}, PUT /nodes/order, POST /nodes/preflight/dns. */
import { conflict, validationFailed } from '../apiError';
import { FieldErrors, isUuid, optionalString, requiredString } from '../fieldChecks';
import { created, noContent, ok, type HandlerContext, type HandlerTable } from '../handlerTypes';
import { secondReadingBody } from '../readings';
import { keyCountsByNode, nodeView } from '../nodeView';
import { stableInt } from '../stableNumbers';
import type { NodeRecord } from '../types';

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

function sortedNodes(ctx: HandlerContext): NodeRecord[] {
  return [...ctx.panel.data.nodes.values()].sort((a, b) => a.position - b.position);
}

function list(ctx: HandlerContext) {
  const counts = keyCountsByNode(ctx.panel.data);
  const items = sortedNodes(ctx).map((node) => nodeView(node, ctx.panel.names.engine, counts.get(node.id) ?? 0));
  return ok({ items, total: items.length });
}

function view(ctx: HandlerContext, node: NodeRecord) {
  return nodeView(node, ctx.panel.names.engine, keyCountsByNode(ctx.panel.data).get(node.id) ?? 0);
}

function createNode(ctx: HandlerContext) {
  // The second reading takes no `note` (refused with a 400 that names it in `problems[]`).
  const body = ctx.panel.readings.of('POST /nodes') === 'second'
    ? secondReadingBody(ctx.body, ['name', 'hostname', 'region'])
    : ctx.body.json(['name', 'hostname', 'region', 'note']);
  const errors = new FieldErrors();
  errors.check('name', requiredString(body.name));
  errors.check('hostname', requiredString(body.hostname) ?? (HOSTNAME.test(String(body.hostname)) ? undefined : 'must be a DNS name'));
  errors.check('region', optionalString(body.region));
  errors.check('note', optionalString(body.note));
  if (errors.any) throw validationFailed(errors.fields);
  const { panel } = ctx;
  const hostname = String(body.hostname).toLowerCase();
  if ([...panel.data.nodes.values()].some((n) => n.hostname === hostname)) throw conflict(`a node with hostname ${hostname} exists`, 'duplicate_hostname');
  const now = panel.now().toISOString();
  const node: NodeRecord = {
    id: panel.newId(),
    name: String(body.name),
    hostname,
    ip: `203.0.113.${stableInt(hostname, 1, 254)}`,
    region: typeof body.region === 'string' ? body.region : '',
    status: 'installing',
    dirty: false,
    last_apply_at: null,
    last_seen_at: null,
    created_at: now,
    engine_version: '',
    agent_version: '',
    position: panel.data.nodes.size + 1,
    note: typeof body.note === 'string' ? body.note : null,
    blocklist: [],
    reliability: { auto_restart: true, max_restarts_per_hour: 3, health_check_interval_seconds: 30 },
    web_policy: { mode: 'cover', redirect_url: null, allow_countries: [] },
    site: { template_id: null, enabled: false, upstream: null, variables: {} },
    registration_secret: `reg_${panel.newHex(16)}`,
  };
  panel.data.nodes.set(node.id, node);
  panel.audit.record(ctx.caller, 'nodes.create', { type: 'node', id: node.id }, { name: node.name });
  return created(view(ctx, node));
}

function patchNode(ctx: HandlerContext) {
  const node = ctx.panel.node(ctx.params.id);
  const body = ctx.panel.readings.of('PATCH /nodes/{id}') === 'second'
    ? secondReadingBody(ctx.body, ['name', 'region'])
    : ctx.body.json(['name', 'region', 'note']);
  const errors = new FieldErrors();
  if ('name' in body) errors.check('name', requiredString(body.name));
  errors.check('region', optionalString(body.region));
  if (body.note !== null) errors.check('note', optionalString(body.note));
  if (errors.any) throw validationFailed(errors.fields);
  if (typeof body.name === 'string') node.name = body.name;
  if (typeof body.region === 'string') node.region = body.region;
  if ('note' in body) node.note = body.note as string | null;
  ctx.panel.audit.record(ctx.caller, 'nodes.update', { type: 'node', id: node.id }, { fields: Object.keys(body) });
  return ok(view(ctx, node));
}

function deleteNode(ctx: HandlerContext) {
  const node = ctx.panel.node(ctx.params.id);
  const bound = keyCountsByNode(ctx.panel.data).get(node.id) ?? 0;
  if (bound > 0) throw conflict(`${bound} keys are bound to this node; unbind them first`, 'node_in_use');
  ctx.panel.data.nodes.delete(node.id);
  ctx.panel.audit.record(ctx.caller, 'nodes.delete', { type: 'node', id: node.id }, { name: node.name });
  return noContent;
}

function order(ctx: HandlerContext) {
  const body = ctx.body.json(['ids']);
  const ids = body.ids;
  const nodes = ctx.panel.data.nodes;
  if (!Array.isArray(ids) || ids.length === 0 || !ids.every(isUuid)) throw validationFailed({ ids: 'must be a non-empty array of node uuids' });
  const unknown = ids.find((id) => !nodes.has(id.toLowerCase()));
  if (unknown) throw validationFailed({ ids: `unknown node ${unknown}` });
  const listed = new Set(ids.map((id) => id.toLowerCase()));
  const rest = sortedNodes(ctx).filter((node) => !listed.has(node.id));
  [...listed].map((id) => nodes.get(id) as NodeRecord).concat(rest).forEach((node, i) => (node.position = i + 1));
  ctx.panel.audit.record(ctx.caller, 'nodes.order', { type: 'node', id: null }, { ids: [...listed] });
  return list(ctx);
}

function preflightDns(ctx: HandlerContext) {
  const body = ctx.body.json(['hostname']);
  const problem = requiredString(body.hostname) ?? (HOSTNAME.test(String(body.hostname)) ? undefined : 'must be a DNS name');
  if (problem) throw validationFailed({ hostname: problem });
  const hostname = String(body.hostname).toLowerCase();
  const resolves = !hostname.endsWith('.invalid');
  if (!resolves && ctx.panel.readings.of('POST /nodes/preflight/dns') === 'second') {
    // The second reading says why in `problems[]` and has no `message`.
    return ok({ hostname, ok: false, addresses: [], problems: [`no A or AAAA record for ${hostname} (NXDOMAIN from 192.0.2.53)`] });
  }
  return ok({
    hostname,
    ok: resolves,
    addresses: resolves ? [`203.0.113.${stableInt(hostname, 1, 254)}`] : [],
    message: resolves ? 'the name resolves to a public address' : 'NXDOMAIN',
  });
}

export const nodeHandlers: HandlerTable = {
  'GET /nodes': list,
  'POST /nodes': createNode,
  'GET /nodes/{id}': (ctx) => ok(view(ctx, ctx.panel.node(ctx.params.id))),
  'PATCH /nodes/{id}': patchNode,
  'DELETE /nodes/{id}': deleteNode,
  'PUT /nodes/order': order,
  'POST /nodes/preflight/dns': preflightDns,
};
