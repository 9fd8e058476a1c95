import type * as vscode from 'vscode';

/**
 * The AbortSignal of a VS Code cancellation token (a progress notification's Cancel button, a provider's
 * token): the one place a token becomes a signal, at the boundary where VS Code hands one over. Everything
 * below (the session, stores, the client) cancels on AbortSignal only.
 */
export function abortSignalOf(token: vscode.CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (token.isCancellationRequested) {
    controller.abort();
  } else {
    const subscription = token.onCancellationRequested(() => {
      subscription.dispose();
      controller.abort();
    });
  }
  return controller.signal;
}
