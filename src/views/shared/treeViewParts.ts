import type * as vscode from 'vscode';

/** What the composition root (and the test API) gets back: the provider and its view. */
export interface TreeViewParts<P> {
  readonly provider: P;
  readonly view: vscode.TreeView<vscode.TreeItem>;
}

/** A registered tree view that the extension disposes: its subscriptions first, then the view, then the provider. */
export interface DisposableTreeView<P> extends TreeViewParts<P>, vscode.Disposable {}

export function disposableTreeView<P extends vscode.Disposable>(provider: P, view: vscode.TreeView<vscode.TreeItem>, subscriptions: readonly vscode.Disposable[] = []): DisposableTreeView<P> {
  return {
    provider,
    view,
    dispose: () => {
      for (const subscription of subscriptions) subscription.dispose();
      view.dispose();
      provider.dispose();
    },
  };
}
