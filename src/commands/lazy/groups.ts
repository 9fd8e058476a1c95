/* eslint-disable @typescript-eslint/no-require-imports -- the `require`s below are the lazy loads */
import type * as vscode from 'vscode';
import type { Services } from '../../services';
import type { BrandingCommands } from '../branding/index';
import type { FindCommands } from '../find/index';
import type { NodeCommands } from '../nodes/index';
import type { PanelFolderCommands } from '../panelFolder/index';
import type { PulledFoldersContext } from '../panelFolder/pulledFoldersContext';
import { commandsByOwner, contributedCommandIds } from './commandOwners';
import type { LazyCommandGroup } from './lazyGroup';

/**
 * The command groups loaded the first time one of their commands runs: each `require` names a group's
 * index, which esbuild.mjs puts in dist/features/commands.js (not evaluated at activation). Each group's
 * ids are derived from package.json's commands (`commandOwners.ts`: the group's id prefixes);
 * test/unit/commands/lazyGroups.test.ts checks them against what the group's code registers.
 */
export function lazyCommandGroups(services: Services, { pulledFolders }: { readonly pulledFolders: PulledFoldersContext }) {
  const { lazy } = commandsByOwner(contributedCommandIds(services.context.extension.packageJSON));
  const users: LazyCommandGroup<vscode.Disposable> = {
    commands: lazy.users,
    load: () => (require('../users/index') as typeof import('../users/index')).registerUserCommands(services),
  };
  const usersTable: LazyCommandGroup<vscode.Disposable> = {
    commands: lazy.usersTable,
    load: () => (require('../usersTable/index') as typeof import('../usersTable/index')).registerUsersTableCommands(services),
  };
  const nodes: LazyCommandGroup<NodeCommands> = {
    commands: lazy.nodes,
    load: () => (require('../nodes/index') as typeof import('../nodes/index')).registerNodeCommands(services),
  };
  const fleet: LazyCommandGroup<vscode.Disposable> = {
    commands: lazy.fleet,
    load: () => (require('../fleet/index') as typeof import('../fleet/index')).registerFleetCommands(services),
  };
  const alerts: LazyCommandGroup<vscode.Disposable> = {
    commands: lazy.alerts,
    load: () => (require('../alerts/index') as typeof import('../alerts/index')).registerAlertCommands(services),
  };
  const siteTemplates: LazyCommandGroup<vscode.Disposable> = {
    commands: lazy.siteTemplates,
    load: () => (require('../siteTemplates/index') as typeof import('../siteTemplates/index')).registerSiteTemplateCommands(services),
  };
  const branding: LazyCommandGroup<BrandingCommands> = {
    commands: lazy.branding,
    load: () => (require('../branding/index') as typeof import('../branding/index')).registerBrandingCommands(services),
  };
  const templateHistory: LazyCommandGroup<vscode.Disposable> = {
    commands: lazy.templateHistory,
    load: () => (require('../templateHistory/index') as typeof import('../templateHistory/index')).registerTemplateHistoryCommands(services),
  };
  const monitoring: LazyCommandGroup<vscode.Disposable> = {
    commands: lazy.monitoring,
    load: () => (require('../monitoring/index') as typeof import('../monitoring/index')).registerMonitoringCommands(services),
  };
  const settings: LazyCommandGroup<vscode.Disposable> = {
    commands: lazy.settings,
    load: () => (require('../settings/index') as typeof import('../settings/index')).registerSettingsCommands(services),
  };
  const audit: LazyCommandGroup<vscode.Disposable> = {
    commands: lazy.audit,
    load: () => (require('../audit/index') as typeof import('../audit/index')).registerAuditCommands(services),
  };
  const documents: LazyCommandGroup<vscode.Disposable> = {
    commands: lazy.documents,
    load: () => (require('../documents/index') as typeof import('../documents/index')).registerDocumentCommands(services),
  };
  const find: LazyCommandGroup<FindCommands> = {
    commands: lazy.find,
    load: () => (require('../find/index') as typeof import('../find/index')).registerFindCommands(services),
  };
  const panelFolder: LazyCommandGroup<PanelFolderCommands> = {
    commands: lazy.panelFolder,
    load: () => (require('../panelFolder/index') as typeof import('../panelFolder/index')).registerPanelFolderCommands(services, pulledFolders),
  };
  const todo: LazyCommandGroup<vscode.Disposable> = {
    commands: lazy.todo,
    load: () => (require('../todo/index') as typeof import('../todo/index')).registerFleetTodoCommands(services),
  };
  return { users, usersTable, panelFolder, nodes, fleet, alerts, siteTemplates, branding, templateHistory, monitoring, settings, audit, documents, find, todo };
}
