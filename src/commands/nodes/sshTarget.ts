/**
 * Where `ssh` goes for a node, built without a shell: the node's host as the panel gives it (read
 * defensively, validated so it can never be taken for an option or split into words) and the SSH user, port
 * and identity file the operator set for the node's panel. The terminal gets the arguments as a list
 * (`shellArgs`), never a command line; "Copy SSH Command" quotes each one for a POSIX shell.
 * No `vscode` import: unit-tested with hostile values.
 */
import { isIP } from 'node:net';

/** What the operator set for a panel's nodes (`panelOps.ssh.*`, per panel in `panelOps.ssh.panels`). */
export interface SshSettings {
  readonly user?: string;
  readonly port?: number;
  readonly identityFile?: string;
}

export type SshTarget =
  | {
    readonly kind: 'ready';
    /** The host as passed to ssh (an IPv6 address without brackets). */
    readonly host: string;
    readonly user?: string;
    readonly port?: number;
    readonly identityFile?: string;
    /** ssh's arguments, in order, the destination last after `--`. */
    readonly args: readonly string[];
  }
  /** The panel gives no host for the node. */
  | { readonly kind: 'noHost' }
  /** A value that cannot be passed to ssh safely (`what` names it; `value` is shown made plain by the caller). */
  | { readonly kind: 'refused'; readonly what: 'host' | 'user' | 'port' | 'identityFile'; readonly value: string };

/** The node members a host may be read from, in order of preference (the contract names none). */
export const HOST_FIELDS = ['hostname', 'host', 'fqdn', 'domain', 'address', 'ip', 'public_ip', 'ipv4', 'ip_address', 'ipv6'] as const;

const LABEL = '[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?';
const HOSTNAME = new RegExp(`^(?=.{1,253}\\.?$)${LABEL}(?:\\.${LABEL})*\\.?$`);
const USER = /^[A-Za-z0-9_][A-Za-z0-9._@-]{0,63}$/;

/**
 * A host ssh may be given: a DNS name (letters, digits, `-`, `_`, dots; never starting with `-`), an IPv4
 * address, or an IPv6 address (brackets allowed around it). Anything else (spaces, `;`, quotes, newlines,
 * `-oProxyCommand=…`, `user@host`, a port) is not a host. Returns the host as ssh takes it, or undefined.
 */
export function safeHost(value: string): string | undefined {
  const bare = value.startsWith('[') && value.endsWith(']') ? value.slice(1, -1) : value;
  if (isIP(bare) === 4 || (isIP(bare) === 6 && !bare.includes('%'))) return bare;
  return HOSTNAME.test(value) && !/^\d+(\.\d+)*$/.test(value) ? value : undefined;
}

/**
 * The node's host, read defensively: the first member of `HOST_FIELDS` that holds text; a URL there gives
 * its host name. `undefined` when the panel gives none; `{ refused }` when the first given one is not a host.
 */
export function nodeHost(node: Record<string, unknown>): { readonly host: string } | { readonly refused: string } | undefined {
  for (const field of HOST_FIELDS) {
    const raw = node[field];
    if (typeof raw !== 'string' || raw.trim() === '') continue;
    const value = raw.trim();
    const fromUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? urlHost(value) : undefined;
    const host = safeHost(fromUrl ?? value);
    return host ? { host } : { refused: raw };
  }
  return undefined;
}

function urlHost(value: string): string | undefined {
  try {
    return new URL(value).hostname || undefined;
  } catch {
    return undefined;
  }
}

/**
 * The ssh arguments for the node: `[-p PORT] [-i FILE] [-l USER] -- HOST`. The port is left out at 22. A
 * leading `~/` of the identity file is the operator's home folder (`home`). Each value is checked first:
 * a host that is not one (see `safeHost`), a user that could be an option or holds anything but letters,
 * digits and `._@-`, a port outside 1–65535, or a file path with control characters is refused.
 */
export function sshTarget(node: Record<string, unknown>, settings: SshSettings, home: string): SshTarget {
  const found = nodeHost(node);
  if (!found) return { kind: 'noHost' };
  if ('refused' in found) return { kind: 'refused', what: 'host', value: found.refused };
  const user = settings.user?.trim() || undefined;
  if (user !== undefined && !USER.test(user)) return { kind: 'refused', what: 'user', value: user };
  const port = settings.port;
  if (port !== undefined && !(Number.isInteger(port) && port >= 1 && port <= 65535)) return { kind: 'refused', what: 'port', value: String(port) };
  const file = settings.identityFile?.trim() || undefined;
  if (file !== undefined && /[\u0000-\u001f\u007f]/.test(file)) return { kind: 'refused', what: 'identityFile', value: file };
  const identityFile = file?.startsWith('~/') ? `${home.replace(/\/+$/, '')}/${file.slice(2)}` : file;
  const args = [
    ...(port !== undefined && port !== 22 ? ['-p', String(port)] : []),
    ...(identityFile ? ['-i', identityFile] : []),
    ...(user ? ['-l', user] : []),
    '--',
    found.host,
  ];
  return { kind: 'ready', host: found.host, user, port: port !== undefined && port !== 22 ? port : undefined, identityFile, args };
}

/** One argument for a POSIX shell: as is when it holds only safe characters, else in single quotes. */
export function shellQuote(arg: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(arg)) return arg;
  return `'${arg.replace(/'/g, `'\\''`)}'`;
}

/** The command a person can paste into a terminal: `ssh -p 2222 -l deploy -- fra-1.example.net`. */
export function sshCommandLine(args: readonly string[]): string {
  return ['ssh', ...args.map(shellQuote)].join(' ');
}

/**
 * The Remote-SSH authority of the target: `ssh-remote+deploy@fra-1.example.net`, or, with a port or an IPv6
 * host, the form Remote-SSH also takes: the hex of `{"hostName", "user", "port"}`.
 */
export function remoteSshAuthority(target: Extract<SshTarget, { kind: 'ready' }>): string {
  if (target.port === undefined && !target.host.includes(':')) return `ssh-remote+${target.user ? `${target.user}@` : ''}${target.host}`;
  const spec = { hostName: target.host, ...(target.user ? { user: target.user } : {}), ...(target.port !== undefined ? { port: target.port } : {}) };
  return `ssh-remote+${Buffer.from(JSON.stringify(spec), 'utf8').toString('hex')}`;
}

/**
 * The SSH settings of one panel, read defensively from the settings' values: the defaults (`user`, `port`,
 * `identityFile`), overridden by the entry of `panels` named by the panel's address (its origin, with or
 * without a trailing slash) or, failing that, by its display name.
 */
export function sshSettingsFor(
  defaults: { readonly user?: unknown; readonly port?: unknown; readonly identityFile?: unknown },
  panels: unknown,
  panel: { readonly url: string; readonly name: string },
): SshSettings {
  const entries = typeof panels === 'object' && panels !== null && !Array.isArray(panels) ? panels as Record<string, unknown> : {};
  const origin = panel.url.replace(/\/+$/, '');
  const key = Object.keys(entries).find((name) => name.replace(/\/+$/, '') === origin) ?? Object.keys(entries).find((name) => name === panel.name);
  const own = key !== undefined && typeof entries[key] === 'object' && entries[key] !== null ? entries[key] as Record<string, unknown> : {};
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
  return {
    user: text(own.user) ?? text(defaults.user),
    port: number(own.port) ?? number(defaults.port),
    identityFile: text(own.identityFile) ?? text(defaults.identityFile),
  };
}
