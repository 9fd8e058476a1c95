import * as vscode from 'vscode';
import type { PanelSession } from '../../connection/panelSession';
import type { PanelStoresLookup } from '../../state/panelStores';
import { PanelsTree } from '../shared/panelsTree';
import type { BrandingPanelTree } from './brandingPanelTree';
import { disposableTreeView, type DisposableTreeView } from '../shared/treeViewParts';
import { panelDescription } from '../shared/viewMessages';
import { onProtectionChange } from '../shared/protectionMarks';
import { setContextKey } from '../../connection/contextKey';

/** The Branding view's provider: the active panel's `BrandingPanelTree` (the view shows one panel). */
export type BrandingTree = PanelsTree<BrandingPanelTree>;
export type BrandingView = DisposableTreeView<BrandingTree>;

const ONE_PANEL = { enabled: false, onDidChange: () => ({ dispose: () => undefined }) };

/** The Branding view, described by the panel's name (and "live from the node" when it shows that). */
export function registerBrandingView(session: PanelSession, panels: PanelStoresLookup): BrandingView {
  const provider: BrandingTree = new PanelsTree<BrandingPanelTree>({
    session, panels, mode: ONE_PANEL, viewKey: 'branding',
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- in the bundle loaded with the first connected panel (esbuild.mjs)
    create: (stores) => new (require('./brandingPanelTree') as typeof import('./brandingPanelTree')).BrandingPanelTree(stores.session, stores.branding),
  });
  const view = vscode.window.createTreeView('panelOps.branding', { treeDataProvider: provider });
  let watched: vscode.Disposable | undefined;
  const update = () => {
    const name = panelDescription(session.active);
    view.description = name && panels.active?.branding.live ? vscode.l10n.t('{0} · live from the node', name) : name;
  };
  const follow = () => {
    watched?.dispose();
    watched = panels.active?.branding.onDidChange(update);
    // The live/stored toggle in the view's title follows the panel shown (each panel's store has its own).
    setContextKey('panelOps.branding.live', panels.active?.branding.live === true);
    update();
  };
  follow();
  return disposableTreeView(provider, view, [session.onDidChange(follow), { dispose: () => { watched?.dispose(); } }, onProtectionChange(session, () => provider.refreshItem(undefined))]);
}
