/**
 * GET /audit: page/per_page (1 to 200, invalid uses 50), action prefix, exact user, from/to RFC 3339, newest
 * first. A monitoring caller (a token whose only resource scopes besides audit:read are monitoring ones)
 * gets from = 24 hours ago and to = now by default, and a range of at most 31 days (from is raised).
 */
import { validationFailed } from '../apiError';
import { FieldErrors, isRfc3339 } from '../fieldChecks';
import { ok, type HandlerContext, type HandlerTable } from '../handlerTypes';
import type { Caller } from '../tokenAuthority';
import { intParam } from '../queryParams';

const DAY = 86_400_000;

function isMonitoringCaller(caller: Caller): boolean {
  const resources = new Set([...caller.scopes].map((scope) => scope.split(':')[0]));
  resources.delete('audit');
  return resources.size > 0 && [...resources].every((resource) => resource === 'monitoring');
}

function list(ctx: HandlerContext) {
  const { query } = ctx;
  const page = intParam(query.get('page'), 1, Number.MAX_SAFE_INTEGER, 1);
  const perPage = intParam(query.get('per_page'), 1, 200, 50);
  const errors = new FieldErrors();
  const fromRaw = query.get('from');
  const toRaw = query.get('to');
  if (fromRaw !== null && !isRfc3339(fromRaw)) errors.check('from', 'must be an RFC 3339 date-time');
  if (toRaw !== null && !isRfc3339(toRaw)) errors.check('to', 'must be an RFC 3339 date-time');
  if (errors.any) throw validationFailed(errors.fields);

  const now = ctx.panel.now().getTime();
  let from = fromRaw === null ? undefined : Date.parse(fromRaw);
  let to = toRaw === null ? undefined : Date.parse(toRaw);
  const monitoring = isMonitoringCaller(ctx.caller);
  if (monitoring) {
    to ??= now;
    from ??= to - DAY;
    from = Math.max(from, to - 31 * DAY);
  }
  if (from !== undefined && to !== undefined && from > to) throw validationFailed({ from: 'must not be after to' });
  const singular = ctx.panel.readings.of('GET /audit') === 'second';
  const action = query.get('action') ?? '';
  const user = query.get('user');
  const entries = singular
    ? ctx.panel.data.audit.map(({ details, ...entry }) => ({ ...entry, action: singularAction(entry.action), ip: `198.51.100.${entry.id % 250}`, details }))
    : ctx.panel.data.audit;
  const matching = entries.filter((entry) => {
    const at = Date.parse(entry.created_at);
    return (
      entry.action.startsWith(action) &&
      (user === null || entry.actor === user) &&
      (from === undefined || at >= from) &&
      (to === undefined || at <= to)
    );
  });
  matching.reverse();
  return ok({
    items: matching.slice((page - 1) * perPage, page * perPage),
    total: matching.length,
    page,
    per_page: perPage,
    from: from === undefined ? null : new Date(from).toISOString(),
    to: to === undefined ? null : new Date(to).toISOString(),
  });
}

/** The second reading names an action's group in the singular: `keys.create` is `key.create`, `nodes.apply` is `node.apply`. */
export function singularAction(action: string): string {
  const dot = action.indexOf('.');
  const group = dot < 0 ? action : action.slice(0, dot);
  return group.endsWith('s') ? `${group.slice(0, -1)}${action.slice(group.length)}` : action;
}

export const auditHandlers: HandlerTable = { 'GET /audit': list };
