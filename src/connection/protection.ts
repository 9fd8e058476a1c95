import * as vscode from 'vscode';
import type { RouteSpec } from '../api/catalog';
import type { PanelSession } from './panelSession';
import type { SavedPanels } from './savedPanels';
import { chatMayChange, refusesRequest } from './protectionLevel';
import { setContextKey } from './contextKey';

/**
 * A request that would change a panel the operator made read-only, refused before it left: nothing was
 * sent. Its message is the sentence the operator reads (after "Could not disable "alice": ").
 */
export class PanelReadOnlyError extends Error {
  constructor(readonly panelName: string, readonly route?: RouteSpec) {
    super(vscode.l10n.t('The panel "{0}" is read-only in Panel Ops, so nothing that changes it is sent (nothing was). Change its level with Set Protection Level… to act on it.', panelName));
    this.name = 'PanelReadOnlyError';
  }
}

/**
 * The last line of the read-only level, given to each panel's client as `beforeSend`: a request that changes
 * the panel (`changesPanel`) is refused while the panel's record says read-only, whatever command, editor,
 * webview, tool or table sent it. The record is read at each request, so a new level applies at once.
 */
export function refuseChangesWhenReadOnly(store: Pick<SavedPanels, 'record'>, url: string): (route: RouteSpec) => void {
  return (route) => {
    const record = store.record(url);
    if (refusesRequest(record, route)) throw new PanelReadOnlyError(record?.name ?? url, route);
  };
}

/**
 * Mirrors the panels' levels into context keys for `when` clauses: `panelOps.activePanel.protection`
 * (`open`, `protected`, `readOnly`), `panelOps.activePanel.readOnly` (palette, view titles and editor
 * titles hide write actions), and `panelOps.chat.mayChange` (some connected panel lets the chat tools change
 * it). Items of a read-only panel carry their own suffix (`READ_ONLY_ITEM_SUFFIX`).
 */
export class ProtectionContextKeys implements vscode.Disposable {
  private readonly subscription: vscode.Disposable;
  private published = '';
  private readonly shown = new Map<string, string | boolean>();

  constructor(private readonly session: PanelSession) {
    this.subscription = session.onDidChange(() => this.publish());
    this.publish();
  }

  dispose(): void {
    this.subscription.dispose();
  }

  private publish(): void {
    const level = this.session.active?.protection ?? 'open';
    const chat = this.session.connectedPanels().some((panel) => chatMayChange(panel));
    const key = `${level}|${chat}`;
    if (key === this.published) return;
    this.published = key;
    this.set('panelOps.activePanel.protection', level);
    this.set('panelOps.activePanel.readOnly', level === 'readOnly');
    this.set('panelOps.chat.mayChange', chat);
  }

  /** The values given to VS Code last, by key (what `when` clauses see once VS Code has taken them). */
  get values(): ReadonlyMap<string, string | boolean> {
    return this.shown;
  }

  private set(key: string, value: string | boolean): void {
    this.shown.set(key, value);
    setContextKey(key, value);
  }
}
