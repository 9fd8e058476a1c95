import * as vscode from 'vscode';

/** An answer queued by a test for the next prompt: the button/item label, the text, the file, or undefined (dismissed). */
export type ScriptedAnswer = string | vscode.Uri | undefined;

/**
 * Every question the editor commands ask the user, through plain `vscode.window` calls. In test mode
 * (`scripted`), a queue of answers given by the test replaces the UI, one per prompt, in order; a prompt
 * without a queued answer then fails the test instead of waiting for a click.
 */
export class Prompts {
  private readonly answers: ScriptedAnswer[] = [];

  constructor(private readonly scripted: boolean) {}

  /** Test mode only: answers for the next prompts. */
  answerNext(...answers: ScriptedAnswer[]): void {
    if (!this.scripted) throw new Error('Prompts are answered by the user outside tests');
    this.answers.push(...answers);
  }

  /** Answers not used yet (a test checks that its prompts came). */
  get pending(): number {
    return this.answers.length;
  }

  async choose<T extends string>(kind: 'warning' | 'info', message: string, modal: boolean, ...choices: T[]): Promise<T | undefined> {
    if (this.scripted) return this.next(message) as T | undefined;
    const show = kind === 'warning' ? vscode.window.showWarningMessage : vscode.window.showInformationMessage;
    return show(message, { modal }, ...choices);
  }

  async pick<T extends vscode.QuickPickItem>(items: readonly T[], options: vscode.QuickPickOptions): Promise<T | undefined> {
    if (!this.scripted) return vscode.window.showQuickPick(items, options);
    const label = this.next(options.title ?? options.placeHolder ?? 'pick');
    return items.find((item) => item.label === label);
  }

  async input(options: vscode.InputBoxOptions): Promise<string | undefined> {
    if (!this.scripted) return vscode.window.showInputBox(options);
    const answer = this.next(options.title ?? options.prompt ?? 'input');
    if (typeof answer !== 'string') return undefined;
    const problem = await options.validateInput?.(answer);
    if (problem) throw new Error(`scripted input "${answer}" is invalid: ${typeof problem === 'string' ? problem : problem.message}`);
    return answer;
  }

  async saveFile(options: vscode.SaveDialogOptions): Promise<vscode.Uri | undefined> {
    if (!this.scripted) return vscode.window.showSaveDialog(options);
    return this.uri(this.next(options.title ?? 'save'));
  }

  async openFile(options: vscode.OpenDialogOptions): Promise<vscode.Uri | undefined> {
    if (!this.scripted) return (await vscode.window.showOpenDialog({ ...options, canSelectMany: false }))?.[0];
    return this.uri(this.next(options.title ?? 'open'));
  }

  private uri(answer: ScriptedAnswer): vscode.Uri | undefined {
    return answer === undefined ? undefined : typeof answer === 'string' ? vscode.Uri.file(answer) : answer;
  }

  private next(question: string): ScriptedAnswer {
    if (this.answers.length === 0) throw new Error(`No scripted answer for the prompt: ${question}`);
    return this.answers.shift();
  }
}
