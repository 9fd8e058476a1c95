/** Panel settings (PUT owner-only), the subscription-page preview and the messenger test (owner-only). */
import { badRequest, validationFailed } from '../apiError';
import { FieldErrors } from '../fieldChecks';
import { ok, type HandlerContext, type HandlerTable } from '../handlerTypes';
import { THIRD_EXTRA_MEMBERS } from '../thirdReading';

/** Fields the second reading's panel owns: shown by GET, refused by PUT as read-only. */
const OWNED_FIELDS = ['base_url', 'updated_at'];

function ownsFields(ctx: HandlerContext): boolean {
  return ctx.panel.readings.of('PUT /settings') === 'second';
}

/** The settings as GET answers them: the second reading adds the fields it owns. */
function settingsView(ctx: HandlerContext) {
  const settings = ctx.panel.data.settings;
  if (!ownsFields(ctx)) return settings;
  return { base_url: ctx.panel.publicOrigin ?? 'https://panel.example.net', ...settings, updated_at: ctx.panel.settingsUpdatedAt };
}

function putSettings(ctx: HandlerContext) {
  const settings = ctx.panel.data.settings;
  if (ownsFields(ctx)) {
    const sent = ctx.body.json([...Object.keys(settings), ...OWNED_FIELDS]);
    const owned = OWNED_FIELDS.filter((field) => Object.hasOwn(sent, field));
    if (owned.length > 0) throw badRequest('read_only_field', `field ${owned.join(', ')} is read-only`);
  }
  // The third reading takes back the members only it shows (a client echoing them) and ignores them.
  const extras = ctx.panel.readings.of('PUT /settings') === 'third' ? Object.keys(THIRD_EXTRA_MEMBERS) : [];
  const sent = ctx.body.json([...Object.keys(settings), ...extras]);
  const body = Object.fromEntries(Object.entries(sent).filter(([field]) => !extras.includes(field)));
  const errors = new FieldErrors();
  for (const [field, value] of Object.entries(body)) {
    const current = settings[field];
    const kind = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
    if (kind(value) !== kind(current)) errors.check(field, `must be ${kind(current) === 'object' ? 'an object' : `a ${kind(current)}`}`);
  }
  if (typeof body.public_url === 'string' && !/^https:\/\/[^\s/]+/.test(body.public_url)) errors.check('public_url', 'must be an https URL');
  if (errors.any) throw validationFailed(errors.fields);
  Object.assign(settings, body);
  ctx.panel.settingsUpdatedAt = ctx.panel.now().toISOString();
  ctx.panel.audit.record(ctx.caller, 'settings.update', { type: 'settings', id: null }, { fields: Object.keys(body) });
  return ok(settingsView(ctx));
}

function preview(ctx: HandlerContext) {
  const page = (ctx.panel.data.settings.subscription_page ?? {}) as Record<string, unknown>;
  const title = String(page.title ?? 'Subscription');
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return ok({
    title,
    html: `<!doctype html><html><head><title>${escape(title)}</title></head><body><h1>${escape(title)}</h1><p>${escape(String(page.support_text ?? ''))}</p></body></html>`,
  });
}

function messengerTest(ctx: HandlerContext) {
  const body = ctx.body.json(['message']);
  if (body.message !== undefined && typeof body.message !== 'string') throw validationFailed({ message: 'must be a string' });
  const messenger = ctx.panel.names.messenger;
  ctx.panel.audit.record(ctx.caller, 'settings.messenger_test', { type: 'settings', id: null }, { messenger });
  return ok({ messenger, sent: true, message: typeof body.message === 'string' ? body.message : 'Test notification from the panel', sent_at: ctx.panel.now().toISOString() });
}

export const settingsHandlers: HandlerTable = {
  'GET /settings': (ctx) => ok(settingsView(ctx)),
  'PUT /settings': putSettings,
  'GET /settings/subscription-page/preview': preview,
  'POST /settings/<messenger>/test': messengerTest,
};
