import type { CertificateOptions, ClientCertificates } from './certificates';
/**
 * Public types of the simulated Panel Management API (the interface other parts of the project code against)
 * and the records of its in-memory state.
 */
import type { ReadingOptions, Readings } from './readings';
import type { Scope } from '../../src/api/catalog';

export type Dataset = 'demo' | 'showcase' | 'large' | 'huge' | 'empty';
export type Role = 'owner' | 'admin' | 'viewer';
/** The three accounts every data set has; each is named after the role it starts with. */
export type AccountName = Role;

export interface PanelOptions {
  dataset?: Dataset;
  /** HTTPS with a certificate from a throw-away CA (`true`), or with the given certificate options. */
  https?: boolean | CertificateOptions;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 0 (a free port). */
  port?: number;
  /** Fills `/nodes/{id}/<engine>-update`; default `mtg`. */
  engine?: string;
  /** Fills `/settings/<messenger>/test`; default `telegram`. */
  messenger?: string;
  /** Duration of each apply-job phase (queued, running) in milliseconds; default 1500. */
  jobStepMs?: number;
  /** How `GET /nodes/{id}/logs` streams; default: 8 lines 60 ms apart, then the end (SHAPES.md). */
  logStream?: LogStreamOptions;
  /** Added latency: every request waits this long (after its body is read) before it is handled; default 0. */
  latencyMs?: number;
  /**
   * A rate limit by concurrency: a request arriving while more than `max` requests are in flight (itself
   * included) is answered 429 `rate_limited` with `Retry-After: retryAfterSeconds` (default 1).
   */
  inFlightLimit?: { max: number; retryAfterSeconds?: number };
  /** Which reading of the bodies the spec does not show each route plays (SHAPES.md "Readings"); default `first`, or the reading `setDefaultReading` set. */
  readings?: ReadingOptions;
  /** An access gateway in front of the panel that wants extra request headers (accessGateway.ts). */
  gateway?: GatewayOptions;
  /**
   * Mutual TLS (with `https`): the panel wants a client certificate signed by its client CA
   * (`SimulatedPanel.clientCertificates`). `refusal` `handshake` (default) ends the TLS handshake with an
   * alert, as Node, Envoy and Cloudflare do; `page` completes it and answers 400 with nginx's page
   * ("No required SSL certificate was sent"), as nginx's `ssl_verify_client on` does.
   */
  clientCertificate?: boolean | { refusal?: 'handshake' | 'page' };
  /**
   * How long an idle connection is kept, and whether the answers say so (`Keep-Alive: timeout=N`). Default:
   * Node's 5 s, said. `{ idleSeconds: 75, hint: false }` is nginx's default: kept 75 s, answers saying only
   * `Connection: keep-alive`.
   */
  keepAlive?: { idleSeconds: number; hint: boolean };
}

export interface GatewayOptions {
  /** Every request must carry these headers (names case-insensitive, values exact), e.g. `{ 'CF-Access-Client-Id': '…' }`. */
  headers: Readonly<Record<string, string>>;
  /** The refusal's body: the gateway's HTML page (default), or JSON that is not the API's error object. */
  refusal?: 'html' | 'json';
}

export interface LogStreamOptions {
  /** Keep writing until the client leaves or `limitMs` pass, as `?follow=1` does. */
  follow?: boolean;
  /** Lines per second while following; default 2 (a line every 500 ms). */
  linesPerSecond?: number;
  /** How long a followed stream lasts at most; default 30 s. */
  limitMs?: number;
}

/** One `GET /nodes/{id}/logs` answer as the panel saw it. */
export interface LogStreamRecord {
  nodeId: string;
  /** Lines written so far. */
  lines: number;
  /** Who ended it: the client (it closed the connection) or the panel (the stream ran out); undefined while open. */
  endedBy?: 'client' | 'panel';
}

/** Requests in flight now, the most seen since the start (or `resetRequests`), and 429s of `inFlightLimit`. */
export interface InFlightStats {
  inFlight: number;
  maxInFlight: number;
  rejected: number;
}

export interface RecordedRequest {
  method: string;
  /** Path without the query string, e.g. `/api/v1/keys`. */
  path: string;
  query: Record<string, string>;
  /** Headers as sent; a header sent twice is an array. */
  headers: Record<string, string | string[] | undefined>;
  /** When the request arrived (Date.now()). */
  receivedAt: number;
  /** The ordinal of the TCP connection it came on (1 for the first the panel accepted): which requests shared one. */
  connection?: number;
  /** Status of the answer; undefined when no answer was sent (dropped or reset). */
  status?: number;
  /** The request body as UTF-8 text (its first 64 KiB), when there was one; undefined for a reset or an oversized body. */
  body?: string;
}

