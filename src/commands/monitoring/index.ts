import * as vscode from 'vscode';
import type { Services } from '../../services';
import { registerOpenDashboard } from './openDashboard';
import { registerShowNodeMetrics } from './showNodeMetrics';

/** The dashboard and a node's metrics. */
export function registerMonitoringCommands(services: Services): vscode.Disposable {
  const { session, panels, input } = services;
  const pages = services.webviews();
  return vscode.Disposable.from(registerOpenDashboard(session, pages.dashboards, input), registerShowNodeMetrics(panels, pages.nodeMetrics, input));
}
