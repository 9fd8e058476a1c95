/**
 * Resolving alerts of one panel, written once beside its alerts store: the Resolve commands, the
 * notifications' Resolve and the chat tool run `resolveAlerts` through the action runner. One alert goes
 * with `POST /alerts/{id}/resolve`, several with one `POST /alerts/resolve` carrying the panel's ids exactly.
 * The panel's alerts store marks them resolved at once (views, badge and status bar follow); after a lost
 * answer the alerts are read again and the sentence says how many are resolved now; after a failure
 * (`afterFailure`) they are read again. No `vscode` import: sentences take the caller's `t`.
 */
import type { PanelApi } from '../api/index';
import type { AlertId } from '../api/monitoring';
import { numberText } from '../text/displayLanguage';
import type { Localize } from '../text/localize';
import type { PanelStoresLookup } from './panelStores';

/** Resolving alerts as the action runner runs it, and what follows a failure. */
export interface AlertsResolution {
  readonly run: (api: PanelApi, signal: AbortSignal) => Promise<unknown>;
  readonly apply: (answer: unknown) => void;
  readonly reconcile: (api: PanelApi, signal: AbortSignal) => Promise<string>;
  /** After a failed resolve: the panel's alerts are read again (some may be resolved). */
  readonly afterFailure: () => Promise<void>;
}

/** Ids the panel said it could not find, from the (unspecified) answer of `POST /alerts/resolve`. */
export function notFoundIn(answer: unknown): string[] {
  const list = typeof answer === 'object' && answer !== null ? (answer as { not_found?: unknown }).not_found : undefined;
  return Array.isArray(list) ? list.map((id) => String(id)) : [];
}

/**
 * Resolves the alerts `ids` of panel `panelId`. Its alerts store marks those the panel did not call missing
 * resolved; `missing` hears how many the panel said no longer exist.
 */
export function resolveAlerts(panels: Pick<PanelStoresLookup, 'get'>, panelId: string, ids: readonly AlertId[], t: Localize, missing: (count: number) => void = () => undefined): AlertsResolution {
  const store = () => panels.get(panelId)?.alerts;
  return {
    run: (api, signal) => (ids.length === 1 ? api.alerts.resolve(ids[0], { signal }) : api.alerts.resolveMany(ids, { signal })),
    apply: (answer) => {
      const gone = new Set(notFoundIn(answer));
      store()?.markResolved(ids.filter((id) => !gone.has(String(id))));
      if (gone.size > 0) missing(gone.size);
    },
    reconcile: async () => {
      const alerts = store();
      await alerts?.refresh();
      const snapshot = alerts?.held;
      const wanted = new Set(ids.map((id) => String(id)));
      const now = snapshot?.kind === 'loaded' ? snapshot.list.alerts.filter((alert) => alert.id !== undefined && wanted.has(String(alert.id))) : [];
      const resolved = now.filter((alert) => alert.resolved).length;
      return t('The panel now holds {0} of the {1} alert(s) resolved.', numberText(resolved), numberText(ids.length));
    },
    afterFailure: async () => {
      await store()?.refresh();
    },
  };
}
