/** Branding profiles: list (?live=0|1), create {name}, put (the 2.4 fields only), delete, activate, upload. */
import { createHash } from 'node:crypto';
import { conflict, notFound, validationFailed } from '../apiError';
import { FieldErrors, isUuid, oneOf, optionalString, requiredString } from '../fieldChecks';
import { created, noContent, ok, type HandlerContext, type HandlerTable } from '../handlerTypes';
import type { BrandingAssetKind, BrandingProfileRecord } from '../types';

const UPDATE_FIELDS = ['accent_color', 'custom_css', 'footer_text', 'login_text', 'name', 'panel_name', 'primary_color', 'support_link', 'theme_default'] as const;
const ASSET_KINDS: readonly BrandingAssetKind[] = ['logo', 'logo_dark', 'favicon', 'login_bg'];
const MAX_ASSET_BYTES = 2 * 1024 * 1024;

function profile(ctx: HandlerContext): BrandingProfileRecord {
  const found = isUuid(ctx.params.id) ? ctx.panel.data.brandingProfiles.get(ctx.params.id.toLowerCase()) : undefined;
  if (!found) throw notFound('branding profile');
  return found;
}

function list(ctx: HandlerContext) {
  const liveParam = ctx.query.get('live');
  if (liveParam !== null && liveParam !== '0' && liveParam !== '1') throw validationFailed({ live: 'must be 0 or 1' });
  const live = liveParam === '1';
  const items = [...ctx.panel.data.brandingProfiles.values()];
  if (!live) return ok({ items, total: items.length, live: false });
  const online = [...ctx.panel.data.nodes.values()].find((node) => node.status === 'online');
  return ok({ items: online ? items.filter((p) => p.active) : [], total: online ? 1 : 0, live: true, node_id: online?.id ?? null });
}

function createProfile(ctx: HandlerContext) {
  const body = ctx.body.json(['name']);
  const problem = requiredString(body.name);
  if (problem) throw validationFailed({ name: problem });
  const now = ctx.panel.now().toISOString();
  const record: BrandingProfileRecord = {
    id: ctx.panel.newId(),
    name: String(body.name),
    active: false,
    accent_color: '#2da44e',
    custom_css: '',
    footer_text: '',
    login_text: '',
    panel_name: String(ctx.panel.data.settings.panel_name ?? 'Panel'),
    primary_color: '#1f6feb',
    support_link: '',
    theme_default: 'system',
    assets: {},
    created_at: now,
    updated_at: now,
  };
  ctx.panel.data.brandingProfiles.set(record.id, record);
  ctx.panel.audit.record(ctx.caller, 'branding.profiles.create', { type: 'branding_profile', id: record.id }, { name: record.name });
  return created(record);
}

function putProfile(ctx: HandlerContext) {
  const record = profile(ctx);
  const body = ctx.body.json(UPDATE_FIELDS);
  const errors = new FieldErrors();
  for (const field of UPDATE_FIELDS) errors.check(field, optionalString(body[field]));
  if ('name' in body) errors.check('name', requiredString(body.name));
  for (const field of ['primary_color', 'accent_color'] as const) {
    if (typeof body[field] === 'string' && !/^#[0-9a-f]{6}$/i.test(body[field])) errors.check(field, 'must be a colour like #1f6feb');
  }
  errors.check('theme_default', oneOf(body.theme_default, ['light', 'dark', 'system'], false));
  if (typeof body.support_link === 'string' && body.support_link !== '' && !/^https?:\/\//.test(body.support_link)) errors.check('support_link', 'must be an http(s) URL');
  if (errors.any) throw validationFailed(errors.fields);
  Object.assign(record, body, { updated_at: ctx.panel.now().toISOString() });
  ctx.panel.audit.record(ctx.caller, 'branding.profiles.update', { type: 'branding_profile', id: record.id }, { fields: Object.keys(body) });
  return ok(record);
}

function deleteProfile(ctx: HandlerContext) {
  const record = profile(ctx);
  if (record.active) throw conflict('the active profile cannot be deleted; activate another first', 'profile_active');
  ctx.panel.data.brandingProfiles.delete(record.id);
  ctx.panel.audit.record(ctx.caller, 'branding.profiles.delete', { type: 'branding_profile', id: record.id }, { name: record.name });
  return noContent;
}

function activate(ctx: HandlerContext) {
  ctx.body.json([]);
  const record = profile(ctx);
  for (const other of ctx.panel.data.brandingProfiles.values()) other.active = other === record;
  ctx.panel.audit.record(ctx.caller, 'branding.profiles.activate', { type: 'branding_profile', id: record.id });
  return ok(record);
}

function upload(ctx: HandlerContext) {
  const record = profile(ctx);
  const kind = ctx.query.get('kind');
  const problem = oneOf(kind ?? undefined, ASSET_KINDS);
  if (problem) throw validationFailed({ kind: problem });
  const file = ctx.body.multipart().find((part) => part.name === 'file');
  if (!file || file.data.length === 0) throw validationFailed({ file: 'a file part is required' });
  if (file.data.length > MAX_ASSET_BYTES) throw validationFailed({ file: 'must be at most 2 MiB' });
  const asset = {
    filename: file.filename ?? 'upload',
    content_type: file.contentType ?? 'application/octet-stream',
    size: file.data.length,
    sha256: createHash('sha256').update(file.data).digest('hex'),
    uploaded_at: ctx.panel.now().toISOString(),
  };
  record.assets[kind as BrandingAssetKind] = asset;
  record.updated_at = asset.uploaded_at;
  ctx.panel.audit.record(ctx.caller, 'branding.profiles.upload', { type: 'branding_profile', id: record.id }, { kind, size: asset.size });
  return ok({ profile_id: record.id, kind, asset });
}

export const brandingHandlers: HandlerTable = {
  'GET /branding/profiles': list,
  'POST /branding/profiles': createProfile,
  'PUT /branding/profiles/{id}': putProfile,
  'DELETE /branding/profiles/{id}': deleteProfile,
  'POST /branding/profiles/{id}/activate': activate,
  'POST /branding/profiles/{id}/upload': upload,
};
