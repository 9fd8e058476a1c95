import * as vscode from 'vscode';
import { CHAT_TOOL_NAMES } from './chatToolNames';


type Tools = Record<string, vscode.LanguageModelTool<Record<string, unknown>>>;

/**
 * Registers each tool with a stand-in that loads the tools' code the first time VS Code prepares or
 * invokes one (activation evaluates none of it). A host without the tools API registers nothing.
 */
export function registerToolsLazily(load: () => Tools): vscode.Disposable {
  if (typeof vscode.lm?.registerTool !== 'function') return new vscode.Disposable(() => undefined);
  const toolOf = (name: string) => {
    const tool = load()[name];
    if (!tool) throw new Error(`The chat tool ${name} has no implementation`);
    return tool;
  };
  return vscode.Disposable.from(...CHAT_TOOL_NAMES.map((name) => vscode.lm.registerTool<Record<string, unknown>>(name, {
    invoke: (options, token) => toolOf(name).invoke(options, token),
    prepareInvocation: (options, token) => toolOf(name).prepareInvocation?.(options, token),
  })));
}
