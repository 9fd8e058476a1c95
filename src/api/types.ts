/**
 * Shapes the spec gives (parts 2, 3 and 4.1). Where the spec says "not shown", the type is `JsonObject`:
 * callers read such values defensively and never trust a guessed field to be there.
 */

/**
 * A JSON value as the client reads and writes it: integers beyond Number.MAX_SAFE_INTEGER (int64 ids) are
 * `bigint`, so they survive exactly; every other number is a `number`.
 */
export type JsonValue = null | boolean | number | bigint | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export type KeyType = 'PERSONAL' | 'SHARED';
/** Stored status of a key. */
export type KeyStatus = 'pending' | 'active' | 'revoked';
/** Derived state of a key; `expiring` means access ends within seven days. */
export type KeyState = 'active' | 'pending' | 'expiring' | 'expired' | 'disabled' | 'revoked';
export type JobStatus = 'queued' | 'running' | 'ok' | 'failed' | 'rolled_back';
export type BrandingAssetKind = 'logo' | 'logo_dark' | 'favicon' | 'login_bg';

export const KEY_TYPES: readonly KeyType[] = ['PERSONAL', 'SHARED'];
export const KEY_STATUSES: readonly KeyStatus[] = ['pending', 'active', 'revoked'];
export const KEY_STATES: readonly KeyState[] = ['active', 'pending', 'expiring', 'expired', 'disabled', 'revoked'];
export const JOB_STATUSES: readonly JobStatus[] = ['queued', 'running', 'ok', 'failed', 'rolled_back'];
export const BRANDING_ASSET_KINDS: readonly BrandingAssetKind[] = ['logo', 'logo_dark', 'favicon', 'login_bg'];

export interface KeyLink {
  domain?: string;
  hostname?: string;
  kind?: string;
  node_id?: string;
  node_name?: string;
  /** App-scheme link of the proxy. */
  tg?: string;
  /** Web link of the proxy. */
  tme?: string;
}

export interface KeyLive {
  connections?: number;
  devices?: number;
  devices_15m?: number;
  ips?: number;
  online?: boolean;
}

export interface KeyNodeBinding {
  hostname?: string;
  node_id: string;
  node_name?: string;
  /** Whether the node has applied the user's configuration. */
  profile_sync?: string;
}

/** A key (shown as a User). Fields the panel may omit (read-only tokens, older panels) are optional. */
export interface Key {
  id: string;
  label: string;
  type: KeyType;
  note?: string;
  owner_label?: string;
  /** Omitted for read-only tokens. */
  secret?: string;
  state: KeyState;
  status: KeyStatus;
  carrier_mode?: string;
  client_support?: Record<string, string>;
  created_at?: string;
  expires_at?: string | null;
  disabled_at?: string | null;
  revoked_at?: string | null;
  last_seen_at?: string | null;
  limits?: JsonValue;
  /** Hidden for tokens without users:write. */
  sub_slug?: string | null;
  subscription_active?: boolean;
  subscription_legacy?: boolean;
  /** Omitted for read-only tokens. */
  subscription_short_url?: string | null;
  links?: KeyLink[];
  live?: KeyLive;
  nodes?: KeyNodeBinding[];
  /** Fields after subscription_short_url are not shown by the spec. */
  [extra: string]: unknown;
}

export interface CreateKeyRequest {
  label: string;
  type: KeyType;
  /** At least one; otherwise 422 with fields.node_ids. */
  node_ids: string[];
  /** RFC 3339 in the future, or null for no expiry. */
  expires_at?: string | null;
}

/** A user: the word for a key above the API (the contract's routes and fields keep "keys"). */
export type User = Key;

export interface KeyListQuery {
  page?: number;
  per_page?: number;
  q?: string;
  type?: KeyType;
  status?: KeyStatus;
  state?: KeyState;
  /** Node uuid; the query name is `node`, not `node_id`. */
  node?: string;
}

export interface KeyPage {
  items: Key[];
  total: number;
  page: number;
  per_page: number;
}

/** A node. The spec names only these fields; all others are of unspecified shape. */
export interface PanelNode {
  id: string;
  name?: string;
  status?: string;
  dirty?: boolean;
  last_apply_at?: string | null;
  [extra: string]: unknown;
}

export interface NodeList {
  items: PanelNode[];
  total: number;
}

/** An apply job. The job history also carries raw logs. */
export interface ApplyJob {
  // eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents -- the known statuses name the ones the code handles; a panel may send others
  status: JobStatus | string;
  started_at?: string | null;
  finished_at?: string | null;
  error?: string | null;
  [extra: string]: unknown;
}

export interface AuditQuery {
  page?: number;
  per_page?: number;
  /** Action prefix. */
  action?: string;
  /** Exact administrator username. */
  user?: string;
  /** RFC 3339. */
  from?: string;
  /** RFC 3339. */
  to?: string;
}

/** Branding profile update fields (spec 2.4): all strings, all optional. */
export interface BrandingProfileUpdate {
  accent_color?: string;
  custom_css?: string;
  footer_text?: string;
  login_text?: string;
  name?: string;
  panel_name?: string;
  primary_color?: string;
  support_link?: string;
  theme_default?: string;
}

/** The error envelope of part 2.5. */
export interface ErrorEnvelope {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
  };
}
