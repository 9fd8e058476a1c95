import * as vscode from 'vscode';
import { scopeOf, type RouteId } from '../../api/catalog';

/** The token lacks the scope a route needs (the view's read, a sensitive section): a clear statement, not an error. */
export class MissingScopeItem extends vscode.TreeItem {
  constructor(route: RouteId, refused = false) {
    const scope = scopeOf(route);
    super(vscode.l10n.t('This token lacks {0}', scope), vscode.TreeItemCollapsibleState.None);
    this.tooltip = refused
      ? vscode.l10n.t('The panel refused a request that needs {0}: the token lacks it or the account\'s role does not allow it. Refresh to try again, or reconnect with a token that has {0}.', scope)
      : vscode.l10n.t('The token was created without {0}. Reconnect with a token that has {0} to see this view.', scope);
    this.iconPath = new vscode.ThemeIcon('lock');
    this.contextValue = 'missingScope';
  }
}
