// The fault kinds of the fault matrix: each arms the simulated panel (or the session) so that the next
// request of an action fails in one way, and says whether the client may recover on its own.
import * as vscode from 'vscode';
import type { FaultMatch, SimulatedPanel } from '../panel';

export interface FaultKind {
  readonly name: string;
  /** Arms the fault for the requests `match` selects; `times` covers a read's retries. */
  arm(panel: SimulatedPanel, match: FaultMatch, times: number): Promise<void> | void;
  /** Undoes what `arm` changed besides the panel's fault queue (settings, tokens). */
  disarm?(): Promise<void>;
}

const status = (code: 500 | 502 | 503 | 504): FaultKind => ({
  name: String(code),
  arm: (panel, match, times) => panel.inject({ kind: 'status', status: code, match, times }),
});

export const FAULT_KINDS: readonly FaultKind[] = [
  {
    name: 'latency beyond the timeout',
    arm: async (panel, match, times) => {
      await vscode.workspace.getConfiguration('panelOps').update('requestTimeoutSeconds', 1, vscode.ConfigurationTarget.Global);
      panel.inject({ kind: 'latency', ms: 2500, match, times });
    },
    disarm: () => Promise.resolve(vscode.workspace.getConfiguration('panelOps').update('requestTimeoutSeconds', undefined, vscode.ConfigurationTarget.Global)),
  },
  status(500),
  status(502),
  status(503),
  status(504),
  { name: '429 with Retry-After', arm: (panel, match, times) => panel.inject({ kind: 'rate-limit', retryAfterSeconds: 1, match, times }) },
  { name: 'reset connection', arm: (panel, match, times) => panel.inject({ kind: 'reset', match, times }) },
  { name: 'HTML error page', arm: (panel, match, times) => panel.inject({ kind: 'html', match, times }) },
  { name: 'malformed JSON', arm: (panel, match, times) => panel.inject({ kind: 'malformed-json', match, times }) },
  { name: 'answer dropped after commit', arm: (panel, match, times) => panel.inject({ kind: 'drop-after-apply', match, times }) },
];
