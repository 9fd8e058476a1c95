import * as vscode from 'vscode';
import { ErrorItem } from '../../views/shared/errorItem';
import { LoadMoreItem } from '../../views/shared/loadMoreItem';
import { registerCommand } from '../registerCommand';

/** The shared node commands: "Load more…" and the retry of an error node (the node is the argument). */
export function registerTreeItemActions(): vscode.Disposable {
  return vscode.Disposable.from(
    registerCommand('panelOps.loadMore', (node?: unknown) => {
      if (node instanceof LoadMoreItem) node.load();
    }),
    registerCommand('panelOps.retryLoad', (node?: unknown) => {
      if (node instanceof ErrorItem) node.retry();
    }),
  );
}
