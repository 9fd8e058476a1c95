import * as vscode from 'vscode';
import type { User } from '../../api/types';
import { userIdOf } from '../../state/usersStore';
import { changedIds, changeUsersOf } from '../../state/userOperations';
import { plainLabel } from '../../text/plainText';
import type { UserItem } from '../../views/shared/userTreeItems';
import { runMutation } from '../../runner/actionRunner';
import { userName, type UserActionContext } from './userActionsSupport';
import { plural } from '../../text/plural';
import { byPanel } from '../shared/byPanel';
import { fallbackText } from '../shared/fallbackText';
import type { BulkAction, BulkResult } from '../../state/bulkUserChange';
import { describeError } from '../../text/describeError';

export type { BulkAction };

/** Why the panel skipped a user, in words. */
function reasonText(reason: string): string {
  switch (reason) {
    case 'not_found': return vscode.l10n.t('no longer exists');
    case 'key_revoked': return vscode.l10n.t('is revoked');
    case '': return vscode.l10n.t('skipped');
    default: return reason;
  }
}

const BUSY: Record<BulkAction, () => string> = {
  disable: () => vscode.l10n.t('Disabling users…'),
  enable: () => vscode.l10n.t('Enabling users…'),
  revoke: () => vscode.l10n.t('Revoking users…'),
  delete: () => vscode.l10n.t('Deleting users…'),
};

const FAILED: Record<BulkAction, (count: number) => string> = {
  disable: (count) => plural(count, { one: 'Could not disable {0} user', other: 'Could not disable {0} users' }, vscode.l10n.t),
  enable: (count) => plural(count, { one: 'Could not enable {0} user', other: 'Could not enable {0} users' }, vscode.l10n.t),
  revoke: (count) => plural(count, { one: 'Could not revoke {0} user', other: 'Could not revoke {0} users' }, vscode.l10n.t),
  delete: (count) => plural(count, { one: 'Could not delete {0} user', other: 'Could not delete {0} users' }, vscode.l10n.t),
};

const DONE: Record<BulkAction, (count: number) => string> = {
  disable: (count) => plural(count, { one: 'Disabled {0} user.', other: 'Disabled {0} users.' }, vscode.l10n.t),
  enable: (count) => plural(count, { one: 'Enabled {0} user.', other: 'Enabled {0} users.' }, vscode.l10n.t),
  revoke: (count) => plural(count, { one: 'Revoked {0} user.', other: 'Revoked {0} users.' }, vscode.l10n.t),
  delete: (count) => plural(count, { one: 'Deleted {0} user.', other: 'Deleted {0} users.' }, vscode.l10n.t),
};

/**
 * One `POST /keys/bulk` per panel for a selection of users. Afterwards the acted-on users are
 * read again (six at a time) so their groups and counts follow; deleted ones leave the store. The result
 * names each user the panel skipped and why. Resolves with that sentence.
 */
export async function runBulk(context: UserActionContext, action: BulkAction, users: readonly UserItem[]): Promise<string | undefined> {
  // In all-panels mode a selection may span panels: one bulk request per panel, on that panel.
  const told: string[] = [];
  for (const [panelId, ofPanel] of byPanel(users)) {
    const sentence = await runBulkOn(context, action, panelId, ofPanel);
    if (sentence !== undefined) told.push(sentence);
  }
  return told.length > 0 ? told.join(' ') : undefined;
}

/** One change for users of one panel: `POST /keys/bulk` in the body it takes, else each user's own route (state/userOperations.ts). */
async function runBulkOn(context: UserActionContext, action: BulkAction, panelId: string, users: readonly UserItem[]): Promise<string | undefined> {
  const keys = users.map((user) => user.user);
  const ids = keys.map((user) => user.id);
  const warn = (message: string) => context.log.warn(message);
  const change = changeUsersOf(context.panels, panelId, action, ids, vscode.l10n.t, warn);
  const outcome = await runMutation(context, { panelId, busyLabel: BUSY[action](), failure: FAILED[action](users.length), ...change });
  if (outcome.kind !== 'done') return outcome.kind === 'reconciled' ? outcome.message : undefined;
  return tellBulk(context, action, panelId, keys, outcome.value);
}

/**
 * What a change of users came to, told in one notice (and resolved with): how many changed, each user the
 * panel skipped and why, and the bodies the panel refused on the way.
 */
export function tellBulk(context: UserActionContext, action: BulkAction, panelId: string, users: readonly User[], result: BulkResult): string {
  const ids = users.map((user) => user.id);
  const fallbacks = result.refused.map((refused) => fallbackText({ route: 'keys.bulk', refused, sent: result.encoding, users: ids.length }, vscode.l10n.t));
  for (const fallback of fallbacks) context.log.info(fallback);
  const byId = new Map(users.map((user) => [user.id.toLowerCase(), user]));
  const changed = changedIds(result).length;
  const failures = result.outcomes.filter((entry) => entry.kind !== 'done' && entry.kind !== 'reconciled').map((entry) => vscode.l10n.t('"{0}" {1}',
    byId.has(entry.id.toLowerCase()) ? userName(byId.get(entry.id.toLowerCase()) ?? {}) : plainLabel(entry.id, 40),
    entry.kind === 'skipped' ? reasonText(plainLabel(entry.reason ?? '', 60)) : entry.kind === 'refused' ? describeError(entry.error) : vscode.l10n.t('the answer was lost; read back, the panel does not hold the change')));
  const done = `${DONE[action](changed)}${action === 'enable' ? stillBlocked(context, panelId, ids) : ''}`;
  const told = [...fallbacks, failures.length === 0 ? done : vscode.l10n.t('{0} Not changed: {1}.', done, failures.join('; '))].join(' ');
  if (failures.length === 0) void context.input.notify('info', told);
  else void context.input.notify('warning', told);
  return told;
}

/** Enabling does not lift an expiry or a revocation (spec 3.2): names the enabled users it leaves blocked. */
function stillBlocked(context: UserActionContext, panelId: string, ids: readonly string[]): string {
  const users = ids.map((id) => context.panels.get(panelId)?.users.get(userIdOf({ id }))).filter((user) => user !== undefined);
  const expired = users.filter((user) => user.state === 'expired').map((user) => `"${userName(user)}"`);
  return expired.length === 0 ? '' : ` ${vscode.l10n.t('Their access date has passed, so these stay expired: {0}.', expired.join(', '))}`;
}
