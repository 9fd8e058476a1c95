import { AlertsStore } from './alertsStore';
import { BindingSyncFollower } from './bindingSyncFollower';
import { BrandingStore } from './brandingStore';
import { NodeDetailsStore } from './nodeDetailsStore';
import { NodesStore } from './nodesStore';
import type { PanelBoundSession } from '../connection/panelBoundSession';
import type { PanelStoreSet } from './panelStores';
import { SiteTemplatesStore } from './siteTemplatesStore';
import { UsersStore, type UsersStoreOptions } from './usersStore';

/**
 * One connected panel's stores (users, nodes, node details, alerts, site templates, branding), with the
 * follower that keeps users' and nodes' bindings in step. A bundle of its own with the views' one-panel
 * trees (esbuild.mjs: dist/features/panel.js), loaded when the first panel is connected, not at activation.
 */
export function createPanelStoreSet(bound: PanelBoundSession, usersOptions: UsersStoreOptions): PanelStoreSet & { dispose(): void } {
  const set = { session: bound, users: new UsersStore(bound, usersOptions), nodes: new NodesStore(bound), nodeDetails: new NodeDetailsStore(bound), alerts: new AlertsStore(bound), siteTemplates: new SiteTemplatesStore(bound), branding: new BrandingStore(bound) };
  const follower = new BindingSyncFollower(bound, set.users, set.nodes);
  return { ...set, dispose: () => { for (const part of [follower, set.users, set.nodes, set.nodeDetails, set.alerts, set.siteTemplates, set.branding]) part.dispose(); } };
}
