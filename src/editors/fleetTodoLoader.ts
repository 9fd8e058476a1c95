import type * as vscode from 'vscode';
import type { PanelSession } from '../connection/panelSession';
import type { FleetTodo } from './fleetTodo';
import type { FleetTodoDeps } from './fleetTodoStart';

/**
 * Where the fleet to-do is loaded (its bundle, esbuild.mjs): when the first panel connects, or when one of
 * its commands or the suite asks for it first. With no panel connected nothing of it is evaluated: it
 * would have no finding to show, and its clock and passes would tick for nothing.
 */
export class FleetTodoLoader implements vscode.Disposable {
  private started: { readonly todo: FleetTodo; readonly registration: vscode.Disposable } | undefined;
  private readonly waiting: { dispose(): void };

  constructor(private readonly deps: FleetTodoDeps) {
    const session: Pick<PanelSession, 'connectedPanels' | 'onDidChange'> = deps.session;
    this.waiting = session.onDidChange(() => {
      if (session.connectedPanels().length > 0) this.loaded();
    });
    if (session.connectedPanels().length > 0) this.loaded();
  }

  /** The to-do if it is loaded; undefined before the first panel connected. */
  get current(): FleetTodo | undefined {
    return this.started?.todo;
  }

  /** The to-do, loaded and started now if it was not. */
  loaded(): FleetTodo {
    if (!this.started) {
      this.waiting.dispose();
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require here, not an import, keeps the to-do out of activation
      const { startFleetTodo } = require('./fleetTodoStart') as typeof import('./fleetTodoStart');
      this.started = startFleetTodo(this.deps);
    }
    return this.started.todo;
  }

  dispose(): void {
    this.waiting.dispose();
    this.started?.registration.dispose();
  }
}
