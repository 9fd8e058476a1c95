/** Branding profiles (`branding.profiles.*`). */
import { jsonBody, onId, type CallOptions, type Transport, type UploadFile } from './call';
import type { BrandingAssetKind, BrandingProfileUpdate, JsonObject } from './types';

/** The fields of spec 2.4; an update sends only these. */
export const BRANDING_UPDATE_FIELDS: readonly (keyof BrandingProfileUpdate)[] = [
  'accent_color', 'custom_css', 'footer_text', 'login_text', 'name', 'panel_name', 'primary_color', 'support_link',
  'theme_default',
];

export interface BrandingApi {
  profiles: {
    /** `live: true` asks the online node for its profiles (`live=1`). */
    list(query?: { live?: boolean }, opts?: CallOptions): Promise<JsonObject>;
    create(name: string, opts?: CallOptions): Promise<JsonObject>;
    delete(id: string, opts?: CallOptions): Promise<void>;
    update(id: string, changes: BrandingProfileUpdate, opts?: CallOptions): Promise<JsonObject>;
    activate(id: string, opts?: CallOptions): Promise<JsonObject>;
    /** Uploads an asset as multipart/form-data part `file`, with `?kind=`. */
    upload(id: string, kind: BrandingAssetKind, file: UploadFile, opts?: CallOptions): Promise<JsonObject>;
  };
}

export function createBrandingApi(t: Transport): BrandingApi {
  return {
    profiles: {
      list: (query = {}, opts) =>
        t.json({
          routeId: 'branding.profiles.list',
          query: { live: query.live === undefined ? undefined : query.live ? '1' : '0' },
          signal: opts?.signal,
        }),
      create: (name, opts) =>
        t.json({ routeId: 'branding.profiles.create', body: { kind: 'json', value: { name } }, signal: opts?.signal }),
      delete: async (id, opts) => {
        await t.jsonOrEmpty(onId('branding.profiles.delete', id, opts));
      },
      update: (id, changes, opts) =>
        t.json({ ...onId('branding.profiles.update', id, opts), body: jsonBody({ ...changes }, BRANDING_UPDATE_FIELDS) }),
      activate: (id, opts) => t.json(onId('branding.profiles.activate', id, opts)),
      upload: (id, kind, file, opts) =>
        t.json({
          ...onId('branding.profiles.upload', id, opts),
          query: { kind },
          body: { kind: 'multipart', field: 'file', file },
        }),
    },
  };
}
