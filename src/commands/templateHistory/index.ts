import type * as vscode from 'vscode';
import type { Services } from '../../services';
import { registerTemplateHistoryCommands as registerCompareAndRestore } from './compareAndRestore';

/** The Template History view's commands. */
export function registerTemplateHistoryCommands({ editors }: Services): vscode.Disposable {
  return registerCompareAndRestore(editors);
}
