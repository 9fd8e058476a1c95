/**
 * What the Users view says about a key (shown as a user): description parts, expiry and presence text,
 * icon choice, tooltip rows and the sync state of each bound node. Values are raw panel data (untrusted);
 * the tree items make each part plain text or escape it. No `vscode` import: words go through the
 * caller's `Localize` (`vscode.l10n.t` in the views).
 */
import type { SyncKind } from '../../state/profileSync';
import { KEY_STATES, type User, type KeyLive, type KeyNodeBinding } from '../../api/types';
import type { Localize } from '../../text/localize';
import { joinParts, plainLabel, textOf } from '../../text/plainText';
import { isolated } from '../../text/bidi';
import { relativeTime } from '../../text/relativeTime';
import { parseDate } from '../../text/dates';
import { plural } from '../../text/plural';


/** "expires in 3 days", "expired 2 days ago", "no expiry". */
export function expiryText(expiresAt: unknown, now: number, t: Localize): string {
  if (expiresAt === null || expiresAt === undefined || expiresAt === '') return t('no expiry');
  const when = parseDate(expiresAt);
  if (!when || typeof expiresAt !== 'string') return t('expiry unknown');
  const relative = relativeTime(expiresAt, now, t);
  return when.getTime() > now ? t('expires {0}', relative) : t('expired {0}', relative);
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined;
}

function isOnline(live: unknown): boolean {
  return typeof live === 'object' && live !== null && (live as KeyLive).online === true;
}

/** "● online · 3 connections · 2 devices"; empty when the panel reports no live presence. */
export function presenceText(live: unknown, t: Localize): string {
  if (typeof live !== 'object' || live === null) return '';
  const { connections, devices } = live as KeyLive;
  const parts: string[] = [];
  if (isOnline(live)) parts.push(t('● online'));
  const c = count(connections);
  const d = count(devices);
  if (c !== undefined && c > 0) parts.push(plural(c, { one: '{0} connection', other: '{0} connections' }, t));
  if (d !== undefined && d > 0) parts.push(plural(d, { one: '{0} device', other: '{0} devices' }, t));
  return parts.join(' · ');
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Description parts in order: type, owner, expiry, presence (empty parts dropped); raw text, see `userDescription`. */
function userDescriptionParts(user: Partial<User>, now: number, t: Localize): string[] {
  const owner = text(user.owner_label);
  return [
    plainLabel(text(user.type), 60),
    owner ? t('owner: {0}', isolated(plainLabel(owner, 60))) : '',
    expiryText(user.expires_at, now, t),
    presenceText(user.live, t),
  ].filter((part) => part !== '');
}

/**
 * The user's description line: plain text, each part cut so a 10,000-character owner cannot hide the expiry;
 * the owner (the panel's) isolated in a right-to-left display language, so the parts keep their order.
 */
export function userDescription(user: Partial<User>, now: number, t: Localize): string {
  return joinParts(userDescriptionParts(user, now, t), 60, { keepIsolates: true });
}

export interface IconChoice {
  readonly id: string;
  /** A theme colour id, when the icon is coloured. */
  readonly color?: string;
}

/** `organization` for shared keys, `person` otherwise; green while online. */
export function userIcon(user: Partial<User>): IconChoice {
  const id = user.type === 'SHARED' ? 'organization' : 'person';
  return isOnline(user.live) ? { id, color: 'charts.green' } : { id };
}

export type TooltipRow = readonly [name: string, value: string];

function dateRow(name: string, value: unknown, now: number, t: Localize): TooltipRow | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const when = parseDate(value);
  if (!when || typeof value !== 'string') return [name, textOf(value)];
  return [name, `${when.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC')} (${relativeTime(value, now, t)})`];
}

function scalarRow(name: string, value: unknown): TooltipRow | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return [name, String(value)];
  return undefined;
}

/**
 * The tooltip's rows, from an allow-list of fields: the proxy `secret`, `sub_slug`, subscription URLs
 * and proxy links are never among them, whatever the token may read.
 */
export function userTooltipRows(user: Partial<User>, now: number, t: Localize): TooltipRow[] {
  const live: Partial<KeyLive> = typeof user.live === 'object' && user.live !== null ? user.live : {};
  const bound = Array.isArray(user.nodes) ? user.nodes.length : undefined;
  const rows: (TooltipRow | undefined)[] = [
    scalarRow(t('Type'), user.type),
    scalarRow(t('State'), user.state),
    scalarRow(t('Status'), user.status),
    scalarRow(t('Owner'), user.owner_label),
    scalarRow(t('Note'), user.note),
    dateRow(t('Expires'), user.expires_at, now, t) ?? [t('Expires'), t('never')],
    dateRow(t('Created'), user.created_at, now, t),
    dateRow(t('Disabled'), user.disabled_at, now, t),
    dateRow(t('Revoked'), user.revoked_at, now, t),
    dateRow(t('Last seen'), user.last_seen_at, now, t),
    scalarRow(t('Online'), live.online),
    scalarRow(t('Connections'), count(live.connections)),
    scalarRow(t('Devices'), count(live.devices)),
    scalarRow(t('Devices (15 min)'), count(live.devices_15m)),
    scalarRow(t('IPs'), count(live.ips)),
    scalarRow(t('Subscription active'), user.subscription_active),
    scalarRow(t('Bound nodes'), bound),
    scalarRow(t('Id'), user.id),
  ];
  return rows.filter((row): row is TooltipRow => row !== undefined);
}

export { syncKind, type SyncKind } from '../../state/profileSync';

export const SYNC_ICONS: Readonly<Record<SyncKind, IconChoice>> = {
  synced: { id: 'check', color: 'charts.green' },
  pending: { id: 'sync', color: 'charts.yellow' },
  failed: { id: 'error', color: 'charts.red' },
  unknown: { id: 'circle-outline' },
};

/** Label of a bound node: its name, else hostname, else id. */
export function bindingLabel(binding: Partial<KeyNodeBinding>, t: Localize): string {
  return text(binding.node_name) || text(binding.hostname) || text(binding.node_id) || t('unnamed node');
}

/** "fra-1.example.net · synced" (hostname only when it differs from the label). */
export function bindingDescriptionParts(binding: Partial<KeyNodeBinding>, t: Localize): string[] {
  const hostname = text(binding.hostname);
  const sync = text(binding.profile_sync);
  return [
    hostname && hostname !== bindingLabel(binding, t) ? hostname : '',
    sync ? sync : t('sync unknown'),
  ].filter((part) => part !== '');
}

/** The bindings of a key, tolerating a missing or malformed `nodes` field. */
export function userNodeBindings(user: Partial<User>): Partial<KeyNodeBinding>[] {
  if (!Array.isArray(user.nodes)) return [];
  return user.nodes.filter((item): item is KeyNodeBinding => typeof item === 'object' && item !== null);
}

/** `user.<state>` (`user.unknown` for a state outside the contract), `.subscribed` while subscribed. */
export function userContextValue(user: Partial<User>): string {
  const state = typeof user.state === 'string' && (KEY_STATES as readonly string[]).includes(user.state) ? user.state : 'unknown';
  return `user.${state}${user.subscription_active === true ? '.subscribed' : ''}`;
}
