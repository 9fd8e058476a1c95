import * as vscode from 'vscode';
import { registerPanelCommand } from '../registerPanelCommand';
import type { AllPanelsMode } from '../../views/shared/allPanelsMode';

/** The view title toggle: every connected panel side by side, or the active panel only (remembered). */
export function registerAllPanelsCommands(mode: AllPanelsMode): vscode.Disposable {
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.views.showAllPanels', () => mode.set(true)),
    registerPanelCommand('panelOps.views.showActivePanel', () => mode.set(false)),
  );
}
