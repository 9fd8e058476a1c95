import * as vscode from 'vscode';
import type { PanelApi } from '../../api/index';
import { inPool } from '../../state/inPool';
import { userIdOf } from '../../state/usersStore';
import { plainLabel } from '../../text/plainText';
import type { UserItem } from '../../views/shared/userTreeItems';
import { runMutation } from '../../runner/actionRunner';
import { forgetUser, refreshNodes, takeUser, userName, type UserActionContext } from './userActionsSupport';
import { plural } from '../../text/plural';
import { byPanel } from '../shared/byPanel';
import { fallbackText } from '../shared/fallbackText';
import { changeUsers, type BulkAction } from '../../usersTable/bulkChange';
import { describeError } from '../../text/describeError';
import { numberText } from '../../text/displayLanguage';

/** Most single-user requests in flight when the panel takes no bulk body. */
const BULK_CONCURRENCY = 8;

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

/** One change for users of one panel: `POST /keys/bulk` in the body it takes, else each user's own route. */
async function runBulkOn(context: UserActionContext, action: BulkAction, panelId: string, users: readonly UserItem[]): Promise<string | undefined> {
  const ids = users.map((user) => user.user.id);
  const outcome = await runMutation(context, {
    panelId,
    busyLabel: BUSY[action](),
    failure: FAILED[action](users.length),
    run: (api, signal) => changeUsers(api, action, ids, { maxConcurrency: BULK_CONCURRENCY, signal }),
    apply: (result) => follow(context, panelId, action, ids, result.outcomes.filter((entry) => entry.kind !== 'done' && entry.kind !== 'reconciled').map((entry) => entry.id)),
    reconcile: async (api, signal) => {
      const gone = await reRead(context, panelId, api, ids, signal);
      return vscode.l10n.t('The answer was lost; the panel now holds {0} of the {1} users ({2} no longer exist).', numberText(ids.length - gone), numberText(ids.length), numberText(gone));
    },
  });
  if (outcome.kind !== 'done') return outcome.kind === 'reconciled' ? outcome.message : undefined;
  const result = outcome.value;
  const fallbacks = result.refused.map((refused) => fallbackText({ route: 'keys.bulk', refused, sent: result.encoding, users: ids.length }, vscode.l10n.t));
  for (const fallback of fallbacks) context.log.info(fallback);
  const byId = new Map(users.map((user) => [user.user.id.toLowerCase(), user.user]));
  const changed = result.outcomes.filter((entry) => entry.kind === 'done' || entry.kind === 'reconciled').length;
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

/** Puts what the panel now holds for the acted-on users into the stores. */
async function follow(context: UserActionContext, panelId: string, action: BulkAction, ids: readonly string[], skipped: readonly string[]): Promise<void> {
  const changed = ids.filter((id) => !skipped.some((skip) => skip.toLowerCase() === id.toLowerCase()));
  if (action === 'delete') {
    const nodesToRead = new Set<string>();
    for (const id of changed) forgetUser(context, panelId, id, nodesToRead);
    refreshNodes(context, panelId, nodesToRead);
    return;
  }
  await context.session.callOn(panelId, (api, signal) => reRead(context, panelId, api, changed, signal)).catch((error: unknown) => {
    context.log.warn(`Re-reading users after a bulk ${action} failed: ${error instanceof Error ? error.message : String(error)}`);
  });
}

/**
 * Reads each user again, six at a time; those the panel no longer has leave the store. Their nodes are
 * read again once each, at the end. Resolves with how many users were gone.
 */
async function reRead(context: UserActionContext, panelId: string, api: PanelApi, ids: readonly string[], signal: AbortSignal): Promise<number> {
  const nodesToRead = new Set<string>();
  const failures: unknown[] = [];
  const gone = await inPool(ids, 6, async (id) => {
    try {
      takeUser(context, panelId, await api.keys.get(id, { signal }), context.panels.get(panelId)?.users.get(userIdOf({ id })), nodesToRead);
      return false;
    } catch (error) {
      if ((error as { status?: number }).status !== 404) failures.push(error);
      else forgetUser(context, panelId, id, nodesToRead);
      return (error as { status?: number }).status === 404;
    }
  });
  refreshNodes(context, panelId, nodesToRead);
  if (failures.length > 0) throw failures[0];
  return gone.filter(Boolean).length;
}
