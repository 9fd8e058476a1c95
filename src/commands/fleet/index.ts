import type * as vscode from 'vscode';
import type { Services } from '../../services';
import { nodeActionContext } from '../nodes/nodeActionContext';
import { registerFleetUpdates } from './fleetUpdates';

/** Fleet-wide updates (engine versions across the nodes). */
export function registerFleetCommands(services: Services): vscode.Disposable {
  return registerFleetUpdates(nodeActionContext(services));
}
