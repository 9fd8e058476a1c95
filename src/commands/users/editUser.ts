import * as vscode from 'vscode';
import { parseJsonExact } from '../../api/exactJson';
import type { JsonObject, JsonValue, User } from '../../api/types';
import { KEY_TYPES } from '../../api/types';
import { isBack, withoutBack } from '../../prompts/userInput';
import { jsonText } from '../../text/jsonText';
import { escapeIcons, plainLabel } from '../../text/plainText';
import { UserItem } from '../../views/shared/userTreeItems';
import { customDateProblem, normalizeCustomDate } from './accessExpiry';
import { fieldErrorsOf, isFieldError } from './fieldErrors';
import { updateUser } from '../../state/userOperations';
import { mutateUser, userName, type UserCommandsContext } from './userActionsSupport';
import { refusedAsReadOnly } from '../../runner/guard';
import { registerPanelCommand } from '../registerPanelCommand';

/** Fields the panel sets itself (or that grant access): never offered for editing. */
const NOT_EDITABLE = new Set([
  'id', 'secret', 'state', 'status', 'created_at', 'disabled_at', 'revoked_at', 'last_seen_at', 'sub_slug', 'subscription_active',
  'subscription_legacy', 'subscription_short_url', 'links', 'live', 'nodes', 'client_support',
]);

/** The named fields first, with their names in words; then any other field the panel's answer carries. */
const NAMED: readonly [string, () => string][] = [
  ['label', () => vscode.l10n.t('Label')],
  ['note', () => vscode.l10n.t('Note')],
  ['owner_label', () => vscode.l10n.t('Owner')],
  ['type', () => vscode.l10n.t('Type')],
  ['expires_at', () => vscode.l10n.t('Expiry')],
];

interface FieldItem extends vscode.QuickPickItem {
  readonly field?: string;
  readonly save?: true;
}

function editableFields(user: User): string[] {
  const extra = Object.keys(user).filter((name) => !NOT_EDITABLE.has(name) && !NAMED.some(([named]) => named === name));
  return [...NAMED.map(([name]) => name), ...extra];
}

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return vscode.l10n.t('(empty)');
  return escapeIcons(plainLabel(typeof value === 'string' ? value : jsonText(value), 60));
}

/**
 * Edit User: a list of the user's fields with their current values; choosing one asks for its new value
 * (pre-filled), "Save" sends the changed fields only (`PATCH /keys/{id}`: state/userOperations.ts `updateUser`). A 422 shows the panel's
 * messages on the list, with every change kept.
 */
async function editUser(context: UserCommandsContext, item: UserItem): Promise<string | undefined> {
  if (refusedAsReadOnly(context, item.panelId)) return undefined;
  const name = userName(item.user);
  const title = vscode.l10n.t('Edit "{0}"', name);
  const original = item.user;
  const changes: JsonObject = {};
  let problem: string | undefined;
  for (;;) {
    const current = (field: string): unknown => (field in changes ? changes[field] : original[field]);
    const count = Object.keys(changes).length;
    const items: FieldItem[] = [
      ...(count > 0 ? [{ label: `$(check) ${vscode.l10n.t('Save')}`, description: vscode.l10n.t('{0} changed', Object.keys(changes).join(', ')), save: true as const }] : []),
      ...editableFields(original).map((field) => ({
        label: NAMED.find(([named]) => named === field)?.[1]() ?? escapeIcons(plainLabel(field, 40)),
        description: `${shown(current(field))}${field in changes ? ` ${vscode.l10n.t('(changed)')}` : ''}`,
        field,
      })),
    ];
    const chosen = withoutBack(await context.input.pick({ title, items, problem, placeholder: vscode.l10n.t('Choose a field to change, then Save') }));
    if (!chosen) return undefined;
    if (chosen.save) {
      const outcome = await mutateUser(context, item, {
        busyLabel: vscode.l10n.t('Saving…'),
        failure: vscode.l10n.t('Could not save "{0}"', name),
        handles: isFieldError,
        ...updateUser(context.panels, item.panelId, original, changes, vscode.l10n.t),
      });
      const fields = outcome.kind === 'failed' ? fieldErrorsOf(outcome.error) : undefined;
      if (fields) {
        problem = Object.entries(fields).map(([field, message]) => `${field}: ${message}`).join('; ');
        continue;
      }
      return outcome.kind === 'done' ? vscode.l10n.t('Saved "{0}".', userName(outcome.value)) : outcome.kind === 'reconciled' ? outcome.message : undefined;
    }
    if (!chosen.field) continue;
    const value = await askValue(context, title, chosen.field, chosen.label, current(chosen.field));
    if (value === undefined) continue; // dismissed or Back: back to the list, changes kept
    if (jsonText(value) === jsonText(original[chosen.field] ?? null)) delete changes[chosen.field];
    else changes[chosen.field] = value;
  }
}

/** Asks for one field's new value, pre-filled with the current one; undefined when dismissed. */
async function askValue(context: UserCommandsContext, title: string, field: string, label: string, current: unknown): Promise<JsonValue | undefined> {
  if (field === 'type') {
    const picked = withoutBack(await context.input.pick({ title, placeholder: label, items: KEY_TYPES.map((type) => ({ label: type, picked: type === current })) }));
    return picked?.label;
  }
  const structured = current !== null && typeof current === 'object';
  // An int64 beyond 2^53 (a bigint) is edited as a number and read back exactly.
  const json = structured || typeof current === 'number' || typeof current === 'bigint' || typeof current === 'boolean';
  const answer = await context.input.text({
    title,
    prompt: field === 'expires_at'
      ? vscode.l10n.t('Access ends at (RFC 3339, e.g. 2030-01-31T00:00:00Z); empty for no expiry')
      : structured ? vscode.l10n.t('{0} (JSON; empty for none)', label) : vscode.l10n.t('{0} (empty for none)', label),
    value: current === null || current === undefined ? '' : typeof current === 'string' ? current : jsonText(current),
    validate: (value) => valueProblem(field, value, json),
  });
  if (answer === undefined || isBack(answer)) return undefined;
  if (answer === '') return field === 'label' ? '' : null;
  if (field === 'expires_at') return normalizeCustomDate(answer) ?? answer;
  if (json) return parseJsonExact(answer);
  return answer;
}

function valueProblem(field: string, value: string, json: boolean): string | undefined {
  if (field === 'label' && value.trim() === '') return vscode.l10n.t('The label is required.');
  if (field === 'expires_at' && value.trim() !== '') return customDateProblem(value, Date.now(), vscode.l10n.t);
  if (json && value.trim() !== '') {
    try {
      JSON.parse(value);
    } catch {
      return vscode.l10n.t('Enter a JSON value.');
    }
  }
  return undefined;
}

/** "Edit User…" on a user item. */
export function registerEditUser(context: UserCommandsContext): vscode.Disposable {
  return registerPanelCommand('panelOps.users.edit', (item?: unknown) => (item instanceof UserItem ? editUser(context, item) : undefined));
}
