/**
 * The fleet to-do's start: the to-do itself (fleetTodo.ts: findings, its passes, its clock) and its quick
 * fixes' provider (fleetTodoActions.ts). A bundle of its own (esbuild.mjs), required by fleetTodoLoader.ts
 * when the first panel connects, so an activation with no panel connected evaluates none of it.
 */
import * as vscode from 'vscode';
import type { PanelSession } from '../connection/panelSession';
import type { PanelStoresLookup } from '../state/panelStores';
import { FleetTodo } from './fleetTodo';
import { registerFleetTodoActions } from './fleetTodoActions';
import type { TrustedCertificateOf } from './fleetTodoPass';

export interface FleetTodoDeps {
  readonly session: Pick<PanelSession, 'connectedPanels' | 'onDidChange' | 'protectionOf'>;
  readonly panels: Pick<PanelStoresLookup, 'get'>;
  readonly state: vscode.Memento;
  /** The README's section on the to-do (each finding's link). */
  readonly readme: vscode.Uri;
  /** Tells VS Code that open subject documents changed (the panel file system's change event). */
  readonly changedDocuments: (uris: readonly vscode.Uri[]) => void;
  readonly trustedCertificateOf: TrustedCertificateOf;
}

/** The to-do, following every connected panel, and its quick fixes, registered until `dispose`. */
export function startFleetTodo(deps: FleetTodoDeps): { readonly todo: FleetTodo; readonly registration: vscode.Disposable } {
  const todo = new FleetTodo(deps.session, deps.panels, deps.state, deps.readme, deps.changedDocuments, deps.trustedCertificateOf);
  return { todo, registration: vscode.Disposable.from(registerFleetTodoActions(todo, deps.session, deps.panels), todo) };
}
