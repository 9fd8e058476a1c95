import * as vscode from 'vscode';

const STATE_KEY = 'panelOps.views.allPanels';
/** The context key the view title actions read: show the "all panels" or the "active panel" toggle. */
export const ALL_PANELS_CONTEXT_KEY = 'panelOps.allPanels';

/**
 * Whether the Nodes, Users, Alerts and Site Templates views show every connected panel side by side or
 * only the active one: remembered in global state, mirrored into the context key of the title actions.
 */
export class AllPanelsMode implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<boolean>();
  readonly onDidChange = this.changed.event;

  constructor(private readonly state: vscode.Memento) {
    this.publish();
  }

  get enabled(): boolean {
    return this.state.get(STATE_KEY) === true;
  }

  async set(enabled: boolean): Promise<void> {
    if (enabled === this.enabled) return;
    await this.state.update(STATE_KEY, enabled);
    this.publish();
    this.changed.fire(enabled);
  }

  dispose(): void {
    this.changed.dispose();
  }

  private publish(): void {
    void vscode.commands.executeCommand('setContext', ALL_PANELS_CONTEXT_KEY, this.enabled);
  }
}
