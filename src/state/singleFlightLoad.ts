import * as vscode from 'vscode';

/**
 * One load at a time: calls made while a load runs share it; `cancel()` aborts it (its cancellation token
 * fires) and lets the next call start afresh. The load decides what a cancelled run leaves behind.
 */
export class SingleFlightLoad<T> implements vscode.Disposable {
  private running: { readonly source: vscode.CancellationTokenSource; readonly promise: Promise<T> } | undefined;

  run(load: (token: vscode.CancellationToken) => Promise<T>): Promise<T> {
    if (!this.running) {
      const source = new vscode.CancellationTokenSource();
      const promise = load(source.token).finally(() => {
        if (this.running?.source === source) this.running = undefined;
        source.dispose();
      });
      this.running = { source, promise };
    }
    return this.running.promise;
  }

  cancel(): void {
    this.running?.source.cancel();
    this.running = undefined;
  }

  dispose(): void {
    this.cancel();
  }
}
