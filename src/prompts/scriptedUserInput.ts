/**
 * The test stand-in for `VsCodeUserInput`: answers each question from a queue the VS Code suite fills
 * through the test API, and records what was asked (titles, items, validation messages, problems) so a
 * test can check what the user would have seen. Used only in the extension's test mode.
 */
import * as vscode from 'vscode';
import {
  BACK, type Back, type ConfirmQuestion, type FileQuestion, type NoticeSeverity, type PickQuestion, type SearchQuestion, type TextQuestion, type UserInput,
} from './userInput';
import { withoutLinks } from '../text/plainText';
import { inReadingOrder } from '../text/bidi';

/**
 * One answer: a text value, a pick's label (with or without its leading `$(icon) `, or else its description), a list of labels for a
 * multi-select, a confirmation's action, or a file path; `{ back: true }` presses Back, `{ cancel: true }`
 * dismisses the prompt; `{ search, pick }` types `search` into a live search, waits for every answer and
 * picks the item labelled `pick` (or described so).
 */
export type ScriptedAnswer = string | readonly string[] | { readonly back: true } | { readonly cancel: true } | SearchAnswer;

export interface SearchAnswer {
  readonly search: string;
  readonly pick: string;
}

export interface AskedQuestion {
  readonly kind: 'text' | 'pick' | 'pickMany' | 'search' | 'confirm' | 'openFile' | 'saveFile';
  readonly title: string;
  readonly prompt?: string;
  /** The pre-filled value of an input box. */
  readonly value?: string;
  /** Why the previous answer was refused, as the prompt showed it. */
  readonly problem?: string;
  /** The labels offered by a pick, and those pre-selected (in a single pick: the one that starts highlighted). */
  readonly items?: readonly string[];
  readonly picked?: readonly string[];
  /** The description of each offered item, in the order of `items`. */
  readonly descriptions?: readonly (string | undefined)[];
  /** The detail line of each offered item, in the order of `items`. */
  readonly details?: readonly (string | undefined)[];
  /** The labels of a pick's items shown whatever the operator types as a filter (`alwaysShow`). */
  readonly alwaysShown?: readonly string[];
  /** Messages the live validation gave for answers typed into this box. */
  readonly validation: string[];
  readonly detail?: string;
}

function isCancel(answer: ScriptedAnswer): boolean {
  return typeof answer === 'object' && answer !== null && !Array.isArray(answer) && 'cancel' in answer;
}

function isBackAnswer(answer: ScriptedAnswer): boolean {
  return typeof answer === 'object' && answer !== null && !Array.isArray(answer) && 'back' in answer;
}

function bareLabel(label: string): string {
  return label.replace(/^\$\([a-z0-9-~]+\)\s*/i, '');
}

/** A notification the extension showed. */
export interface Notice {
  readonly severity: NoticeSeverity;
  readonly message: string;
  readonly actions: readonly string[];
}

/** A notification with buttons still on screen: its promise waits for `press` or `dismiss`. */
interface OpenNotice {
  readonly notice: Notice;
  readonly answer: (action: string | undefined) => void;
}

export class ScriptedUserInput implements UserInput {
  private readonly answers: ScriptedAnswer[] = [];
  private readonly log: AskedQuestion[] = [];
  private readonly shown: Notice[] = [];
  private readonly open: OpenNotice[] = [];
  private holding = false;
  private readonly noticed = new vscode.EventEmitter<Notice>();
  /** Fires for every notification. */
  readonly onDidNotify = this.noticed.event;
  private readonly asked = new vscode.EventEmitter<AskedQuestion>();
  /** Fires for every question, once it has been answered from the queue. */
  readonly onDidAsk = this.asked.event;

  /** Adds answers for the next questions, in order. */
  queue(...answers: ScriptedAnswer[]): void {
    this.answers.push(...answers);
  }

  /** Answers not used yet (a test can check its script was consumed). */
  get remaining(): number {
    return this.answers.length;
  }

  /** Every question asked since the last `clear()`. */
  get questions(): readonly AskedQuestion[] {
    return this.log;
  }

  /** Every notification shown since the last `clear()`. */
  get notices(): readonly Notice[] {
    return this.shown;
  }

  /**
   * Notifications with buttons shown and not yet answered or dismissed, oldest first: what covers the
   * editor. Only while `holdNotices(true)`; otherwise such a notification is answered or dismissed at once.
   */
  get onScreen(): readonly Notice[] {
    return this.open.map((entry) => entry.notice);
  }

