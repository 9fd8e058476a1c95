/** How a key is reached: proxy links, QR codes, subscriptions, presence and usage statistics. */
import { conflict } from '../apiError';
import { proxyLink } from '../keyView';
import { qrPng } from '../qrImage';
import { stableInt } from '../stableNumbers';
import { noContent, ok, type HandlerContext, type HandlerTable, type Reply } from '../handlerTypes';
import { viewKey } from './keys';

function png(bytes: Buffer): Reply {
  return { status: 200, bytes, contentType: 'image/png' };
}

function links(ctx: HandlerContext) {
  const key = ctx.panel.key(ctx.params.id);
  return ok({ key_id: key.id, items: key.bindings.map((b) => proxyLink(key, b.node_id, ctx.panel.data.nodes.get(b.node_id))) });
}

function qr(ctx: HandlerContext) {
  const key = ctx.panel.key(ctx.params.id);
  if (key.status === 'revoked') throw conflict('a revoked key has no usable link', 'key_revoked');
  const first = key.bindings[0];
  if (!first) throw conflict('the key is not bound to a node', 'no_binding');
  return png(qrPng(proxyLink(key, first.node_id, ctx.panel.data.nodes.get(first.node_id)).tg));
}

function subscriptionQr(ctx: HandlerContext) {
  const key = ctx.panel.key(ctx.params.id);
  if (!key.subscription_active || !key.subscription_short_url) throw conflict('the key has no active subscription', 'no_subscription');
  return png(qrPng(key.subscription_short_url));
}

function createSubscription(ctx: HandlerContext) {
  ctx.body.json([]);
  const key = ctx.panel.key(ctx.params.id);
  if (key.status === 'revoked') throw conflict('cannot subscribe a revoked key', 'key_revoked');
  key.sub_slug ??= ctx.panel.newHex(6);
  key.subscription_active = true;
  key.subscription_legacy = false;
  key.subscription_short_url = `${String(ctx.panel.data.settings.public_url ?? 'https://panel.example.net')}/s/${key.sub_slug}`;
  ctx.panel.audit.record(ctx.caller, 'keys.subscription.create', { type: 'key', id: key.id });
  return ok(viewKey(ctx, key));
}

function deleteSubscription(ctx: HandlerContext) {
  const key = ctx.panel.key(ctx.params.id);
  key.sub_slug = null;
  key.subscription_active = false;
  key.subscription_short_url = null;
  ctx.panel.audit.record(ctx.caller, 'keys.subscription.delete', { type: 'key', id: key.id });
  return noContent;
}

function presence(ctx: HandlerContext) {
  const key = ctx.panel.key(ctx.params.id);
  return ok({
    key_id: key.id,
    ...key.live,
    last_seen_at: key.last_seen_at,
    nodes: key.bindings.map((b, i) => ({
      node_id: b.node_id,
      node_name: ctx.panel.data.nodes.get(b.node_id)?.name ?? '',
      online: key.live.online && i === 0,
      connections: i === 0 ? key.live.connections : 0,
    })),
  });
}

function stats(ctx: HandlerContext) {
  const key = ctx.panel.key(ctx.params.id);
  const now = ctx.panel.now().getTime();
  const hourly = Array.from({ length: 24 }, (_, i) => ({
    at: new Date(Math.floor(now / 3600_000) * 3600_000 - (23 - i) * 3600_000).toISOString(),
    bytes: key.live.online || key.last_seen_at ? stableInt(`${key.id}:${i}`, 0, 80_000_000) : 0,
  }));
  return ok({
    key_id: key.id,
    traffic_bytes_24h: hourly.reduce((sum, point) => sum + point.bytes, 0),
    connections_24h: key.last_seen_at ? stableInt(key.id, 1, 900) : 0,
    devices_30d: key.live.devices,
    series: hourly,
  });
}

export const keyAccessHandlers: HandlerTable = {
  'GET /keys/{id}/links': links,
  'GET /keys/{id}/qr': qr,
  'GET /keys/{id}/subscription/qr': subscriptionQr,
  'POST /keys/{id}/subscription': createSubscription,
  'DELETE /keys/{id}/subscription': deleteSubscription,
  'GET /keys/{id}/presence': presence,
  'GET /keys/{id}/stats': stats,
};
