import * as vscode from 'vscode';
import { isLostAnswer, PanelCancelledError, PanelResponseFormatError } from '../api/errors';
import type { PanelApi } from '../api/index';
import type { PanelSession } from '../connection/panelSession';
import type { UserInput } from '../prompts/userInput';
import { describeError } from '../text/describeError';
import { withoutLinks } from '../text/plainText';
import { showBusy, type BusyTarget } from '../views/shared/busyItems';
import { abortSignalOf } from '../connection/abortSignalOf';

/** How long an action runs before a cancellable progress notification appears. */
export const PROGRESS_DELAY_MS = 1000;

/** One thing the user asked the panel to do. */
export interface Action<T> {
  /** The panel the acted-on object came from (a tree item's, a document's); never simply the active one. */
  readonly panelId: string;
  /** Shown on the item and in the progress notification while it runs, e.g. "Disabling alice…". */
  readonly busyLabel: string;
  /** The start of the failure sentence, e.g. `Could not disable "alice"`; the reason follows. */
  readonly failure: string;
  /** The item being acted on, which shows `busyLabel` and a spinner meanwhile. */
  readonly target?: BusyTarget;
  readonly run: (api: PanelApi, signal: AbortSignal) => Promise<T>;
  /** Puts the result into the stores (every view showing the object follows). */
  readonly apply?: (result: T) => void | Promise<void>;
  /**
   * After a mutation whose answer was lost or unreadable: re-reads what the action touched, updates the
   * stores, and says in one sentence what the panel holds now. Never sends the mutation again.
   */
  readonly reconcile?: (api: PanelApi, signal: AbortSignal) => Promise<string>;
  /** Failures the caller tells the user itself (e.g. a 422 shown on the prompt at fault): no notification. */
  readonly handles?: (error: unknown) => boolean;
}

export type ActionOutcome<T> =
  | { readonly kind: 'done'; readonly value: T }
  | { readonly kind: 'reconciled'; readonly message: string }
  | { readonly kind: 'failed'; readonly error: unknown }
  | { readonly kind: 'cancelled' };

/** What actions need from the extension's services. */
export interface ActionContext {
  readonly session: PanelSession;
  readonly log: vscode.LogOutputChannel;
  /** Prompts and notifications (scripted in the VS Code suite). */
  readonly input: UserInput;
}

/** Whether the stores hold this panel's data (they hold the active panel's only). */
export function isActivePanel(context: Pick<ActionContext, 'session'>, panelId: string): boolean {
  return context.session.active?.id === panelId;
}

/**
 * Runs every action the same way: the item shows it is busy, work over about a second shows cancellable
 * progress, the result goes to the stores, a failure is told in one sentence (a 403 names the scope it
 * needs), and a lost or unreadable answer to a mutation is reconciled by re-reading, never retried.
 */
export async function runAction<T>(context: ActionContext, action: Action<T>): Promise<ActionOutcome<T>> {
  const cancel = new vscode.CancellationTokenSource();
  const endBusy = action.target ? showBusy(action.target, action.busyLabel) : () => undefined;
  const work = context.session.callOn(action.panelId, action.run, abortSignalOf(cancel.token));
  const progress = delayedProgress(action.busyLabel, work, cancel);
  try {
    const value = await work;
    endBusy();
    await action.apply?.(value);
    return { kind: 'done', value };
  } catch (error) {
    endBusy();
    if (error instanceof PanelCancelledError && cancel.token.isCancellationRequested) return { kind: 'cancelled' };
    if (isLostAnswer(error) && action.reconcile) {
      return reconcile(context, action, action.reconcile, error instanceof PanelResponseFormatError);
    }
    context.log.warn(`${action.failure}: ${describeError(error)}`);
    if (action.handles?.(error)) return { kind: 'failed', error };
    void context.input.notify('error', failureSentence(action.failure, error));
    return { kind: 'failed', error };
  } finally {
    progress.dispose();
    cancel.dispose();
  }
}

/** "Could not disable "alice": the panel refused … it needs users:write…" — one plain sentence. */
export function failureSentence(failure: string, error: unknown): string {
  return withoutLinks(vscode.l10n.t('{0}: {1}', failure, describeError(error)));
}

async function reconcile<T>(
  context: ActionContext,
  action: Action<T>,
  reconciler: NonNullable<Action<T>['reconcile']>,
  unreadable: boolean,
): Promise<ActionOutcome<T>> {
  const title = unreadable
    ? vscode.l10n.t('The panel applied it, but its answer was unreadable; reading what it holds now…')
    : vscode.l10n.t('The panel\'s answer was lost; reading what it holds now…');
  try {
    const message = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title, cancellable: true },
      (_progress, token) => context.session.callOn(action.panelId, reconciler, abortSignalOf(token)),
    );
    void context.input.notify('info', message);
    return { kind: 'reconciled', message };
  } catch (error) {
    const told = vscode.l10n.t('{0}: the answer was lost and the panel could not be read back ({1}). Check the panel before trying again.', action.failure, describeError(error));
    void context.input.notify('warning', told);
    return { kind: 'failed', error };
  }
}

/** A cancellable notification that appears only if `work` is still running after PROGRESS_DELAY_MS. */
function delayedProgress(title: string, work: Promise<unknown>, cancel: vscode.CancellationTokenSource): vscode.Disposable {
  let finished = false;
  const timer = setTimeout(() => {
    if (finished) return;
    void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (_progress, token) => {
      token.onCancellationRequested(() => cancel.cancel());
      return work.catch(() => undefined);
    });
  }, PROGRESS_DELAY_MS);
  void work.finally(() => { finished = true; }).catch(() => undefined);
  return { dispose: () => { finished = true; clearTimeout(timer); } };
}
