import * as vscode from 'vscode';
import type { Alert } from '../../state/alertsModel';
import type { AlertsStore } from '../../state/alertsStore';
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

/** Ids the panel said it could not find, from the (unspecified) answer of `POST /alerts/resolve`. */
function notFoundIn(answer: unknown): string[] {
  const list = typeof answer === 'object' && answer !== null ? (answer as { not_found?: unknown }).not_found : undefined;
  return Array.isArray(list) ? list.map((id) => String(id)) : [];
}

/**
 * Resolves alerts: one with `POST /alerts/{id}/resolve`, several with one `POST /alerts/resolve` carrying
 * the panel's ids exactly. The store marks them resolved at once (views, badge and status bar follow);
 * after a lost answer the alerts are read again and the user is told how many are resolved now.
 */
async function resolveAlerts(context: ActionContext, store: AlertsStore, panelId: string, alerts: readonly Alert[], target?: AlertItem, view?: AlertsTree): Promise<void> {
  const ids = alerts.map((alert) => alert.id).filter((id): id is NonNullable<Alert['id']> => id !== undefined);
  if (ids.length === 0) {
    void context.input.notify('error', vscode.l10n.t('This alert has no id, so it cannot be resolved from here.'));
    return;
  }
  const single = ids.length === 1;
  const name = plainLabel(alerts[0].title, 80);
  const outcome = await runMutation(context, {
    panelId,
    busyLabel: single ? vscode.l10n.t('Resolving…') : plural(ids.length, { one: 'Resolving {0} alert…', other: 'Resolving {0} alerts…' }, vscode.l10n.t),
    failure: single ? vscode.l10n.t('Could not resolve the alert "{0}"', name) : plural(ids.length, { one: 'Could not resolve {0} alert', other: 'Could not resolve {0} alerts' }, vscode.l10n.t),
    target: target && view ? { item: target, view } : undefined,
    run: (api, signal) => (single ? api.alerts.resolve(ids[0], { signal }) : api.alerts.resolveMany(ids, { signal })),
    apply: (answer) => {
      const missing = new Set(notFoundIn(answer));
      store.markResolved(ids.filter((id) => !missing.has(String(id))));
      if (missing.size > 0) {
        void context.input.notify('warning', vscode.l10n.t('{0} of the alerts no longer exist on the panel.', numberText(missing.size)));
      }
    },
    reconcile: async () => {
      await store.refresh();
      const snapshot = store.held;
      const wanted = new Set(ids.map((id) => String(id)));
      const now = snapshot.kind === 'loaded' ? snapshot.list.alerts.filter((alert) => alert.id !== undefined && wanted.has(String(alert.id))) : [];
      const resolved = now.filter((alert) => alert.resolved).length;
      return vscode.l10n.t('The panel now holds {0} of the {1} alert(s) resolved.', numberText(resolved), numberText(ids.length));
    },
  });
  if (outcome.kind === 'failed') await store.refresh();
}

/** "Refresh Alerts", "Resolve Alert" (one or the selection) and "Resolve All Shown". */
export function registerAlertsCommands(context: ActionContext, panels: PanelStoresLookup, view: AlertsTree): vscode.Disposable {
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.alerts.refresh', async () => {
      context.session.capabilities.forgetDenials('alerts.list');
      await view.refresh();
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
        const store = panels.get(panelId)?.alerts;
        if (!sure || !store) continue;
        await resolveAlerts(context, store, panelId, items.map((candidate) => candidate.alert), nodes.length === 1 ? nodes[0] : undefined, view);
      }
    }),
    registerPanelCommand('panelOps.alerts.resolveAll', async () => {
      const panelId = panels.activeId;
      const store = panels.active?.alerts;
      const snapshot = store?.held;
      const unresolved = snapshot?.kind === 'loaded' ? snapshot.list.alerts.filter((alert) => !alert.resolved) : [];
      if (!panelId || !store || unresolved.length === 0) return;
      const sure = await confirmChange(context, {
        panelId,
        action: vscode.l10n.t('Resolve {0}', numberText(unresolved.length)),
        question: vscode.l10n.t('Resolve all {0} unresolved alerts shown for "{1}"?', numberText(unresolved.length), context.session.active?.name ?? ''),
        detail: vscode.l10n.t('They move to the Resolved group on the panel for every operator.'),
        changes: [namesLine(plural(unresolved.length, { one: 'Resolve {0} alert', other: 'Resolve {0} alerts' }, vscode.l10n.t), unresolved.map((alert) => alert.title || alert.message || String(alert.id)))],
      });
      if (!sure) return;
      await resolveAlerts(context, store, panelId, unresolved);
    }),
  );
}
