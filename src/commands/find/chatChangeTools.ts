/**
 * The chat tools that change a panel: disable or enable users, apply a node's configuration, resolve alerts.
 * Each plans from what the panel holds (read through its stores), says exactly what will change, and then
 * runs the same change as the commands (state/userOperations.ts `setEnabled`, state/nodeApply.ts
 * `queueApply`, state/alertOperations.ts `resolveAlerts`) through the action runner.
 */
import * as vscode from 'vscode';
import { scrubText } from '../../api/modelFacts';
import type { AlertId } from '../../api/monitoring';
import type { User, PanelNode } from '../../api/types';
import { runMutation } from '../../runner/actionRunner';
import { panelWithLevel } from '../../runner/guard';
import { recordedOn, type NodeProblems } from '../../runner/nodeProblems';
import { resolveAlerts } from '../../state/alertOperations';
import type { Alert } from '../../state/alertsModel';
import { queueApply } from '../../state/nodeApply';
import { changedIds, changeUsersOf, setEnabled, userName } from '../../state/userOperations';
import { numberText } from '../../text/displayLanguage';
import { nodeLabel } from '../../text/nodeText';
import { plainLabel } from '../../text/plainText';
import { plural } from '../../text/plural';
import { abortOn, answer, findNode, idsInput, listed, MAX_USERS, outcomeSentence, quoted, readAlerts, sentence, stringInput, type ChatToolsContext, type MissingScope, type OnePanel, type ToolPanel } from './chatToolParts';
import { writeTool } from './chatWriteTool';

/** The state of users a change depends on: each one's id, label, state and dates, in id order. */
function usersState(users: readonly User[]): string {
  return JSON.stringify([...users].sort((a, b) => a.id.localeCompare(b.id)).map((user) => [user.id, user.label, user.state, user.status, user.disabled_at, user.revoked_at, user.expires_at]));
}

/** "Alice Martin" (active): a user as the confirmation names it, with the state it is in now. */
function userWithState(user: User): string {
  const state = plainLabel(user.state, 20);
  return state ? vscode.l10n.t('"{0}" ({1})', userName(user), state) : `"${userName(user)}"`;
}

/** Disable or enable users of one panel, each through `runMutation` (a lost answer re-reads the user). */
export function usersEnabledTool(context: ChatToolsContext, onePanel: OnePanel, missingScope: MissingScope): vscode.LanguageModelTool<Record<string, unknown>> {
  const plan = async (input: Record<string, unknown>, token: vscode.CancellationToken) => {
    const panel = await onePanel(input);
    if (typeof panel === 'string') return panel;
    const enable = input.enabled === true;
    if (input.enabled !== true && input.enabled !== false) return vscode.l10n.t('Say "enabled": true to enable the users or false to disable them.');
    const refused = missingScope(panel, enable ? 'keys.enable' : 'keys.disable');
    if (refused) return refused;
    const ids = idsInput(input, 'userIds', MAX_USERS);
    if (ids.length === 0) return vscode.l10n.t('Give the users\' ids in "userIds" (search_panel_users gives them).');
    const signal = abortOn(token);
    const users = context.panels.require(panel.id).users;
    const keys = await Promise.all(ids.map((id) => users.read(id, signal).catch(() => undefined)));
    const found = keys.filter((user): user is User => user !== undefined);
    if (found.length < ids.length) return vscode.l10n.t('Not every user was found on panel "{0}" ({1} missing); nothing was changed.', plainLabel(panel.name, 60), numberText(ids.length - found.length));
    return { panel, enable, keys: found };
  };
  return writeTool(context, 'set_panel_users_enabled', vscode.l10n.t('Checking the users…'), plan, ({ keys: users }) => usersState(users), ({ panel, enable, keys: users }) => {
    const names = listed(users.map(userWithState));
    const panelName = toolPanelName(context, panel);
    const count = users.length;
    return enable
      ? {
        title: plural(count, { one: 'Enable {0} user on panel "{1}"?', other: 'Enable {0} users on panel "{1}"?' }, vscode.l10n.t, panelName),
        message: vscode.l10n.t('These users get access again (an expired date or a revocation stays): {0}.', names),
        action: vscode.l10n.t('Enable'),
        progress: plural(count, { one: 'Enabling {0} user…', other: 'Enabling {0} users…' }, vscode.l10n.t),
        changes: [vscode.l10n.t('{0}: {1}', plural(count, { one: 'Enable {0} user', other: 'Enable {0} users' }, vscode.l10n.t), names)],
      }
      : {
        title: plural(count, { one: 'Disable {0} user on panel "{1}"?', other: 'Disable {0} users on panel "{1}"?' }, vscode.l10n.t, panelName),
        message: vscode.l10n.t('These users lose access until enabled again: {0}.', names),
        action: vscode.l10n.t('Disable'),
        progress: plural(count, { one: 'Disabling {0} user…', other: 'Disabling {0} users…' }, vscode.l10n.t),
        changes: [vscode.l10n.t('{0}: {1}', plural(count, { one: 'Disable {0} user', other: 'Disable {0} users' }, vscode.l10n.t), names)],
      };
  }, async ({ panel, enable, keys: users }) => {
    // The same change as Disable/Enable User: one user by its own route, several in one bulk change.
    const one = users.length === 1 ? userName(users[0]) : undefined;
    const outcome = await runMutation(context, {
      panelId: panel.id,
      busyLabel: one !== undefined
        ? (enable ? vscode.l10n.t('Enabling "{0}"…', one) : vscode.l10n.t('Disabling "{0}"…', one))
        : (enable ? plural(users.length, { one: 'Enabling {0} user…', other: 'Enabling {0} users…' }, vscode.l10n.t) : plural(users.length, { one: 'Disabling {0} user…', other: 'Disabling {0} users…' }, vscode.l10n.t)),
      failure: one !== undefined
        ? (enable ? vscode.l10n.t('Could not enable "{0}"', one) : vscode.l10n.t('Could not disable "{0}"', one))
        : (enable ? plural(users.length, { one: 'Could not enable {0} user', other: 'Could not enable {0} users' }, vscode.l10n.t) : plural(users.length, { one: 'Could not disable {0} user', other: 'Could not disable {0} users' }, vscode.l10n.t)),
      ...(users.length === 1
        ? setEnabled(context.panels, panel.id, users[0], enable, vscode.l10n.t)
        : changeUsersOf(context.panels, panel.id, enable ? 'enable' : 'disable', users.map((user) => user.id), vscode.l10n.t, (message) => context.log.warn(message))),
    });
    const action = enable ? 'enable' : 'disable';
    if (outcome.kind === 'failed') return answer({ panel: panel.name, action, changed: [], failed: users.map((user) => scrubText(userName(user))) });
    if (outcome.kind !== 'done') return outcomeSentence(outcome);
    const changed = new Set(changedIds(outcome.value).map((id) => id.toLowerCase()));
    const names = (wanted: boolean) => users.filter((user) => changed.has(user.id.toLowerCase()) === wanted).map((user) => scrubText(userName(user)));
    return answer({ panel: panel.name, action, changed: names(true), failed: names(false) });
  });
}

