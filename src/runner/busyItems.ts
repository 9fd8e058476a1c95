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

/** Ends a busy state; `relabel` changes what it says while it lasts. */
export interface EndBusy {
  (): void;
  relabel(label: string): void;
}

/**
 * Shows a temporary description ("Disabling…") and a spinner on the item until the returned function is
 * called, which puts back what the item showed (unless something newer replaced it meanwhile). With
 * `contextValue`, the item's menus follow that value meanwhile (an apply being watched offers no Apply).
 */
export function showBusy(target: BusyTarget, label: string, options: { contextValue?: string } = {}): EndBusy {
  const { item, view } = target;
  const before = { description: item.description, iconPath: item.iconPath, contextValue: item.contextValue };
  const busy = { description: label, iconPath: new vscode.ThemeIcon('loading~spin'), contextValue: options.contextValue ?? item.contextValue };
  item.description = busy.description;
  item.iconPath = busy.iconPath;
  item.contextValue = busy.contextValue;
  view.refreshItem(item);
  const end = (() => {
    if (item.description === busy.description) item.description = before.description;
    if (item.iconPath === busy.iconPath) item.iconPath = before.iconPath;
    if (options.contextValue !== undefined && item.contextValue === busy.contextValue) item.contextValue = before.contextValue;
    view.refreshItem(item);
  }) as EndBusy;
  end.relabel = (next: string) => {
    if (item.description !== busy.description) return;
    busy.description = next;
    item.description = next;
    view.refreshItem(item);
  };
  return end;
}