  /**
   * Whether a notification with buttons whose scripted answer is not next stays on screen (its promise
   * pending, as a sticky VS Code notification) until the test calls `press` or `dismiss`. Off (the
   * default), it is dismissed at once. Turning it off dismisses those on screen.
   */
  holdNotices(hold: boolean): void {
    this.holding = hold;
    if (!hold) this.dismissAll();
  }

  /** Presses a button of a notification on screen (the newest one by default). */
  press(action: string, notice: Notice | undefined = this.onScreen.at(-1)): void {
    const entry = this.open.find((candidate) => candidate.notice === notice);
    if (!entry) throw new Error(`No notification on screen${notice ? ` "${notice.message}"` : ''}`);
    if (!entry.notice.actions.includes(action)) throw new Error(`"${action}" is not a button of "${entry.notice.message}" (${entry.notice.actions.join(', ')})`);
    this.close(entry, action);
  }

  /** Dismisses a notification on screen (the newest one by default), as its close button does. */
  dismiss(notice: Notice | undefined = this.onScreen.at(-1)): void {
    const entry = this.open.find((candidate) => candidate.notice === notice);
    if (!entry) throw new Error(`No notification on screen${notice ? ` "${notice.message}"` : ''}`);
    this.close(entry, undefined);
  }

  /** Forgets the questions asked, the notifications shown and any answer left; dismisses those on screen. */
  clear(): void {
    this.answers.length = 0;
    this.log.length = 0;
    this.shown.length = 0;
    this.dismissAll();
  }

  /**
   * Records the notification as shown (link syntax broken up, as `VsCodeUserInput` shows it). One with action buttons takes the next scripted answer only when that answer
   * is one of its actions (so a test clicks a button by queueing its label); otherwise it is dismissed,
   * or, while `holdNotices(true)`, stays on screen until `press` or `dismiss`.
   */
  async notify(severity: NoticeSeverity, message: string, ...actions: string[]): Promise<string | undefined> {
    // As VsCodeUserInput shows it: in a right-to-left display language, in reading order (bidi.ts).
    const notice: Notice = { severity, message: inReadingOrder(withoutLinks(message)), actions };
    this.shown.push(notice);
    this.noticed.fire(notice);
    const next = this.answers[0];
    if (typeof next === 'string' && actions.includes(next)) {
      this.answers.shift();
      return next;
    }
    if (this.holding && actions.length > 0) {
      return new Promise<string | undefined>((resolve) => { this.open.push({ notice, answer: resolve }); });
    }
    return undefined;
  }

  private close(entry: OpenNotice, action: string | undefined): void {
    this.open.splice(this.open.indexOf(entry), 1);
    entry.answer(action);
  }

  private dismissAll(): void {
    for (const entry of [...this.open]) this.close(entry, undefined);
  }

  async text(question: TextQuestion): Promise<string | Back | undefined> {
    const record: AskedQuestion = { kind: 'text', title: question.title, prompt: question.prompt, value: question.value, problem: question.problem, validation: [] };
    this.log.push(record);
    for (;;) {
      const answer = this.next(record);
      if (isCancel(answer)) return this.done(record, undefined);
      if (isBackAnswer(answer)) return this.done(record, BACK);
      const value = String(answer);
      const problem = question.validate?.(value);
      if (!problem) return this.done(record, value.trim());
      record.validation.push(problem); // the box stays open: the next answer is typed into it
    }
  }

  async pick<T extends vscode.QuickPickItem>(question: PickQuestion<T>): Promise<T | Back | undefined> {
    const items = await question.items;
    const record = this.pickRecord('pick', question, items);
    const answer = this.next(record);
    if (isCancel(answer)) return this.done(record, undefined);
    if (isBackAnswer(answer)) return this.done(record, BACK);
    return this.done(record, this.find(items, String(answer), record));
  }

  async pickMany<T extends vscode.QuickPickItem>(question: PickQuestion<T>): Promise<T[] | Back | undefined> {
    const items = await question.items;
    const record = this.pickRecord('pickMany', question, items);
    const answer = this.next(record);
    if (isCancel(answer)) return this.done(record, undefined);
    if (isBackAnswer(answer)) return this.done(record, BACK);
    const labels = Array.isArray(answer) ? answer : [String(answer)];
    return this.done(record, labels.map((label) => this.find(items, label, record)));
  }

