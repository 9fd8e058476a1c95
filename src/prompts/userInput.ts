/**
 * Every question the extension asks the user goes through a `UserInput`: quick picks, input boxes, modal
 * confirmations and file dialogs. In normal use it is `VsCodeUserInput`; the VS Code suite swaps in
 * `ScriptedUserInput`, which answers from a queue the test fills, so real commands run their real
 * prompts in tests (like azuretools' TestUserInput).
 */
import type * as vscode from 'vscode';

/** The user pressed the Back button of a multi-step input. */
export interface Back {
  readonly back: true;
}

export const BACK: Back = Object.freeze({ back: true as const });

export function isBack(value: unknown): value is Back {
  return typeof value === 'object' && value !== null && (value as { back?: unknown }).back === true;
}

/** Where a question stands in a multi-step input ("Create User (2/4)"), and whether Back is offered. */
export interface StepPosition {
  readonly step: number;
  readonly totalSteps: number;
}

export interface TextQuestion {
  readonly title: string;
  readonly prompt: string;
  readonly value?: string;
  readonly placeholder?: string;
  readonly password?: boolean;
  /**
   * Shown when the box opens, e.g. why the panel refused the previous value. It may quote the panel's
   * words, and VS Code renders links and icons in this message: the implementation makes it plain.
   */
  readonly problem?: string;
  /** Live validation: a message for an unusable value, undefined when it is fine. */
  readonly validate?: (value: string) => string | undefined;
  /** Part of a multi-step input: shows the position and a Back button from the second step on. */
  readonly position?: StepPosition;
}

export interface PickQuestion<T extends vscode.QuickPickItem> {
  readonly title: string;
  readonly placeholder?: string;
  /**
   * Items, or a promise of them (the pick shows a busy indicator until they arrive). When the promise
   * rejects, the pick closes and `pick`/`pickMany` reject with its error.
   */
  readonly items: readonly T[] | Promise<readonly T[]>;
  /** Why the previous answer was refused; shown above the items. Made plain by the implementation. */
  readonly problem?: string;
  readonly matchOnDescription?: boolean;
  readonly position?: StepPosition;
}

/** A live search as the user types (Go to User…): the items come from the caller as the text changes. */
export interface SearchQuestion<T extends vscode.QuickPickItem> {
  readonly title: string;
  readonly placeholder?: string;
  /**
   * Starts the search: `show` is called with the items found so far and whether more are coming; the
   * answer's `type` is called with the text at the start ('') and after every change; `dispose` ends it.
   */
  readonly start: (show: (items: readonly T[], busy: boolean) => void) => { type(text: string): void; dispose(): void };
  /** Items that explain rather than answer (a panel that failed): choosing one does nothing. */
  readonly isInert?: (item: T) => boolean;
}

export interface ConfirmQuestion {
  /** The question, naming what is acted on (shown as the modal's message). */
  readonly message: string;
  /** What follows, e.g. "Every link already handed out stops working." */
  readonly detail?: string;
  /** The buttons besides Cancel; the answer is the chosen one. */
  readonly actions: readonly string[];
}

export interface FileQuestion {
  readonly title: string;
  readonly filters?: Record<string, string[]>;
  readonly defaultUri?: vscode.Uri;
}

export type NoticeSeverity = 'info' | 'warning' | 'error';

export interface UserInput {
  /**
   * A notification (not modal), with optional action buttons; resolves with the chosen action, or
   * undefined when dismissed or when it has none. Notifications render `[label](target)` as links (a
   * `command:` link runs a command), so the implementation breaks link syntax up (`withoutLinks`): callers
   * may quote panel text such as users' labels. Other cleaning (one line, length) is the caller's.
   */
  notify(severity: NoticeSeverity, message: string, ...actions: string[]): Promise<string | undefined>;
  /** The trimmed text, Back, or undefined when dismissed. */
  text(question: TextQuestion): Promise<string | Back | undefined>;
  /** One item (the one with `picked`, if any, starts highlighted), Back, or undefined when dismissed. */
  pick<T extends vscode.QuickPickItem>(question: PickQuestion<T>): Promise<T | Back | undefined>;
  /** Several items (those with `picked` start selected), Back, or undefined when dismissed. */
  pickMany<T extends vscode.QuickPickItem>(question: PickQuestion<T>): Promise<T[] | Back | undefined>;
  /** A search as the user types; the chosen item, or undefined when dismissed. */
  search<T extends vscode.QuickPickItem>(question: SearchQuestion<T>): Promise<T | undefined>;
  /** A modal question; the chosen action, or undefined for Cancel. */
  confirm(question: ConfirmQuestion): Promise<string | undefined>;
  openFile(question: FileQuestion): Promise<vscode.Uri | undefined>;
  saveFile(question: FileQuestion): Promise<vscode.Uri | undefined>;
}

/** Drops Back for single questions, where no Back button is shown. */
export function withoutBack<T>(answer: T | Back | undefined): T | undefined {
  return isBack(answer) ? undefined : answer;
}

/** A modal question with one action besides Cancel; true when the user chose the action. */
export async function confirmed(input: UserInput, action: string, message: string, detail?: string): Promise<boolean> {
  return (await input.confirm({ message, detail, actions: [action] })) === action;
}
