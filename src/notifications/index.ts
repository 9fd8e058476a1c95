/**
 * Tells the operator what the panels watcher (state/panelsWatch.ts) found: at most one notice on screen
 * (`NoticeSlot`: reports that arrive while one is shown wait and are then told together, with Show All),
 * through `UserInput` (so the VS Code suite sees and answers it), with the actions that help. Each event is
 * written to the Panel Ops log as it arrives, so what waits is findable at once. Actions run the existing
 * commands on the panel and item the event came from. Loaded the first time there is something to tell
 * (services.ts requires it; esbuild.mjs puts it in dist/features/notifications.js).
 */
import * as vscode from 'vscode';
import type { PanelSession } from '../connection/panelSession';
import type { UserInput } from '../prompts/userInput';
import { withoutBack } from '../prompts/userInput';
import type { PanelEvent } from '../state/panelEvents';
import type { PanelsReport } from '../state/panelsWatch';
import { localizeFrom } from '../text/localize';
import { escapeIcons, plainLabel } from '../text/plainText';
import { AlertItem } from '../views/alerts/alertItems';
import type { TreeViewParts, UsersTree } from '../views/users/usersView';
import { ACTION_OF, actionLabel, composeNotice, eventPhrase, eventsFor, type NoticeAction } from './eventNotice';
import { foldReports, NoticeSlot, type ShownNotice } from './noticeSlot';

export interface EventNoticesDeps {
  readonly session: PanelSession;
  readonly input: UserInput;
  readonly log: vscode.LogOutputChannel;
  readonly users: TreeViewParts<UsersTree>;
}

/** The log's words are English, as every other line of the Panel Ops log. */
const english = localizeFrom(undefined);

/** The event notices of this window: one on screen at a time. */
export class EventNotices implements vscode.Disposable {
  private readonly slot: NoticeSlot;

  constructor(private readonly deps: EventNoticesDeps) {
    this.slot = new NoticeSlot({
      show: (reports, folded) => this.show(reports, folded),
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
    });
  }

  /** Logs each event of the report, then tells it now or once the notice on screen has left. */
  tell(report: PanelsReport): void {
    for (const event of report.events) {
      this.deps.log.info(`Event: ${plainLabel(this.panelName(event.panelId), 60)}: ${eventPhrase(event, english)}${report.away ? ' (while the window was unfocused)' : ''}`);
    }
    this.slot.add(report);
  }

  dispose(): void {
    this.slot.dispose();
  }

  private panelName(id: string): string {
    return this.deps.session.panel(id)?.name ?? id;
  }

  /** Shows one notice for the reports; the action chosen runs once it is answered. */
  private show(reports: readonly PanelsReport[], folded: boolean): ShownNotice {
    const report = foldReports(reports);
    const notice = composeNotice(report.events, report.away, (id) => this.panelName(id), vscode.l10n.t, folded);
    const labels = notice.actions.map((action) => actionLabel(action, vscode.l10n.t));
    const answer = this.deps.input.notify(notice.severity, notice.message, ...labels);
    void answer.then(async (chosen) => {
      const action = notice.actions[labels.indexOf(chosen ?? '')];
      if (action) await runAction(action, eventsFor(action, report.events), this.deps);
    }).catch((error: unknown) => {
      this.deps.log.warn(`The notification's action failed: ${error instanceof Error ? error.message : String(error)}`);
    });
    // VS Code keeps an error with buttons on screen until it is answered; other notices hide by themselves.
    return { closed: answer, sticky: notice.severity === 'error' && labels.length > 0 };
  }
}

async function runAction(action: NoticeAction, events: readonly PanelEvent[], deps: EventNoticesDeps): Promise<void> {
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
    case 'showAll':
      return showAll(events, deps);
  }
}

/** Every event of a folded notice, with its panel; the one chosen gets the action that helps with it, on its panel. */
async function showAll(events: readonly PanelEvent[], deps: EventNoticesDeps): Promise<void> {
  const picked = withoutBack(await deps.input.pick({
    title: vscode.l10n.t('Panel Ops: Panel Events'),
    placeholder: vscode.l10n.t('Choose an event to act on'),
    matchOnDescription: true,
    items: events.map((event) => ({
      label: escapeIcons(eventPhrase(event, vscode.l10n.t)),
      description: escapeIcons(plainLabel(deps.session.panel(event.panelId)?.name ?? event.panelId, 60)),
      detail: actionLabel(ACTION_OF[event.kind], vscode.l10n.t),
      event,
    })),
  }));
  if (picked) await runAction(ACTION_OF[picked.event.kind], [picked.event], deps);
}

/** Runs a node command on the event's node; with several nodes, on the one the operator picks. */
async function onNode(command: string, title: string, events: readonly PanelEvent[], deps: EventNoticesDeps): Promise<void> {
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
async function showExpiringUsers(events: readonly PanelEvent[], deps: EventNoticesDeps): Promise<void> {
  const panelId = await pickPanel([...new Set(events.map((event) => event.panelId))], vscode.l10n.t('Show Users'), deps);
  if (!panelId) return;
  const { provider, view } = deps.users;
  await vscode.commands.executeCommand('panelOps.users.focus');
  if (!provider.shownPanels.includes(panelId)) await deps.session.switchTo(panelId);
  const group: vscode.TreeItem | undefined = (await provider.openPanel(panelId))?.groupOf('expiring');
  if (group) await provider.reveal(view, group, { select: true, focus: true, expand: true });
}

/** The one panel of the events, or the one the operator picks among several. */
async function pickPanel(panelIds: readonly string[], title: string, deps: EventNoticesDeps): Promise<string | undefined> {
  if (panelIds.length <= 1) return panelIds[0];
  const picked = withoutBack(await deps.input.pick({
    title,
    placeholder: vscode.l10n.t('Choose a panel'),
    items: panelIds.map((panelId) => ({ label: escapeIcons(plainLabel(deps.session.panel(panelId)?.name ?? panelId, 80)), panelId })),
  }));
  return picked?.panelId;
}
