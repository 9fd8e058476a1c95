import * as vscode from 'vscode';
import { ErrorItem } from '../../views/shared/errorItem';
import { LoadMoreItem } from '../../views/shared/loadMoreItem';
import { registerPanelCommand } from '../registerPanelCommand';

/** The shared node commands: "Load more…" and the retry of an error node (the node is the argument). */
export function registerTreeItemActions(): vscode.Disposable {
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.loadMore', (node?: unknown) => {
      if (node instanceof LoadMoreItem) node.load();
    }),
    registerPanelCommand('panelOps.retryLoad', async (node?: unknown) => {
      if (node instanceof ErrorItem) await node.retry();
    }),
  );
}
