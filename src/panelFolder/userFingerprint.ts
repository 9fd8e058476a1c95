/**
 * The fingerprint of a user's row: what the users table holds for it (label, note, owner, type, expiry,
 * enabled, node ids), so a user changed on the panel since the pull is known without keeping its values.
 * Computed for every user of a pull (20,000 on a large panel), so it hashes one JSON text of plain values.
 * No `vscode` import.
 */
import { createHash } from 'node:crypto';
import { normalInstant, type NodeNames, type TableRow, type UserState } from '../usersTable/userRows';

export type UserRowValues = Pick<UserState, 'label' | 'note' | 'owner' | 'type' | 'expiresAt' | 'enabled' | 'nodeIds'>;

/** Fingerprints of users as read (objects never changed once read), so a pull computes each once, while reading. */
const known = new WeakMap<UserRowValues, string>();

export function userFingerprint(user: UserRowValues): string {
  const kept = known.get(user);
  if (kept !== undefined) return kept;
  const text = JSON.stringify([user.label, user.note, user.owner, user.type, user.expiresAt, user.enabled, user.nodeIds.map((id) => id.toLowerCase()).sort()]);
  const hash = createHash('sha1').update(text).digest('hex').slice(0, 20);
  known.set(user, hash);
  return hash;
}

export function rowValues(row: TableRow, names: NodeNames): UserRowValues | undefined {
  const nodeIds: string[] = [];
  for (const text of row.nodes) {
    const id = names.idOf(text);
    if (id === undefined || id === 'ambiguous') return undefined;
    if (!nodeIds.includes(id)) nodeIds.push(id);
  }
  const enabledText = row.enabled.trim().toLowerCase();
  return {
    label: row.label, note: row.note, owner: row.owner, type: row.type,
    expiresAt: row.expiry.trim() === '' ? null : normalInstant(row.expiry),
    enabled: !(enabledText === 'false' || enabledText === 'no' || enabledText === '0'),
    nodeIds: nodeIds.sort(),
  };
}
