import type * as vscode from 'vscode';
import type { PanelRef } from '../../connection/panelSession';
import { itemContextValue } from '../../connection/protectionLevel';
import { whenChanged } from '../../connection/whenChanged';

/**
 * Marks an item of a read-only panel in its contextValue (`user.active.readOnlyPanel`), so the `when`
 * clauses of write actions leave it out: every view's `getTreeItem` passes its items through here with the
 * item's own panel (in all-panels mode panels of several levels are side by side). Idempotent.
 */
export function markedForPanel<T extends vscode.TreeItem>(element: T, panel: Pick<PanelRef, 'protection'> | undefined): T {
  const value = itemContextValue(element.contextValue, panel?.protection ?? 'open');
  if (value !== element.contextValue) element.contextValue = value;
  return element;
}

/** Calls `redraw` when a connected panel's protection level changes (its items' menus change with it). */
export function onProtectionChange(
  session: { readonly onDidChange: vscode.Event<void>; connectedPanels(): readonly PanelRef[] },
  redraw: () => void,
): vscode.Disposable {
  return whenChanged(session.onDidChange, () => session.connectedPanels().map((panel) => `${panel.id}=${panel.protection}`).join('\n'), redraw);
}
