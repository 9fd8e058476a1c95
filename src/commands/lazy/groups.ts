/* eslint-disable @typescript-eslint/no-require-imports -- the `require`s below are the lazy loads */
import type * as vscode from 'vscode';
import type { Services } from '../../services';
import type { BrandingCommands } from '../branding/index';
import type { FindCommands } from '../find/index';
import type { NodeCommands } from '../nodes/index';
import type { LazyCommandGroup } from './lazyGroup';

/**
 * The command groups loaded the first time one of their commands runs: each `require` names a group's
 * index, which esbuild.mjs puts in dist/features/commands.js (not evaluated at activation). The ids are
 * those the group registers (test/unit/commands/lazyGroups.test.ts checks them against its code).
 */
export function lazyCommandGroups(services: Services) {
  const users: LazyCommandGroup<vscode.Disposable> = {
    commands: [
      'panelOps.users.addNodes',
      'panelOps.users.clearFilter',
      'panelOps.users.copyAllLinks',
      'panelOps.users.copyLink',
      'panelOps.users.copySubscriptionUrl',
      'panelOps.users.create',
      'panelOps.users.createBatch',
      'panelOps.users.createSubscription',
      'panelOps.users.delete',
      'panelOps.users.deleteSubscription',
      'panelOps.users.disable',
      'panelOps.users.edit',
      'panelOps.users.enable',
      'panelOps.users.export',
      'panelOps.users.filter',
      'panelOps.users.import',
      'panelOps.users.refresh',
      'panelOps.users.removeNode',
      'panelOps.users.revoke',
      'panelOps.users.rotate',
      'panelOps.users.showDetails',
      'panelOps.users.showQr',
      'panelOps.users.showQrAsText',
    ],
    load: () => (require('../users/index') as typeof import('../users/index')).registerUserCommands(services),
  };
  const usersTable: LazyCommandGroup<vscode.Disposable> = {
    commands: [
      'panelOps.users.applyPlan',
      'panelOps.users.editAsTable',
      'panelOps.users.revertLastPlan',
    ],
    load: () => (require('../usersTable/index') as typeof import('../usersTable/index')).registerUsersTableCommands(services),
  };
  const nodes: LazyCommandGroup<NodeCommands> = {
    commands: [
      'panelOps.nodes.apply',
      'panelOps.nodes.applyAllPending',
      'panelOps.nodes.check',
      'panelOps.nodes.clearFilter',
      'panelOps.nodes.copyInstallCommand',
      'panelOps.nodes.copyRegistrationSecret',
      'panelOps.nodes.copySshCommand',
      'panelOps.nodes.create',
      'panelOps.nodes.delete',
      'panelOps.nodes.diagnostics',
      'panelOps.nodes.edit',
      'panelOps.nodes.engineUpdate',
      'panelOps.nodes.filter',
      'panelOps.nodes.groupBy',
      'panelOps.nodes.openInRemoteSsh',
      'panelOps.nodes.openSshTerminal',
      'panelOps.nodes.panelUpdateStatus',
      'panelOps.nodes.refresh',
      'panelOps.nodes.restart',
      'panelOps.nodes.showDetails',
      'panelOps.nodes.showJobHistory',
      'panelOps.nodes.showLogs',
      'panelOps.nodes.site.choose',
      'panelOps.nodes.site.preview',
      'panelOps.nodes.site.upstream',
      'panelOps.nodes.webDiagnostics',
      'panelOps.nodes.webLifecycle',
    ],
    load: () => (require('../nodes/index') as typeof import('../nodes/index')).registerNodeCommands(services),
  };
  const fleet: LazyCommandGroup<vscode.Disposable> = {
    commands: [
      'panelOps.fleet.showUpdates',
      'panelOps.fleet.update',
    ],
    load: () => (require('../fleet/index') as typeof import('../fleet/index')).registerFleetCommands(services),
  };
  const alerts: LazyCommandGroup<vscode.Disposable> = {
    commands: [
      'panelOps.alerts.refresh',
      'panelOps.alerts.resolve',
      'panelOps.alerts.resolveAll',
    ],
    load: () => (require('../alerts/index') as typeof import('../alerts/index')).registerAlertCommands(services),
  };
  const siteTemplates: LazyCommandGroup<vscode.Disposable> = {
    commands: [
      'panelOps.openPanelFolder',
      'panelOps.siteTemplates.customize',
      'panelOps.siteTemplates.delete',
      'panelOps.siteTemplates.duplicate',
      'panelOps.siteTemplates.export',
      'panelOps.siteTemplates.import',
      'panelOps.siteTemplates.new',
      'panelOps.siteTemplates.open',
      'panelOps.siteTemplates.preview',
      'panelOps.siteTemplates.refresh',
      'panelOps.siteTemplates.validate',
    ],
    load: () => (require('../siteTemplates/index') as typeof import('../siteTemplates/index')).registerSiteTemplateCommands(services),
  };
  const branding: LazyCommandGroup<BrandingCommands> = {
    commands: [
      'panelOps.branding.activate',
      'panelOps.branding.create',
      'panelOps.branding.delete',
      'panelOps.branding.edit',
      'panelOps.branding.editField',
      'panelOps.branding.preview',
      'panelOps.branding.refresh',
      'panelOps.branding.showLive',
      'panelOps.branding.showStored',
      'panelOps.branding.upload',
    ],
    load: () => (require('../branding/index') as typeof import('../branding/index')).registerBrandingCommands(services),
  };
  const templateHistory: LazyCommandGroup<vscode.Disposable> = {
    commands: [
      'panelOps.templateHistory.compare',
      'panelOps.templateHistory.restore',
    ],
    load: () => (require('../templateHistory/index') as typeof import('../templateHistory/index')).registerTemplateHistoryCommands(services),
  };
  const monitoring: LazyCommandGroup<vscode.Disposable> = {
    commands: [
      'panelOps.dashboard.open',
      'panelOps.nodes.showMetrics',
    ],
    load: () => (require('../monitoring/index') as typeof import('../monitoring/index')).registerMonitoringCommands(services),
  };
  const settings: LazyCommandGroup<vscode.Disposable> = {
    commands: [
      'panelOps.settings.previewSubscriptionPage',
      'panelOps.settings.sendTestNotification',
    ],
    load: () => (require('../settings/index') as typeof import('../settings/index')).registerSettingsCommands(services),
  };
  const audit: LazyCommandGroup<vscode.Disposable> = {
    commands: [
      'panelOps.audit.open',
    ],
    load: () => (require('../audit/index') as typeof import('../audit/index')).registerAuditCommands(services),
  };
  const documents: LazyCommandGroup<vscode.Disposable> = {
    commands: [
      'panelOps.branding.open',
      'panelOps.nodes.openBlocklist',
      'panelOps.nodes.openReliability',
      'panelOps.nodes.openWebPolicy',
      'panelOps.settings.open',
    ],
    load: () => (require('../documents/index') as typeof import('../documents/index')).registerDocumentCommands(services),
  };
  const find: LazyCommandGroup<FindCommands> = {
    commands: [
      'panelOps.goToNode',
      'panelOps.goToUser',
      'panelOps.nodes.copyShareLink',
      'panelOps.siteTemplates.copyShareLink',
      'panelOps.users.copyShareLink',
    ],
    load: () => (require('../find/index') as typeof import('../find/index')).registerFindCommands(services),
  };
  const panelFolder: LazyCommandGroup<vscode.Disposable> = {
    commands: [
      'panelOps.panelFolder.apply',
      'panelOps.panelFolder.plan',
      'panelOps.panelFolder.pull',
      'panelOps.panelFolder.restore',
      'panelOps.panelFolder.showDrift',
      'panelOps.panelFolder.snapshot',
    ],
    load: () => (require('../panelFolder/index') as typeof import('../panelFolder/index')).registerPanelFolderCommands(services),
  };
  return { users, usersTable, panelFolder, nodes, fleet, alerts, siteTemplates, branding, templateHistory, monitoring, settings, audit, documents, find };
}