/** Where the runner keeps a node's last problem: the node's panel's nodes store. */
function nodeProblems(context: ChatToolsContext, panelId: string): NodeProblems {
  return {
    setProblem: (id, problem) => context.panels.get(panelId)?.nodes.setProblem(id, problem),
    clearProblem: (id) => context.panels.get(panelId)?.nodes.clearProblem(id),
  };
}

/** A panel as a confirmation names it: "Production" or, when it is not open, "Production (protected)". */
function toolPanelName(context: ChatToolsContext, panel: ToolPanel): string {
  const ref = context.session.panel(panel.id);
  return ref ? panelWithLevel(ref) : plainLabel(panel.name, 60);
}

/** The state of a node an apply depends on: its status, pending configuration and last apply. */
function nodeState(node: PanelNode): string {
  return JSON.stringify([node.id, node.name, node.status, node.dirty, node.last_apply_at]);
}

/** Queue an apply of one node (`POST /nodes/{id}/apply`); a lost answer is settled by reading its jobs. */
export function applyNodeTool(
  context: ChatToolsContext,
  onePanel: OnePanel,
  missingScope: MissingScope,
): vscode.LanguageModelTool<Record<string, unknown>> {
  const plan = async (input: Record<string, unknown>, token: vscode.CancellationToken) => {
    const panel = await onePanel(input);
    if (typeof panel === 'string') return panel;
    const refused = missingScope(panel, 'nodes.apply');
    if (refused) return refused;
    const wanted = stringInput(input, 'node');
    if (!wanted) return vscode.l10n.t('Say which node with "node" (its name or id).');
    const node = await findNode(context.panels.require(panel.id), abortOn(token), wanted);
    if (!node) return vscode.l10n.t('No node called "{0}" on panel "{1}"; nothing was changed.', plainLabel(wanted, 80), plainLabel(panel.name, 60));
    return { panel, node, name: plainLabel(nodeLabel(node, vscode.l10n.t), 80) };
  };
  return writeTool(context, 'apply_panel_node', vscode.l10n.t('Checking the node…'), plan, ({ node }) => nodeState(node), ({ panel, node, name }) => {
    const now = vscode.l10n.t('"{0}" now: status {1}, {2}.', name, plainLabel(node.status, 30) || vscode.l10n.t('unknown'),
      node.dirty === true ? vscode.l10n.t('configuration pending') : node.dirty === false ? vscode.l10n.t('nothing pending') : vscode.l10n.t('pending configuration unknown'));
    return {
      title: vscode.l10n.t('Apply the configuration of node "{0}" on panel "{1}"?', name, toolPanelName(context, panel)),
      message: `${vscode.l10n.t('The panel queues one apply job on "{0}": its proxy reloads with the pending configuration.', name)} ${now}`,
      action: vscode.l10n.t('Apply'),
      progress: vscode.l10n.t('Queuing an apply on "{0}"…', name),
      changes: [vscode.l10n.t('Queue one apply on node "{0}" (its proxy reloads)', name), now],
    };
  }, async ({ panel, node, name }) => {
    // The same queuing as Apply Configuration (state/nodeApply.ts); the tool does not watch it land.
    const queue = queueApply(context.panels, panel.id, node.id, name, vscode.l10n.t);
    const outcome = await recordedOn({ id: node.id, operation: vscode.l10n.t('apply'), problems: nodeProblems(context, panel.id) }, runMutation(context, {
      panelId: panel.id,
      busyLabel: vscode.l10n.t('Queuing apply…'),
      failure: vscode.l10n.t('Could not apply the configuration of "{0}"', name),
      run: queue.run,
      apply: queue.apply,
      reconcile: queue.reconcile,
    }));
    if (outcome.kind === 'done') return sentence(vscode.l10n.t('An apply is queued on "{0}" (panel "{1}"). Its job history shows how it ends.', scrubText(name), plainLabel(panel.name, 60)));
    return outcomeSentence(outcome);
  });
}

