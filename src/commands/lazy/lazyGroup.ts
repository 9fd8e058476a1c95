import * as vscode from 'vscode';
import { registerPanelCommand } from '../registerPanelCommand';

/** A group of commands whose code is loaded the first time one of them runs. */
export interface LazyCommandGroup<R extends vscode.Disposable> {
  /** Every command id the group registers (a unit test compares it with the group's code). */
  readonly commands: readonly string[];
  /** Loads the group's code and registers its real commands. */
  readonly load: () => R;
}

/** A registered lazy group: its stubs (or, once loaded, its real commands) and the loaded group. */
export interface LazyGroup<R extends vscode.Disposable> extends vscode.Disposable {
  /** Loads the group now if it is not loaded yet (for other entry points than its commands). */
  loaded(): R;
}

/**
 * Registers a stub per command of the group. The first run of any of them loads the group (its stubs are
 * released first, so the group registers the same ids), then runs the real command with the same
 * arguments and returns its result. `when` clauses and enablement live in package.json, so they are
 * unchanged.
 */
export function registerLazily<R extends vscode.Disposable>(group: LazyCommandGroup<R>): LazyGroup<R> {
  let real: R | undefined;
  let stubs: vscode.Disposable | undefined;
  const loaded = (): R => {
    if (!real) {
      stubs?.dispose();
      stubs = undefined;
      real = group.load();
    }
    return real;
  };
  stubs = vscode.Disposable.from(
    ...group.commands.map((id) => registerPanelCommand(id, (...args: unknown[]) => {
      loaded();
      return vscode.commands.executeCommand(id, ...args);
    })),
  );
  return {
    loaded,
    dispose: () => {
      stubs?.dispose();
      real?.dispose();
    },
  };
}
