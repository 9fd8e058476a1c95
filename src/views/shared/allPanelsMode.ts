import * as vscode from 'vscode';
import type { PanelSession } from '../../connection/panelSession';
import { setContextKey } from '../../connection/contextKey';

const STATE_KEY = 'panelOps.views.allPanels';
/** The context key the view title actions read: show the "all panels" or the "active panel" toggle. */
export const ALL_PANELS_CONTEXT_KEY = 'panelOps.allPanels';

/**
 * Whether the Nodes, Users, Alerts and Site Templates views show every connected panel side by side or
 * only the active one. Until the operator chooses (Show All Connected Panels, Show Active Panel Only, which
 * is remembered in global state), every panel is shown as soon as two or more are connected. Mirrored into
 * the context key of the title actions.
 */
export class AllPanelsMode implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<boolean>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;
  private last: boolean;

  constructor(private readonly state: vscode.Memento, private readonly session: Pick<PanelSession, 'connectedPanels' | 'onDidChange'>) {
    this.last = this.enabled;
    this.publish();
    this.subscription = session.onDidChange(() => this.follow());
  }

  /** What the operator chose; undefined until they chose. */
  get choice(): boolean | undefined {
    const value = this.state.get<unknown>(STATE_KEY);
    return typeof value === 'boolean' ? value : undefined;
  }

  get enabled(): boolean {
    return this.choice ?? this.session.connectedPanels().length >= 2;
  }

  /** The operator's choice, remembered. */
  async set(enabled: boolean): Promise<void> {
    if (enabled === this.choice) return;
    await this.state.update(STATE_KEY, enabled);
    this.follow();
  }

  /** Forgets the operator's choice: every panel is shown again once two or more are connected. */
  async forgetChoice(): Promise<void> {
    await this.state.update(STATE_KEY, undefined);
    this.follow();
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }

  private follow(): void {
    const enabled = this.enabled;
    if (enabled === this.last) return;
    this.last = enabled;
    this.publish();
    this.changed.fire(enabled);
  }

  private publish(): void {
    setContextKey(ALL_PANELS_CONTEXT_KEY, this.enabled);
  }
}
