import type * as vscode from 'vscode';
import type { RouteId } from '../../api/catalog';
import { protectionWord } from '../../connection/connectPrompts';
import { isolated } from '../../text/bidi';
import type { PanelRef } from '../../connection/panelSession';
import type { ViewSession } from '../../state/panelStores';
import { MissingScopeItem } from './missingScopeItem';
import { TokenRejectedItem } from './tokenRejectedItem';

/**
 * What a view shows instead of loading: nothing while no panel is connected (the welcome view with its
 * "Connect to Panel" button shows then), the reconnect node after a 401, a missing-scope node when the
 * token lacks the scope of the view's read route. undefined means: go ahead and load.
 */
export function stateItems(session: ViewSession, route: RouteId): vscode.TreeItem[] | undefined {
  const panel = session.panel;
  if (!panel || session.state === 'disconnected') return [];
  if (session.state === 'tokenRejected') return [new TokenRejectedItem(panel.name, panel.id)];
  if (!session.capabilities.can(route)) return [new MissingScopeItem(route, session.capabilities.wasDenied(route))];
  return undefined;
}

/**
 * The view's description: the active panel's name ("Nodes — demo panel" in the view title), and its level
 * when it is not open ("Production · protected"), so the panel acted on cannot be missed.
 */
export function panelDescription(panel: PanelRef | undefined): string | undefined {
  if (!panel) return undefined;
  const name = isolated(panel.name);
  return panel.protection === 'open' ? name : `${name} · ${protectionWord(panel.protection)}`;
}
