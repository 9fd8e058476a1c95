/**
 * The users table as data: the columns of a row, what the panel holds for a user in those columns, and
 * node names. Only what an operator may edit is here (label, note, owner, type, expiry, enabled, nodes)
 * plus the read-only id: never a secret, a link or a subscription address. No `vscode` import.
 */
import type { User } from '../api/types';

export const TABLE_COLUMNS = ['id', 'label', 'note', 'owner', 'type', 'expiry', 'enabled', 'nodes'] as const;
export type TableColumn = (typeof TABLE_COLUMNS)[number];

/** A row as the document holds it: every value a text (the JSON variant's booleans and arrays included). */
export interface TableRow {
  /** The 1-based line the row starts on. */
  readonly line: number;
  /** Empty for a user to create. */
  readonly id: string;
  readonly label: string;
  readonly note: string;
  readonly owner: string;
  readonly type: string;
  /** RFC 3339, or empty for no expiry. */
  readonly expiry: string;
  /** `true` or `false`. */
  readonly enabled: string;
  /** Node names (or ids, where two nodes share a name). */
  readonly nodes: readonly string[];
}

/** What the panel holds for a user, in the table's terms. */
export interface UserState {
  readonly id: string;
  readonly label: string;
  readonly note: string;
  readonly owner: string;
  readonly type: string;
  /** An ISO instant, or null for no expiry. */
  readonly expiresAt: string | null;
  readonly enabled: boolean;
  /** Sorted, lower-case node ids. */
  readonly nodeIds: readonly string[];
  readonly revoked: boolean;
}

export interface NodeRef {
  readonly id: string;
  readonly name: string;
}

/** An instant in the one form the table compares and writes: ISO with milliseconds, or null. */
export function normalInstant(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

export function userStateOf(user: User): UserState {
  const nodes = Array.isArray(user.nodes) ? user.nodes : [];
  return {
    id: String(user.id),
    label: typeof user.label === 'string' ? user.label : '',
    note: typeof user.note === 'string' ? user.note : '',
    owner: typeof user.owner_label === 'string' ? user.owner_label : '',
    type: typeof user.type === 'string' ? user.type : '',
    expiresAt: normalInstant(user.expires_at),
    enabled: (user.disabled_at === null || user.disabled_at === undefined) && user.state !== 'disabled',
    nodeIds: nodes.map((binding) => String(binding?.node_id ?? '').toLowerCase()).filter((id) => id !== '').sort(),
    revoked: user.status === 'revoked' || user.state === 'revoked',
  };
}

/** Whether two states of a user hold the same values in every column. */
export function sameUser(a: UserState, b: UserState): boolean {
  return a.label === b.label && a.note === b.note && a.owner === b.owner && a.type === b.type && a.expiresAt === b.expiresAt
    && a.enabled === b.enabled && a.revoked === b.revoked && a.nodeIds.join(',') === b.nodeIds.join(',');
}

/**
 * The panel's nodes by name: a row names its nodes by name; a name two nodes share is written (and may be
 * read) as the node's id instead.
 */
export class NodeNames {
  private readonly byId = new Map<string, NodeRef>();
  private readonly byName = new Map<string, NodeRef[]>();

  constructor(nodes: readonly NodeRef[]) {
    for (const node of nodes) {
      const ref = { id: node.id.toLowerCase(), name: node.name || node.id };
      this.byId.set(ref.id, ref);
      const key = ref.name.toLowerCase();
      this.byName.set(key, [...(this.byName.get(key) ?? []), ref]);
    }
  }

  /** How a row writes this node. */
  textOf(nodeId: string): string {
    const node = this.byId.get(nodeId.toLowerCase());
    if (!node) return nodeId;
    return (this.byName.get(node.name.toLowerCase()) ?? []).length === 1 ? node.name : node.id;
  }

  /** The node a row's text names: its id, `ambiguous` for a name two nodes share, undefined for none. */
  idOf(text: string): string | undefined {
    const wanted = text.trim().toLowerCase();
    const named = this.byName.get(wanted) ?? [];
    if (named.length === 1) return named[0].id;
    if (this.byId.has(wanted)) return wanted;
    return named.length > 1 ? 'ambiguous' : undefined;
  }

  nameOf(nodeId: string): string {
    return this.byId.get(nodeId.toLowerCase())?.name ?? nodeId;
  }
}

/** The row the table writes for a user (line 0: not read from a document). */
export function rowOf(user: UserState, names: NodeNames): TableRow {
  return {
    line: 0,
    id: user.id,
    label: user.label,
    note: user.note,
    owner: user.owner,
    type: user.type,
    expiry: user.expiresAt ?? '',
    enabled: user.enabled ? 'true' : 'false',
    nodes: user.nodeIds.map((id) => names.textOf(id)),
  };
}
