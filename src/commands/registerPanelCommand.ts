import * as vscode from 'vscode';
import { isCancelled } from '../api/errors';
import { tellFailure, type ActionContext } from '../runner/actionRunner';

/** Where a command's failure is told and logged, and the commands' titles (bound once at activation). */
interface CommandFailures extends Pick<ActionContext, 'input' | 'log'> {
  readonly packageJson: unknown;
}

// The one binding of the services at module level: every register function would otherwise need the log and
// the prompts only to hand them here. Set by `activate` before any command is registered.
let failures: CommandFailures | undefined;

/** Binds the log, the prompts and package.json's command titles for every command's failure (extension.ts). */
export function tellCommandFailuresThrough(bound: CommandFailures): vscode.Disposable {
  failures = bound;
  return new vscode.Disposable(() => {
    if (failures === bound) failures = undefined;
  });
}

/**
 * The one way a command is registered. A throw or rejection from `handler` that nothing told (work outside
 * the runner: a wrong argument, a file read, a bug) is told once in the runner's words ("Could not run
 * "Copy Share Link": …") and logged once with its stack; the command then returns undefined, so VS Code adds
 * no "command resulted in an error" of its own. A cancellation is not a failure and tells nothing.
 */
export function registerPanelCommand(id: string, handler: (...args: never[]) => unknown): vscode.Disposable {
  const run = handler as (...args: unknown[]) => unknown;
  return vscode.commands.registerCommand(id, async (...args: unknown[]) => {
    try {
      return await run(...args);
    } catch (error) {
      if (isCancellation(error)) return undefined;
      if (!failures) throw error;
      tellFailure(failures, vscode.l10n.t('Could not run "{0}"', commandTitle(failures.packageJson, id)), error, 'error', { stack: true });
      return undefined;
    }
  });
}

function isCancellation(error: unknown): boolean {
  return isCancelled(error) || error instanceof vscode.CancellationError || (error instanceof Error && error.name === 'Canceled');
}

/** The command's title as the operator sees it (package.json, localized by VS Code), without a trailing "…". */
export function commandTitle(packageJson: unknown, id: string): string {
  const commands = (packageJson as { contributes?: { commands?: unknown } } | undefined)?.contributes?.commands;
  const entry = Array.isArray(commands) ? (commands as { command?: unknown; title?: unknown }[]).find((command) => command.command === id) : undefined;
  const title = typeof entry?.title === 'string' && !/^%.*%$/.test(entry.title) ? entry.title : id;
  return title.replace(/(?:…|\.\.\.)$/, '');
}
