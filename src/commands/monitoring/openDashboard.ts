import * as vscode from 'vscode';
import { activePanelOrNotify } from '../shared/activePanel';
import type { PanelSession } from '../../connection/panelSession';
import type { UserInput } from '../../prompts/userInput';
import type { Dashboards } from '../../webviews/dashboard';
import { registerPanelCommand } from '../registerPanelCommand';

/** `panelOps.dashboard.open`: the active panel's dashboard (summary, trends, overview, carriers, status). */
export function registerOpenDashboard(session: PanelSession, dashboards: Dashboards, input: UserInput): vscode.Disposable {
  return registerPanelCommand('panelOps.dashboard.open', () => {
    const panel = activePanelOrNotify(session, input);
    return panel && dashboards.show(panel);
  });
}