export interface IssueTokenOptions {
  /** The account the token belongs to (the account named after this role). */
  role: Role;
  scopes: readonly Scope[];
  expiresAt?: Date;
  revoked?: boolean;
}

export interface SimulatedPanel {
  /** Origin, e.g. http://127.0.0.1:41234 (no trailing slash). */
  readonly url: string;
  /** PEM of the CA that signed the HTTPS certificate (https only; the certificate itself when self-signed). */
  readonly ca?: string;
  /** HTTPS only: serves a newly made certificate (same options) from now on; resolves its PEM. */
  replaceCertificate(): Promise<string>;
  /** TCP connections accepted so far (requests per connection = requests / connections). */
  readonly connections: number;
  /** TCP connections open now (a client's idle connection closed by either side is no longer counted). */
  readonly openConnections: number;
  readonly tokens: PanelTokens;
  issueToken(o: IssueTokenOptions): { id: string; secret: string };
  revokeToken(secret: string): void;
  setRole(account: AccountName, role: Role): void;
  /** Queued; applies to the next `times` (default 1) matching requests. */
  inject(fault: Fault): void;
  clearFaults(): void;
  readonly requests: readonly RecordedRequest[];
  /** Clears `requests` and the most-in-flight and 429 counts of `load`. */
  resetRequests(): void;
  /** Every request target that held a token-shaped value (a client must never put a token in a URL); never reset. */
  readonly tokenUrls: readonly string[];
  /** Every log stream answered since the start, oldest first. */
  readonly logStreams: readonly LogStreamRecord[];
  /** How many requests are and were in flight at once. */
  readonly load: InFlightStats;
  /** Live in-memory state for assertions. */
  readonly data: PanelData;
  /** The reading each route plays; `readings.set('second')` switches every route from the next request on. */
  readonly readings: Readings;
  /** Requests the access gateway (`gateway`) refused: they never reached the panel and are not in `requests`. */
  readonly gatewayRefusals: readonly RecordedRequest[];
  /** With `clientCertificate`: the certificates a client may present, and one signed by another CA. */
  readonly clientCertificates?: ClientCertificates;
  /** TLS handshakes that failed (with `clientCertificate`: for want of an acceptable client certificate). */
  readonly refusedHandshakes: number;
  close(): Promise<void>;
}

export interface PanelTokens {
  /** Full-rights token of the owner account. */
  owner: string;
  /** Full-rights token of the admin account. */
  admin: string;
  /** Read-only token of the viewer account. */
  viewer: string;
  /** Read-only preset token of the owner account. */
  readOnly: string;
  /** Expired token of the owner account (401). */
  expired: string;
  /** Revoked token of the owner account (401). */
  revoked: string;
}

export interface FaultMatch {
  method?: string;
  /** A string equals the request path, with or without the `/api/v1` prefix; a RegExp is tested against the full path. */
  path?: string | RegExp;
}

export type Fault = { match?: FaultMatch; times?: number } & (
  | { kind: 'latency'; ms: number }
  | { kind: 'status'; status: 500 | 502 | 503 | 504 }
  /**
   * Handles the request, then destroys the socket without any answer. `committedOnly`: only a request the
   * panel took (a success); a refused one is answered as usual and the fault waits for the next match.
   */
  | { kind: 'drop-after-apply'; committedOnly?: boolean }
  /** Handles the request (the mutation happens), then answers `status` (default 200) with `json` instead. */
  | { kind: 'answer-after-apply'; json: unknown; status?: number }
  | { kind: 'malformed-json' }
  | { kind: 'empty-body'; status?: number }
  | { kind: 'html'; status?: number; retryAfterSeconds?: number }
  | { kind: 'reset' }
  | { kind: 'rate-limit'; retryAfterSeconds: number }
  | { kind: 'redirect'; location: string; status?: 301 | 302 | 307 | 308 }
);

// ---- In-memory records ----

export type KeyType = 'PERSONAL' | 'SHARED';
export type KeyStatus = 'pending' | 'active' | 'revoked';
export type KeyState = 'active' | 'pending' | 'expiring' | 'expired' | 'disabled' | 'revoked';
export type ProfileSync = 'synced' | 'pending' | 'failed';

export interface KeyBinding {
  node_id: string;
  profile_sync: ProfileSync;
}

export interface KeyLiveRecord {
  connections: number;
  devices: number;
  devices_15m: number;
  ips: number;
  online: boolean;
}

export interface KeyRecord {
  id: string;
  label: string;
  type: KeyType;
  note: string | null;
  owner_label: string;
  secret: string;
  status: KeyStatus;
  carrier_mode: string;
  client_support: Record<string, string>;
  created_at: string;
  expires_at: string | null;
  disabled_at: string | null;
  revoked_at: string | null;
  last_seen_at: string | null;
  limits: { [key: string]: unknown } | null;
  sub_slug: string | null;
  subscription_active: boolean;
  subscription_legacy: boolean;
  subscription_short_url: string | null;
  live: KeyLiveRecord;
  bindings: KeyBinding[];
}

