/**
 * Tells the operator what the fleet watcher (state/fleetWatch.ts) found: one notification per report
 * through `UserInput` (so the VS Code suite sees and answers it), with the actions that help. Actions run
 * the existing commands on the panel and item the event came from. Loaded the first time there is
 * something to tell (services.ts requires it; esbuild.mjs puts it in dist/features/notifications.js).
 */
import * as vscode from 'vscode';
import type { PanelSession } from '../connection/panelSession';
import type { UserInput } from '../prompts/userInput';
import { withoutBack } from '../prompts/userInput';
import type { FleetEvent } from '../state/fleetEvents';
import type { FleetReport } from '../state/fleetWatch';
import { escapeIcons, plainLabel } from '../text/plainText';
import { AlertItem } from '../views/alerts/alertItems';
import type { TreeViewParts, UsersTree } from '../views/users/usersView';
import { actionLabel, composeNotice, eventsFor, type FleetAction } from './fleetNotice';

export interface FleetNotificationDeps {
  readonly session: PanelSession;
  readonly input: UserInput;
  readonly log: vscode.LogOutputChannel;
  readonly users: TreeViewParts<UsersTree>;
}

/** Shows the report's one notification and runs the action chosen, if any. */
export async function showFleetReport(report: FleetReport, deps: FleetNotificationDeps): Promise<void> {
  const panelName = (id: string) => deps.session.panel(id)?.name ?? id;
  const notice = composeNotice(report.events, report.away, panelName, vscode.l10n.t);
  const labels = notice.actions.map((action) => actionLabel(action, vscode.l10n.t));
  const chosen = await deps.input.notify(notice.severity, notice.message, ...labels);
  const action = notice.actions[labels.indexOf(chosen ?? '')];
  if (!action) return;
  try {
    await runAction(action, eventsFor(action, report.events), deps);
  } catch (error) {
    deps.log.warn(`The notification's action ${action} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function runAction(action: FleetAction, events: readonly FleetEvent[], deps: FleetNotificationDeps): Promise<void> {
  switch (action) {
    case 'showLogs':
      return onNode('panelOps.nodes.showLogs', vscode.l10n.t('Show Logs'), events, deps);
    case 'showJobHistory':
      return onNode('panelOps.nodes.showJobHistory', vscode.l10n.t('Show Job History'), events, deps);
    case 'resolve': {
      const items = events.flatMap((event, index) => (event.alert ? [new AlertItem(event.alert, `notification/${index}`, event.panelId)] : []));
      if (items.length > 0) await vscode.commands.executeCommand('panelOps.alerts.resolve', items[0], items);
      return;
    }
    case 'showUsers':
      return showExpiringUsers(events, deps);
  }
}

/** Runs a node command on the event's node; with several nodes, on the one the operator picks. */
async function onNode(command: string, title: string, events: readonly FleetEvent[], deps: FleetNotificationDeps): Promise<void> {
  const targets = events.flatMap((event) => (event.node ? [{ node: event.node, panelId: event.panelId, job: event.job }] : []));
  let target: (typeof targets)[number] | undefined = targets[0];
  if (targets.length > 1) {
    const picked = withoutBack(await deps.input.pick({
      title,
      placeholder: vscode.l10n.t('Choose a node'),
      items: targets.map((candidate) => ({
        label: escapeIcons(plainLabel(candidate.node.name ?? candidate.node.id, 80)),
        description: escapeIcons(plainLabel(deps.session.panel(candidate.panelId)?.name ?? candidate.panelId, 60)),
        target: candidate,
      })),
    }));
    target = picked?.target;
  }
  // Show Job History selects the job that failed or rolled back.
  if (target) await vscode.commands.executeCommand(command, { node: target.node, panelId: target.panelId }, target.job);
}

/**
 * Opens the Users view on the Expiring group of the events' panel (the one the operator picks when the
 * events came from several): that panel's own group, without switching unless the view shows the active
 * panel alone, as Go to User does.
 */
async function showExpiringUsers(events: readonly FleetEvent[], deps: FleetNotificationDeps): Promise<void> {
  const panelId = await pickPanel([...new Set(events.map((event) => event.panelId))], vscode.l10n.t('Show Users'), deps);
  if (!panelId) return;
  const { provider, view } = deps.users;
  await vscode.commands.executeCommand('panelOps.users.focus');
  if (!provider.shownPanels.includes(panelId)) await deps.session.switchTo(panelId);
  const group: vscode.TreeItem | undefined = (await provider.openPanel(panelId))?.groupOf('expiring');
  if (group) await view.reveal(group, { select: true, focus: true, expand: true });
}

/** The one panel of the events, or the one the operator picks among several. */
async function pickPanel(panelIds: readonly string[], title: string, deps: FleetNotificationDeps): Promise<string | undefined> {
  if (panelIds.length <= 1) return panelIds[0];
  const picked = withoutBack(await deps.input.pick({
    title,
    placeholder: vscode.l10n.t('Choose a panel'),
    items: panelIds.map((panelId) => ({ label: escapeIcons(plainLabel(deps.session.panel(panelId)?.name ?? panelId, 80)), panelId })),
  }));
  return picked?.panelId;
}