  /** Types the answer's text, waits until the search is no longer busy, then picks the item (an inert one fails the test). */
  async search<T extends vscode.QuickPickItem>(question: SearchQuestion<T>): Promise<T | undefined> {
    const record: AskedQuestion & { items: string[]; descriptions: (string | undefined)[] } = { kind: 'search', title: question.title, prompt: question.placeholder, items: [], descriptions: [], validation: [] };
    this.log.push(record);
    const answer = this.next(record);
    let latest: { items: readonly T[]; busy: boolean } = { items: [], busy: true };
    let settled: () => void = () => undefined;
    const search = question.start((items, busy) => {
      latest = { items, busy };
      if (!busy) settled();
    });
    try {
      if (isCancel(answer)) return this.done(record, undefined);
      if (typeof answer !== 'object' || answer === null || !('search' in answer)) throw new Error(`Scripted answer ${JSON.stringify(answer)} is not a search answer for "${question.title}"`);
      const idle = new Promise<void>((resolve) => { settled = resolve; });
      search.type(answer.search); // typed at once: the first search does not wait for more keystrokes
      await idle;
      record.items.push(...latest.items.map((item) => item.label));
      record.descriptions.push(...latest.items.map((item) => item.description));
      const item = this.find(latest.items, answer.pick, record);
      if (question.isInert?.(item)) throw new Error(`The item "${answer.pick}" of "${question.title}" cannot be chosen`);
      return this.done(record, item);
    } finally {
      search.dispose();
    }
  }

  async confirm(question: ConfirmQuestion): Promise<string | undefined> {
    const record: AskedQuestion = { kind: 'confirm', title: inReadingOrder(question.message), detail: question.detail && inReadingOrder(question.detail), items: question.actions, validation: [] };
    this.log.push(record);
    const answer = this.next(record);
    if (isCancel(answer)) return this.done(record, undefined);
    const action = question.actions.find((candidate) => candidate === answer);
    if (!action) throw new Error(`Scripted answer ${JSON.stringify(answer)} is not an action of "${question.message}" (${question.actions.join(', ')})`);
    return this.done(record, action);
  }

  async openFile(question: FileQuestion): Promise<vscode.Uri | undefined> {
    return this.file('openFile', question);
  }

  async saveFile(question: FileQuestion): Promise<vscode.Uri | undefined> {
    return this.file('saveFile', question);
  }

  dispose(): void {
    this.dismissAll();
    this.asked.dispose();
    this.noticed.dispose();
  }

  private file(kind: 'openFile' | 'saveFile', question: FileQuestion): vscode.Uri | undefined {
    const record: AskedQuestion = { kind, title: question.title, validation: [] };
    this.log.push(record);
    const answer = this.next(record);
    if (isCancel(answer) || isBackAnswer(answer)) return this.done(record, undefined);
    return this.done(record, vscode.Uri.file(String(answer)));
  }

  private pickRecord(kind: 'pick' | 'pickMany', question: PickQuestion<vscode.QuickPickItem>, items: readonly vscode.QuickPickItem[]): AskedQuestion {
    const record: AskedQuestion = {
      kind,
      title: question.title,
      prompt: question.placeholder,
      problem: question.problem,
      items: items.map((item) => item.label),
      picked: items.filter((item) => item.picked).map((item) => item.label),
      descriptions: items.map((item) => item.description),
      details: items.map((item) => item.detail),
      alwaysShown: items.filter((item) => item.alwaysShow).map((item) => item.label),
      validation: [],
    };
    this.log.push(record);
    return record;
  }

  private next(record: AskedQuestion): ScriptedAnswer {
    const answer = this.answers.shift();
    if (answer === undefined) throw new Error(`No scripted answer for the ${record.kind} "${record.title}"`);
    return answer;
  }

  private find<T extends vscode.QuickPickItem>(items: readonly T[], label: string, record: AskedQuestion): T {
    const item = items.find((candidate) => candidate.label === label)
      ?? items.find((candidate) => bareLabel(candidate.label) === label)
      ?? items.find((candidate) => candidate.description === label);
    if (!item) throw new Error(`No item "${label}" in the ${record.kind} "${record.title}" (items: ${items.map((candidate) => candidate.label).join(', ')})`);
    return item;
  }

  private done<T>(record: AskedQuestion, value: T): T {
    this.asked.fire(record);
    return value;
  }
}
