import * as vscode from 'vscode';
import { ErrorNode } from '../views/shared/errorNode';
import { LoadMoreNode } from '../views/shared/loadMoreNode';

/** The shared node commands: "Load more…" and the retry of an error node (the node is the argument). */
export function registerTreeNodeActions(): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand('panelOps.loadMore', (node?: unknown) => {
      if (node instanceof LoadMoreNode) node.load();
    }),
    vscode.commands.registerCommand('panelOps.retryLoad', (node?: unknown) => {
      if (node instanceof ErrorNode) node.retry();
    }),
  );
}
