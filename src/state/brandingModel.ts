/**
 * Branding profiles read from `GET /branding/profiles` (a JSON object of unspecified shape, spec 2.3):
 * the list (listFromResponse: under items/profiles/data, or the answer itself), each profile's id, name, active flag, the nine fields of spec 2.4
 * when they are strings, and its uploaded assets. No `vscode` import (unit-tested).
 */
import type { BrandingAssetKind, BrandingProfileUpdate } from '../api/types';
import { BRANDING_ASSET_KINDS } from '../api/types';
import { listFromResponse } from '../api/listFromResponse';
import { firstFlag } from '../api/silentValues';

export type BrandingField = keyof BrandingProfileUpdate;

/** The fields of spec 2.4, in the order the view lists them. */
export const BRANDING_FIELDS: readonly BrandingField[] = [
  'name', 'panel_name', 'primary_color', 'accent_color', 'theme_default', 'login_text', 'footer_text', 'support_link', 'custom_css',
];

export const COLOUR_FIELDS: readonly BrandingField[] = ['primary_color', 'accent_color'];

export interface BrandingAsset {
  readonly kind: BrandingAssetKind;
  readonly filename?: string;
  readonly contentType?: string;
  readonly size?: number;
}

export interface BrandingProfile {
  readonly id: string;
  readonly name: string;
  readonly active: boolean;
  readonly fields: Readonly<Partial<Record<BrandingField, string>>>;
  readonly assets: readonly BrandingAsset[];
}

export interface BrandingProfileList {
  readonly profiles: readonly BrandingProfile[];
  /** The answer is what the online node reports (`live=1`). */
  readonly live: boolean;
  /** Entries that were not objects with an id. */
  readonly unreadable: number;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function brandingProfile(value: unknown): BrandingProfile | undefined {
  if (!isObject(value)) return undefined;
  const id = typeof value.id === 'string' || typeof value.id === 'number' || typeof value.id === 'bigint' ? String(value.id) : undefined;
  if (!id) return undefined;
  const fields: Partial<Record<BrandingField, string>> = {};
  for (const field of BRANDING_FIELDS) {
    const member = value[field];
    if (typeof member === 'string') fields[field] = member;
  }
  const assets: BrandingAsset[] = [];
  const rawAssets = isObject(value.assets) ? value.assets : {};
  for (const kind of BRANDING_ASSET_KINDS) {
    const asset = rawAssets[kind];
    if (!isObject(asset)) continue;
    assets.push({
      kind,
      filename: typeof asset.filename === 'string' ? asset.filename : undefined,
      contentType: typeof asset.content_type === 'string' ? asset.content_type : undefined,
      size: typeof asset.size === 'number' ? asset.size : undefined,
    });
  }
  // `active`, or the names other panels give the flag (true, 1, "true", or wrapped: firstFlag).
  return { id, name: fields.name ?? '', active: firstFlag(value, ['active', 'is_active', 'isActive', 'current', 'selected', 'in_use']) === true, fields, assets };
}

export function brandingProfiles(answer: unknown, askedLive: boolean): BrandingProfileList {
  const page = isObject(answer) ? answer : {};
  const profiles: BrandingProfile[] = [];
  let unreadable = 0;
  for (const entry of listFromResponse(answer, ['items', 'profiles', 'data'])) {
    const profile = brandingProfile(entry);
    if (profile) profiles.push(profile);
    else unreadable += 1;
  }
  return { profiles, live: typeof page.live === 'boolean' ? page.live : askedLive, unreadable };
}

/** `#rrggbb` (or `#rgb`) colours, the only ones the page draws a swatch for. */
export function isHexColour(value: string | undefined): value is string {
  return value !== undefined && /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value);
}

/** Image types the upload dialog offers, by extension, with the content type sent. */
export const ASSET_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
};

export function assetContentType(filename: string): string {
  const extension = filename.toLowerCase().split('.').pop() ?? '';
  return ASSET_TYPES[extension] ?? 'application/octet-stream';
}
