/** Per-node configuration: blocklist, reliability, web policy, install command and registration secret. */
import { validationFailed } from '../apiError';
import { FieldErrors, oneOf, optionalBoolean } from '../fieldChecks';
import { ok, type HandlerContext, type HandlerTable } from '../handlerTypes';

const CIDR_OR_IP = /^[0-9a-f:.]+(\/\d{1,3})?$/i;
const WEB_POLICY_MODES = ['cover', 'redirect', 'block'];

function blocklist(ctx: HandlerContext) {
  const node = ctx.panel.node(ctx.params.id);
  return ok({ node_id: node.id, entries: [...node.blocklist] });
}

function putBlocklist(ctx: HandlerContext) {
  const node = ctx.panel.node(ctx.params.id);
  const body = ctx.body.json(['entries']);
  const entries = body.entries;
  if (!Array.isArray(entries) || !entries.every((e) => typeof e === 'string' && CIDR_OR_IP.test(e))) {
    throw validationFailed({ entries: 'must be an array of IP addresses or CIDR ranges' });
  }
  node.blocklist = [...new Set(entries as string[])];
  node.dirty = true;
  ctx.panel.audit.record(ctx.caller, 'nodes.blocklist.update', { type: 'node', id: node.id }, { count: node.blocklist.length });
  return ok({ node_id: node.id, entries: [...node.blocklist] });
}

function reliability(ctx: HandlerContext) {
  const node = ctx.panel.node(ctx.params.id);
  return ok({ node_id: node.id, ...node.reliability });
}

function putReliability(ctx: HandlerContext) {
  const node = ctx.panel.node(ctx.params.id);
  const body = ctx.body.json(['auto_restart', 'max_restarts_per_hour', 'health_check_interval_seconds']);
  const errors = new FieldErrors();
  errors.check('auto_restart', optionalBoolean(body.auto_restart));
  const intIn = (v: unknown, min: number, max: number) =>
    v === undefined || (Number.isInteger(v) && (v as number) >= min && (v as number) <= max) ? undefined : `must be an integer from ${min} to ${max}`;
  errors.check('max_restarts_per_hour', intIn(body.max_restarts_per_hour, 0, 60));
  errors.check('health_check_interval_seconds', intIn(body.health_check_interval_seconds, 5, 3600));
  if (errors.any) throw validationFailed(errors.fields);
  Object.assign(node.reliability, body);
  ctx.panel.audit.record(ctx.caller, 'nodes.reliability.update', { type: 'node', id: node.id }, { fields: Object.keys(body) });
  return ok({ node_id: node.id, ...node.reliability });
}

function webPolicy(ctx: HandlerContext) {
  const node = ctx.panel.node(ctx.params.id);
  return ok({ node_id: node.id, ...node.web_policy });
}

function putWebPolicy(ctx: HandlerContext) {
  const node = ctx.panel.node(ctx.params.id);
  const body = ctx.body.json(['mode', 'redirect_url', 'allow_countries']);
  const errors = new FieldErrors();
  errors.check('mode', oneOf(body.mode, WEB_POLICY_MODES, false));
  if (body.redirect_url !== undefined && body.redirect_url !== null && !(typeof body.redirect_url === 'string' && /^https?:\/\//.test(body.redirect_url))) {
    errors.check('redirect_url', 'must be an http(s) URL or null');
  }
  if (body.allow_countries !== undefined && !(Array.isArray(body.allow_countries) && body.allow_countries.every((c) => typeof c === 'string' && /^[A-Z]{2}$/.test(c)))) {
    errors.check('allow_countries', 'must be an array of ISO 3166 alpha-2 codes');
  }
  const mode = (body.mode as string | undefined) ?? node.web_policy.mode;
  const redirect = body.redirect_url === undefined ? node.web_policy.redirect_url : (body.redirect_url as string | null);
  if (mode === 'redirect' && !redirect) errors.check('redirect_url', 'is required when mode is redirect');
  if (errors.any) throw validationFailed(errors.fields);
  Object.assign(node.web_policy, body);
  node.dirty = true;
  ctx.panel.audit.record(ctx.caller, 'nodes.web_policy.update', { type: 'node', id: node.id }, { fields: Object.keys(body) });
  return ok({ node_id: node.id, ...node.web_policy });
}

function installCommand(ctx: HandlerContext) {
  const node = ctx.panel.node(ctx.params.id);
  const panelUrl = String(ctx.panel.data.settings.public_url ?? 'https://panel.example.net');
  return ok({
    node_id: node.id,
    command: `curl -fsSL ${panelUrl}/install.sh | sudo bash -s -- --panel ${panelUrl} --secret ${node.registration_secret}`,
  });
}

export const nodeSettingHandlers: HandlerTable = {
  'GET /nodes/{id}/blocklist': blocklist,
  'PUT /nodes/{id}/blocklist': putBlocklist,
  'GET /nodes/{id}/reliability': reliability,
  'PUT /nodes/{id}/reliability': putReliability,
  'GET /nodes/{id}/web-policy': webPolicy,
  'PUT /nodes/{id}/web-policy': putWebPolicy,
  'GET /nodes/{id}/install-command': installCommand,
  'GET /nodes/{id}/registration-secret': (ctx) => {
    const node = ctx.panel.node(ctx.params.id);
    return ok({ node_id: node.id, secret: node.registration_secret });
  },
};
