import * as vscode from 'vscode';
import { registerCommand } from '../registerCommand';
import type { AllPanelsMode } from '../../views/shared/allPanelsMode';

/** The view title toggle: every connected panel side by side, or the active panel only (remembered). */
export function registerAllPanelsCommands(mode: AllPanelsMode): vscode.Disposable {
  return vscode.Disposable.from(
    registerCommand('panelOps.views.showAllPanels', () => mode.set(true)),
    registerCommand('panelOps.views.showActivePanel', () => mode.set(false)),
  );
}
