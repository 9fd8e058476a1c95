import * as vscode from 'vscode';

type Answer = (items: readonly vscode.QuickPickItem[]) => vscode.QuickPickItem | undefined;

/**
 * The quick picks of commands. A person answers them; the integration tests queue answers instead (through
 * the test API only), so they run the real commands with the real prompts' items.
 */
export class UserInput {
  private readonly answers: Answer[] = [];

  async pick<T extends vscode.QuickPickItem>(items: readonly T[], options: vscode.QuickPickOptions): Promise<T | undefined> {
    const answer = this.answers.shift();
    if (answer) return answer(items) as T | undefined;
    return vscode.window.showQuickPick(items, options);
  }

  /** Tests: the next quick pick is answered with the first item whose label matches (undefined: dismissed). */
  answerNextPick(label: RegExp | undefined): void {
    this.answers.push((items) => (label ? items.find((item) => label.test(item.label)) : undefined));
  }
}
