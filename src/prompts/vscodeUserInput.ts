import * as vscode from 'vscode';
import { quickInputText, withoutLinks } from '../text/plainText';
import { inReadingOrder } from '../text/bidi';
import {
  BACK, type Back, type ConfirmQuestion, type FileQuestion, type NoticeSeverity, type SearchQuestion, type PickQuestion, type StepPosition, type TextQuestion,
  type UserInput,
} from './userInput';

function buttonsFor(position: StepPosition | undefined): vscode.QuickInputButton[] {
  return position && position.step > 1 ? [vscode.QuickInputButtons.Back] : [];
}

/** The real prompts: VS Code's quick input, modal messages and file dialogs. */
export class VsCodeUserInput implements UserInput {
  async notify(severity: NoticeSeverity, message: string, ...actions: string[]): Promise<string | undefined> {
    // In a right-to-left display language the sentence reads from the right (bidi.ts inReadingOrder).
    message = inReadingOrder(withoutLinks(message));
    switch (severity) {
      case 'error': return vscode.window.showErrorMessage(message, ...actions);
      case 'warning': return vscode.window.showWarningMessage(message, ...actions);
      default: return vscode.window.showInformationMessage(message, ...actions);
    }
  }

  text(question: TextQuestion): Promise<string | Back | undefined> {
    return new Promise((resolve) => {
      const box = vscode.window.createInputBox();
      box.title = question.title;
      box.prompt = question.prompt;
      box.value = question.value ?? '';
      box.placeholder = question.placeholder;
      box.password = question.password ?? false;
      box.ignoreFocusOut = true;
      box.step = question.position?.step;
      box.totalSteps = question.position?.totalSteps;
      box.buttons = buttonsFor(question.position);
      box.validationMessage = question.problem
        ? { message: quickInputText(question.problem), severity: vscode.InputBoxValidationSeverity.Error }
        : undefined;
      let settled = false;
      const finish = (value: string | Back | undefined) => {
        if (settled) return;
        settled = true;
        resolve(value);
        box.dispose();
      };
      box.onDidChangeValue((value) => {
        box.validationMessage = question.validate?.(value);
      });
      box.onDidAccept(() => {
        const problem = question.validate?.(box.value);
        if (problem) box.validationMessage = problem;
        else finish(box.value.trim());
      });
      box.onDidTriggerButton((button) => {
        if (button === vscode.QuickInputButtons.Back) finish(BACK);
      });
      box.onDidHide(() => finish(undefined));
      box.show();
    });
  }

  async pick<T extends vscode.QuickPickItem>(question: PickQuestion<T>): Promise<T | Back | undefined> {
    const answer = await this.quickPick(question, false);
    return answer === undefined || 'back' in answer ? answer : answer[0];
  }

  async pickMany<T extends vscode.QuickPickItem>(question: PickQuestion<T>): Promise<T[] | Back | undefined> {
    return this.quickPick(question, true);
  }

  search<T extends vscode.QuickPickItem>(question: SearchQuestion<T>): Promise<T | undefined> {
    return new Promise((resolve) => {
      const pick = vscode.window.createQuickPick<T>();
      pick.title = question.title;
      pick.placeholder = question.placeholder;
      // The panel searched (its `q` covers notes and owners too): what it found is shown as it is.
      pick.matchOnDescription = true;
      let settled = false;
      const search = question.start((items, busy) => {
        if (settled) return;
        pick.items = items;
        pick.busy = busy;
      });
      const finish = (value: T | undefined) => {
        if (settled) return;
        settled = true;
        search.dispose();
        resolve(value);
        pick.dispose();
      };
      pick.onDidChangeValue((text) => search.type(text));
      pick.onDidAccept(() => {
        const item = pick.activeItems[0];
        if (item && !question.isInert?.(item)) finish(item);
      });
      pick.onDidHide(() => finish(undefined));
      pick.busy = true;
      search.type('');
      pick.show();
    });
  }

  async confirm(question: ConfirmQuestion): Promise<string | undefined> {
    return vscode.window.showWarningMessage(inReadingOrder(question.message), { modal: true, detail: question.detail && inReadingOrder(question.detail) }, ...question.actions);
  }

  async openFile(question: FileQuestion): Promise<vscode.Uri | undefined> {
    const picked = await vscode.window.showOpenDialog({
      title: question.title, filters: question.filters, defaultUri: question.defaultUri, canSelectMany: false,
    });
    return picked?.[0];
  }

  saveFile(question: FileQuestion): Promise<vscode.Uri | undefined> {
    return Promise.resolve(vscode.window.showSaveDialog({ title: question.title, filters: question.filters, defaultUri: question.defaultUri }));
  }

  private quickPick<T extends vscode.QuickPickItem>(question: PickQuestion<T>, many: boolean): Promise<T[] | Back | undefined> {
    return new Promise((resolve, reject) => {
      const pick = vscode.window.createQuickPick<T>();
      pick.title = question.title;
      pick.placeholder = question.problem ? quickInputText(question.problem) : question.placeholder;
      pick.canSelectMany = many;
      pick.matchOnDescription = question.matchOnDescription ?? false;
      pick.ignoreFocusOut = true;
      pick.step = question.position?.step;
      pick.totalSteps = question.position?.totalSteps;
      pick.buttons = buttonsFor(question.position);
      let settled = false;
      const finish = (value: T[] | Back | undefined) => {
        if (settled) return;
        settled = true;
        resolve(value);
        pick.dispose();
      };
      // The items could not be read (e.g. a failed `GET /nodes`): the pick closes and the caller hears why.
      const fail = (error: unknown) => {
        if (settled) return;
        settled = true;
        pick.dispose();
        reject(error);
      };
      const show = (items: readonly T[]) => {
        if (settled) return;
        pick.items = items;
        if (many) pick.selectedItems = items.filter((item) => item.picked);
        else {
          // A single pick has no checkboxes: the item marked `picked` (e.g. the current value) starts highlighted.
          const current = items.find((item) => item.picked);
          if (current) pick.activeItems = [current];
        }
        pick.busy = false;
      };
      if (Array.isArray(question.items)) show(question.items as readonly T[]);
      else {
        pick.busy = true;
        (question.items as Promise<readonly T[]>).then(show, fail);
      }
      pick.onDidAccept(() => finish(many ? [...pick.selectedItems] : pick.selectedItems.length > 0 ? [pick.selectedItems[0]] : undefined));
      pick.onDidTriggerButton((button) => {
        if (button === vscode.QuickInputButtons.Back) finish(BACK);
      });
      pick.onDidHide(() => finish(undefined));
      pick.show();
    });
  }
}