/** Resolve alerts of one panel by id (`POST /alerts/resolve`); a lost answer re-reads the alerts. */
export function resolveAlertsTool(context: ChatToolsContext, onePanel: OnePanel, missingScope: MissingScope): vscode.LanguageModelTool<Record<string, unknown>> {
  const plan = async (input: Record<string, unknown>, token: vscode.CancellationToken) => {
    const panel = await onePanel(input);
    if (typeof panel === 'string') return panel;
    const refused = missingScope(panel, 'alerts.resolveMany');
    if (refused) return refused;
    const ids = idsInput(input, 'alertIds', 200);
    if (ids.length === 0) return vscode.l10n.t('Give the alerts\' ids in "alertIds" (get_panel_alerts gives them).');
    if (token.isCancellationRequested) return vscode.l10n.t('Cancelled; nothing was sent.');
    const list = await readAlerts(context.panels.require(panel.id));
    const alerts = ids.map((id) => list.alerts.find((alert) => alert.id !== undefined && String(alert.id) === id));
    if (alerts.some((alert) => alert === undefined)) return vscode.l10n.t('Not every alert was found on panel "{0}" ({1} missing); nothing was changed.', plainLabel(panel.name, 60), numberText(alerts.filter((alert) => !alert).length));
    return { panel, alerts: alerts as Alert[] };
  };
  const titleOf = (alert: Alert) => plainLabel(alert.title || alert.message, 80) || String(alert.id);
  const alertsState = (alerts: readonly Alert[]) => JSON.stringify(alerts.map((alert) => [String(alert.id), alert.resolved]).sort());
  return writeTool(context, 'resolve_panel_alerts', vscode.l10n.t('Checking the alerts…'), plan, ({ alerts }) => alertsState(alerts), ({ panel, alerts }) => ({
    title: plural(alerts.length, { one: 'Resolve {0} alert on panel "{1}"?', other: 'Resolve {0} alerts on panel "{1}"?' }, vscode.l10n.t, toolPanelName(context, panel)),
    message: vscode.l10n.t('These alerts are marked resolved: {0}.', quoted(alerts.map(titleOf))),
    action: vscode.l10n.t('Resolve'),
    progress: plural(alerts.length, { one: 'Resolving {0} alert…', other: 'Resolving {0} alerts…' }, vscode.l10n.t),
    changes: [vscode.l10n.t('{0}: {1}', plural(alerts.length, { one: 'Resolve {0} alert', other: 'Resolve {0} alerts' }, vscode.l10n.t), quoted(alerts.map(titleOf)))],
  }), async ({ panel, alerts }) => {
    // The same resolve as the Resolve commands (state/alertOperations.ts).
    const ids = alerts.map((alert) => alert.id as AlertId);
    const resolution = resolveAlerts(context.panels, panel.id, ids, vscode.l10n.t);
    const outcome = await runMutation(context, {
      panelId: panel.id,
      busyLabel: plural(ids.length, { one: 'Resolving {0} alert…', other: 'Resolving {0} alerts…' }, vscode.l10n.t),
      failure: vscode.l10n.t('Could not resolve the alerts'),
      run: resolution.run,
      apply: resolution.apply,
      reconcile: resolution.reconcile,
    });
    if (outcome.kind === 'failed') await resolution.afterFailure();
    if (outcome.kind === 'done') return answer({ panel: panel.name, resolved: alerts.map((alert) => scrubText(titleOf(alert))) });
    return outcomeSentence(outcome);
  });
}
