import * as vscode from 'vscode';
import { PanelResponseFormatError } from '../api/errors';
import type { PanelApi } from '../api/index';
import type { PanelSession } from '../connection/panelSession';
import type { ConnectedPanel, PanelStoresLookup } from '../state/panelStores';
import type { UserInput } from '../prompts/userInput';
import { describeError } from '../text/describeError';
import { withoutLinks } from '../text/plainText';
import { showBusy, type BusyTarget } from './busyItems';
import { onPanelOf } from './guard';
import { failureRoute, reconcilerOf, type Reconcile, type Reconciler } from './reconcile';

/** How long an action runs before a cancellable progress notification appears. */
export const PROGRESS_DELAY_MS = 1000;

/** What actions need from the extension's services. */
export interface ActionContext {
  /** The saved and connected panels: what the guard (guard.ts) reads a panel's protection level from. */
  readonly session: PanelSession;
  /** The connected panels: an action runs on its own panel's handle (`panels.require(action.panelId)`). */
  readonly panels: Pick<PanelStoresLookup, 'require'>;
  readonly log: vscode.LogOutputChannel;
  /** Prompts and notifications (scripted in the VS Code suite). */
  readonly input: UserInput;
}

/** One thing the user asked the panel to do or to show. */
export interface ReadAction<T> {
  /** The panel the acted-on object came from (a tree item's, a document's); never simply the active one. */
  readonly panelId: string;
  /** Shown on the item and in the progress notification while it runs, e.g. "Disabling alice…". */
  readonly busyLabel: string;
  /** The start of the failure sentence, e.g. `Could not disable "alice"`; the reason follows. */
  readonly failure: string;
  /** The item being acted on, which shows `busyLabel` and a spinner meanwhile. */
  readonly target?: BusyTarget;
  /** A view (its id) that shows the progress instead of a notification after about a second. */
  readonly progressView?: string;
  readonly run: (api: PanelApi, signal: AbortSignal) => Promise<T>;
  /** Puts the result into the stores (every view showing the object follows). */
  readonly apply?: (result: T) => void | Promise<void>;
  /** Failures the caller tells the user itself (e.g. a 422 shown on the prompt at fault): no notification. */
  readonly handles?: (error: unknown) => boolean;
}

/** A change on the panel: it cannot be written without saying how a lost answer is settled. */
export interface MutateAction<T> extends ReadAction<T> {
  /**
   * After a lost or unreadable answer (`isLostAnswer`): a re-read that updates the stores and says what the
   * panel holds now, or `nothingToReconcile('<why>')`. Required: the mutation is never sent again blindly.
   */
  readonly reconcile: Reconcile;
}

export type ActionOutcome<T> =
  | { readonly kind: 'done'; readonly value: T }
  | { readonly kind: 'reconciled'; readonly message: string }
  | { readonly kind: 'failed'; readonly error: unknown }
  | { readonly kind: 'cancelled' };

/**
 * Reads something from the panel the way every action runs: the item shows it is busy, work over about a
 * second shows cancellable progress, the result goes to the stores, a failure is told in one sentence (a
 * 403 names the scope it needs). An action on a node records its outcome there too (nodeProblems.ts `recordedOn`).
 */
export function runRead<T>(context: ActionContext, action: ReadAction<T>): Promise<ActionOutcome<T>> {
  return run(context, action, undefined);
}

/** Changes something on the panel like `runRead`; a lost or unreadable answer is reconciled by re-reading, never retried. */
export function runMutation<T>(context: ActionContext, action: MutateAction<T>): Promise<ActionOutcome<T>> {
  return run(context, action, reconcilerOf(action.reconcile));
}

async function run<T>(context: ActionContext, action: ReadAction<T>, reconciler: Reconciler | undefined): Promise<ActionOutcome<T>> {
  const cancel = new AbortController();
  const endBusy = action.target ? showBusy(action.target, action.busyLabel) : () => undefined;
  const panel = itsPanel(context, action.panelId);
  const work = panel.call(action.run, cancel.signal);
  if (action.progressView) progressInView(action.progressView, work);
  const progress = action.progressView ? undefined : delayedProgress(action.busyLabel, work, cancel);
  return settle(context, panel, action, work, reconciler, cancel.signal, endBusy).finally(() => { progress?.dispose(); });
}

async function settle<T>(
  context: ActionContext,
  panel: ItsPanel,
  action: ReadAction<T>,
  work: Promise<T>,
  reconciler: Reconciler | undefined,
  cancelled: AbortSignal,
  endBusy: () => void,
): Promise<ActionOutcome<T>> {
  try {
    const value = await work;
    endBusy();
    await action.apply?.(value);
    return { kind: 'done', value };
  } catch (error) {
    endBusy();
    const route = failureRoute(error, { cancelledByUser: cancelled.aborted, reconciler, handledByCaller: action.handles ?? (() => false) });
    if (route === 'cancelled') return { kind: 'cancelled' };
    if (route === 'reconcile' && reconciler) return reconcile(context, panel, action, reconciler, error instanceof PanelResponseFormatError);
    context.log.warn(`${action.failure}: ${describeError(error)}`);
    if (route === 'tell') void context.input.notify('error', onPanelOf(panel.ref, failureSentence(action.failure, error)));
    return { kind: 'failed', error };
  }
}

