import * as vscode from 'vscode';
import type { Alert } from '../../state/alertsModel';
import { resolveAlerts } from '../../state/alertOperations';
import { plainLabel } from '../../text/plainText';
import { AlertItem } from '../../views/alerts/alertItems';
import type { AlertsTree } from '../../views/alerts/alertsView';
import type { PanelStoresLookup } from '../../state/panelStores';
import { runMutation, type ActionContext } from '../../runner/actionRunner';
import { confirmChange, namesLine } from '../../runner/guard';
import { plural } from '../../text/plural';
import { byPanel } from '../shared/byPanel';
import { registerPanelCommand } from '../registerPanelCommand';
import { numberText } from '../../text/displayLanguage';

/** The alerts a command was run on: the selection when the clicked item is part of it, else the item. */
function chosenAlerts(node: unknown, selected: unknown): AlertItem[] {
  const nodes = Array.isArray(selected) && selected.includes(node) ? selected : [node];
  return nodes.filter((candidate): candidate is AlertItem => candidate instanceof AlertItem && !candidate.alert.resolved);
}

/**
 * Resolves alerts of panel `panelId` through the runner (state/alertOperations.ts `resolveAlerts`: one with
 * `POST /alerts/{id}/resolve`, several with one `POST /alerts/resolve`); the panel's store marks them
 * resolved at once, and after a failure the alerts are read again.
 */
async function resolveOn(context: ActionContext, panels: PanelStoresLookup, panelId: string, alerts: readonly Alert[], target?: AlertItem, view?: AlertsTree): Promise<void> {
  const ids = alerts.map((alert) => alert.id).filter((id): id is NonNullable<Alert['id']> => id !== undefined);
  if (ids.length === 0) {
    void context.input.notify('error', vscode.l10n.t('This alert has no id, so it cannot be resolved from here.'));
    return;
  }
  const single = ids.length === 1;
  const name = plainLabel(alerts[0].title, 80);
  const resolution = resolveAlerts(panels, panelId, ids, vscode.l10n.t, (missing) => {
    void context.input.notify('warning', vscode.l10n.t('{0} of the alerts no longer exist on the panel.', numberText(missing)));
  });
  const outcome = await runMutation(context, {
    panelId,
    busyLabel: single ? vscode.l10n.t('Resolving…') : plural(ids.length, { one: 'Resolving {0} alert…', other: 'Resolving {0} alerts…' }, vscode.l10n.t),
    failure: single ? vscode.l10n.t('Could not resolve the alert "{0}"', name) : plural(ids.length, { one: 'Could not resolve {0} alert', other: 'Could not resolve {0} alerts' }, vscode.l10n.t),
    target: target && view ? { item: target, view } : undefined,
    run: resolution.run,
    apply: resolution.apply,
    reconcile: resolution.reconcile,
  });
  if (outcome.kind === 'failed') await resolution.afterFailure();
}

/** "Refresh Alerts", "Resolve Alert" (one or the selection) and "Resolve All Shown". */
export function registerAlertsCommands(context: ActionContext, panels: PanelStoresLookup, view: AlertsTree): vscode.Disposable {
  return vscode.Disposable.from(
    // Reads again the panels the view shows (or the panel item's panel), each forgetting its own refusals first.
    registerPanelCommand('panelOps.alerts.refresh', async (element?: unknown) => {
      const item = element instanceof vscode.TreeItem ? element : undefined;
      const panelIds = item ? [view.panelOf(item)].filter((id): id is string => id !== undefined) : view.shownPanels;
      for (const panelId of panelIds) panels.get(panelId)?.scopes.forgetDenials('alerts.list');
      await view.refresh(item);
    }),
    registerPanelCommand('panelOps.alerts.resolve', async (node?: unknown, selected?: unknown) => {
      const nodes = chosenAlerts(node, selected);
      if (nodes.length === 0) return;
      // In all-panels mode a selection may span panels: each panel resolves its own alerts, on its own store.
      for (const [panelId, items] of byPanel(nodes)) {
        // Several at once is a bulk change: a protected panel lists them and asks for its name.
        const sure = items.length === 1 || await confirmChange(context, {
          panelId,
          action: vscode.l10n.t('Resolve {0}', numberText(items.length)),
          question: plural(items.length, { one: 'Resolve {0} alert?', other: 'Resolve {0} alerts?' }, vscode.l10n.t),
          changes: [namesLine(plural(items.length, { one: 'Resolve {0} alert', other: 'Resolve {0} alerts' }, vscode.l10n.t), items.map((item) => item.alert.title || item.alert.message || String(item.alert.id)))],
          askOnOpen: false,
        });
        if (!sure || !panels.get(panelId)) continue;
        await resolveOn(context, panels, panelId, items.map((candidate) => candidate.alert), nodes.length === 1 ? nodes[0] : undefined, view);
      }
    }),
    registerPanelCommand('panelOps.alerts.resolveAll', async () => {
      const panel = panels.active;
      const snapshot = panel?.alerts.held;
      const unresolved = snapshot?.kind === 'loaded' ? snapshot.list.alerts.filter((alert) => !alert.resolved) : [];
      if (!panel || unresolved.length === 0) return;
      const panelId = panel.id;
      const sure = await confirmChange(context, {
        panelId,
        action: vscode.l10n.t('Resolve {0}', numberText(unresolved.length)),
        question: vscode.l10n.t('Resolve all {0} unresolved alerts shown for "{1}"?', numberText(unresolved.length), panel.name),
        detail: vscode.l10n.t('They move to the Resolved group on the panel for every operator.'),
        changes: [namesLine(plural(unresolved.length, { one: 'Resolve {0} alert', other: 'Resolve {0} alerts' }, vscode.l10n.t), unresolved.map((alert) => alert.title || alert.message || String(alert.id)))],
      });
      if (!sure) return;
      await resolveOn(context, panels, panelId, unresolved);
    }),
  );
}
