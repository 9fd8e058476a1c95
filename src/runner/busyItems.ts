import * as vscode from 'vscode';

/** A view that can redraw one of its items (fires its tree change for that element). */
export interface ItemRefresher {
  refreshItem(item: vscode.TreeItem): void;
}

/** An item being acted on and the view that shows it. */
export interface BusyTarget {
  readonly item: vscode.TreeItem;
  readonly view: ItemRefresher;
}

/**
 * Shows a temporary description ("Disabling…") and a spinner on the item until the returned function is
 * called, which puts back what the item showed (unless something newer replaced it meanwhile).
 */
export function showBusy(target: BusyTarget, label: string): () => void {
  const { item, view } = target;
  const before = { description: item.description, iconPath: item.iconPath };
  const busy = { description: label, iconPath: new vscode.ThemeIcon('loading~spin') };
  item.description = busy.description;
  item.iconPath = busy.iconPath;
  view.refreshItem(item);
  return () => {
    if (item.description === busy.description) item.description = before.description;
    if (item.iconPath === busy.iconPath) item.iconPath = before.iconPath;
    view.refreshItem(item);
  };
}