/** "Could not disable "alice": the panel refused … it needs users:write…" — one plain sentence. */
export function failureSentence(failure: string, error: unknown): string {
  return withoutLinks(vscode.l10n.t('{0}: {1}', failure, describeError(error)));
}

/**
 * Logs and tells one failure sentence, for work that is not one runner action (a file read, a long watch
 * that stopped); `severity` is `warning` where the work goes on without us (an apply on the panel).
 * `stack` adds the error's stack frames to the log line (a command's unexpected throw).
 */
export function tellFailure(
  context: Pick<ActionContext, 'input'> & Partial<Pick<ActionContext, 'log'>>,
  failure: string,
  error: unknown,
  severity: 'error' | 'warning' = 'error',
  options: { readonly stack?: boolean } = {},
): void {
  const frames = options.stack ? stackFrames(error) : '';
  context.log?.warn(`${failure}: ${describeError(error)}${frames ? `\n${frames}` : ''}`);
  void context.input.notify(severity, failureSentence(failure, error));
}

/** The `at …` lines of an error's stack (its message is left out: the log line already says it, redacted). */
function stackFrames(error: unknown): string {
  const stack = error instanceof Error ? error.stack ?? '' : '';
  return stack.split('\n').filter((line) => /^\s+at /.test(line)).join('\n');
}

/** What an action uses of its panel: calls to it, and its reference for the failure sentence (read when told). */
type ItsPanel = Pick<ConnectedPanel, 'call' | 'ref'>;

/**
 * The action's own panel, looked up once when it starts (never simply the active one): a panel signed out
 * since its item was shown makes every call of the action reject with that NotConnectedError.
 */
function itsPanel(context: ActionContext, panelId: string): ItsPanel {
  try {
    return context.panels.require(panelId);
  } catch (error) {
    return { ref: undefined, call: () => Promise.reject(error) };
  }
}

async function reconcile<T>(context: ActionContext, panel: ItsPanel, action: ReadAction<T>, reconciler: Reconciler, unreadable: boolean): Promise<ActionOutcome<T>> {
  const title = unreadable
    ? vscode.l10n.t('The panel applied it, but its answer was unreadable; reading what it holds now…')
    : vscode.l10n.t('The panel\'s answer was lost; reading what it holds now…');
  try {
    const answer = await runWithProgress(title, (_report, signal) => panel.call(reconciler, signal));
    const message = typeof answer === 'string' ? answer : answer.message;
    if (typeof answer === 'string') void context.input.notify('info', message);
    return { kind: 'reconciled', message };
  } catch (error) {
    const told = vscode.l10n.t('{0}: the answer was lost and the panel could not be read back ({1}). Check the panel before trying again.', action.failure, describeError(error));
    void context.input.notify('warning', told);
    return { kind: 'failed', error };
  }
}

/** Tells how far long work has come, e.g. "120 of 450". */
export type ReportProgress = (message: string) => void;

/**
 * Long multi-step work (an export, an apply watched until it lands, connect's check) in a cancellable
 * notification from the start: `work` reports how far it has come and stops when `signal` aborts.
 */
export function runWithProgress<T>(title: string, work: (report: ReportProgress, signal: AbortSignal) => Promise<T>): Promise<T> {
  return Promise.resolve(vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (progress, token) => {
    const cancel = new AbortController();
    const subscription = abortOnCancel(token, cancel);
    return work((message) => progress.report({ message }), cancel.signal).finally(() => { subscription.dispose(); });
  }));
}

/** Shows progress in a view (its id) while `work` runs: a view loading something, with no notification. */
export function progressInView(viewId: string, work: Promise<unknown>): void {
  void vscode.window.withProgress({ location: { viewId } }, () => work.catch(() => undefined));
}

/** A cancellable notification that appears only if `work` is still running after PROGRESS_DELAY_MS. */
function delayedProgress(title: string, work: Promise<unknown>, cancel: AbortController): vscode.Disposable {
  let finished = false;
  const timer = setTimeout(() => {
    if (finished) return;
    void vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (_progress, token) => {
      const subscription = abortOnCancel(token, cancel);
      return work.catch(() => undefined).finally(() => { subscription.dispose(); });
    });
  }, PROGRESS_DELAY_MS);
  void work.finally(() => { finished = true; }).catch(() => undefined);
  return { dispose: () => { finished = true; clearTimeout(timer); } };
}

/** The one place a VS Code CancellationToken becomes an AbortSignal: cancelling the progress aborts `cancel`. */
function abortOnCancel(token: vscode.CancellationToken, cancel: AbortController): vscode.Disposable {
  if (token.isCancellationRequested) cancel.abort();
  return token.onCancellationRequested(() => cancel.abort());
}

export { nothingToReconcile, type Reconcile } from './reconcile';