export type NodeStatus = 'online' | 'offline' | 'degraded' | 'installing';
/** How the simulated node misbehaves: its apply jobs fail (and restart answers 502), or its apply jobs roll back. */
export type NodeFailure = 'apply-fails' | 'apply-rolls-back';

export interface NodeRecord {
  id: string;
  name: string;
  hostname: string;
  ip: string;
  region: string;
  status: NodeStatus;
  dirty: boolean;
  last_apply_at: string | null;
  last_seen_at: string | null;
  created_at: string;
  engine_version: string;
  agent_version: string;
  position: number;
  note: string | null;
  /** Simulator behaviour, never sent to clients. */
  failure?: NodeFailure;
  /** Simulator behaviour: lines the node's log stream writes between its own (hostile ones in the demo). */
  logNoise?: string[];
  blocklist: string[];
  reliability: { auto_restart: boolean; max_restarts_per_hour: number; health_check_interval_seconds: number };
  web_policy: { mode: string; redirect_url: string | null; allow_countries: string[] };
  site: { template_id: string | null; enabled: boolean; upstream: string | null; variables: Record<string, string> };
  registration_secret: string;
}

export type JobStatus = 'queued' | 'running' | 'ok' | 'failed' | 'rolled_back';

export interface JobRecord {
  id: string;
  node_id: string;
  kind: 'apply';
  status: JobStatus;
  queued_at: string;
  started_at: string | null;
  finished_at: string | null;
  error: string | null;
  logs: string[];
}

export type AlertSeverity = 'critical' | 'warning' | 'info';

export interface AlertRecord {
  /** int64: a bigint, so ids beyond 2^53 (the demo's) stay exact. */
  id: bigint;
  severity: AlertSeverity;
  title: string;
  message: string;
  node_id: string | null;
  created_at: string;
  resolved: boolean;
  resolved_at: string | null;
}

/** A `{{placeholder}}` a site template declares, with the value used when none is given. */
export interface SiteTemplateVariable {
  name: string;
  default: string;
  description?: string;
}

export interface SiteTemplateRecord {
  id: string;
  name: string;
  description: string;
  html: string;
  css: string;
  variables: SiteTemplateVariable[];
  builtin: boolean;
  /** Starts at 1, +1 on every PUT; a PUT naming another version is 409 `version_conflict`. */
  version: number;
  created_at: string;
  updated_at: string;
  /** Username of the account that made the last change (null for the data set's own templates). */
  updated_by: string | null;
}

export type BrandingAssetKind = 'logo' | 'logo_dark' | 'favicon' | 'login_bg';

export interface BrandingAsset {
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  uploaded_at: string;
}

export interface BrandingProfileRecord {
  id: string;
  name: string;
  active: boolean;
  accent_color: string;
  custom_css: string;
  footer_text: string;
  login_text: string;
  panel_name: string;
  primary_color: string;
  support_link: string;
  theme_default: string;
  assets: Partial<Record<BrandingAssetKind, BrandingAsset>>;
  created_at: string;
  updated_at: string;
}

export interface AuditEntry {
  id: number;
  created_at: string;
  action: string;
  actor: string;
  api_token_id: string | null;
  target: { type: string; id: string | null };
  details: { [key: string]: unknown };
}

export interface FleetUpdateRecord {
  id: string;
  status: 'queued' | 'running' | 'finished' | 'stopped';
  node_ids: string[];
  /** The update's own state of each of its nodes. */
  nodes: { node_id: string; state: 'pending' | 'updated' | 'failed' | 'skipped' }[];
  engine: string;
  target_version: string;
  created_at: string;
  finished_at: string | null;
  stopped_at: string | null;
  created_by: string;
}

export interface AccountRecord {
  name: AccountName;
  username: string;
  role: Role;
}

export interface TokenRecord {
  id: string;
  account: AccountName;
  /** The fixed public prefix of the secret, `pmt_`. */
  prefix: string;
  /** SHA-256 hex digest of the whole secret; the secret itself is not kept. */
  digest: string;
  scopes: Scope[];
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

export interface PanelSettings {
  [key: string]: unknown;
}

/** The whole live state of one simulated panel. */
export interface PanelData {
  keys: Map<string, KeyRecord>;
  nodes: Map<string, NodeRecord>;
  jobs: JobRecord[];
  alerts: AlertRecord[];
  siteTemplates: Map<string, SiteTemplateRecord>;
  brandingProfiles: Map<string, BrandingProfileRecord>;
  fleetUpdates: Map<string, FleetUpdateRecord>;
  settings: PanelSettings;
  audit: AuditEntry[];
  accounts: Map<AccountName, AccountRecord>;
  tokens: TokenRecord[];
}
