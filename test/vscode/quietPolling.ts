import * as vscode from 'vscode';

/**
 * The fleet watcher's interval for the whole suite: its first read on connect still happens (the status
 * bar and the views follow it), but no background poll lands in the middle of a test that counts the
 * requests its action made. The tests of polling set a short interval and put this one back.
 */
export const SUITE_POLL_SECONDS = 3600;

export function quietPolling(): Thenable<void> {
  return vscode.workspace.getConfiguration('panelOps').update('poll.intervalSeconds', SUITE_POLL_SECONDS, vscode.ConfigurationTarget.Global);
}
