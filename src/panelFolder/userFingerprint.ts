/**
 * The fingerprint of a user's row: what the users table holds for it (label, note, owner, type, expiry,
 * enabled, node ids), so a user changed on the panel since the pull is known without keeping its values.
 * No `vscode` import.
 */
import type { UserState } from '../usersTable/userRows';
import { fingerprint } from './folderFormat';

export type UserRowValues = Pick<UserState, 'label' | 'note' | 'owner' | 'type' | 'expiresAt' | 'enabled' | 'nodeIds'>;

export function userFingerprint(user: UserRowValues): string {
  return fingerprint([user.label, user.note, user.owner, user.type, user.expiresAt, user.enabled, [...user.nodeIds].map((id) => id.toLowerCase()).sort()]);
}
