import type { SessionState } from '../connection/capabilities';
import type { AlertsSnapshot } from '../state/alertsStore';

/** What the status bar knows of one panel's alerts. */
export interface PanelAlerts {
  /** The panel's name (untrusted text). */
  readonly name: string;
  readonly state: SessionState;
  /** Unresolved alerts of the last successful read; undefined before one. */
  readonly unresolved: number | undefined;
  readonly snapshot: AlertsSnapshot;
}

export interface AlertsSum {
  /** Unresolved alerts across the panels whose alerts were read. */
  readonly total: number;
  /** Whether at least one panel's count is known. */
  readonly known: boolean;
  /** Panels whose token can still read alerts (not rejected). */
  readonly readable: number;
}

/** Sums the unresolved alerts of the connected panels; a rejected or unread panel adds nothing. No `vscode` import. */
export function sumAlerts(panels: readonly PanelAlerts[]): AlertsSum {
  let total = 0;
  let known = false;
  let readable = 0;
  for (const panel of panels) {
    if (panel.state !== 'connected') continue;
    readable++;
    if (panel.unresolved === undefined) continue;
    known = true;
    total += panel.unresolved;
  }
  return { total, known, readable };
}
