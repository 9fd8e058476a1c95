import * as vscode from 'vscode';
import type { AllPanelsMode } from '../../views/shared/allPanelsMode';

/** The view title toggle: every connected panel side by side, or the active panel only (remembered). */
export function registerAllPanelsCommands(mode: AllPanelsMode): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand('panelOps.views.showAllPanels', () => mode.set(true)),
    vscode.commands.registerCommand('panelOps.views.showActivePanel', () => mode.set(false)),
  );
}
