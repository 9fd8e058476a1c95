import * as vscode from 'vscode';
import type { Services } from '../../services';
import { registerCreateUser } from './createUser';
import { registerCreateUsersBatch } from './createUsersBatch';
import { registerEditUser } from './editUser';
import { registerUsersFilter } from './editUsersFilter';
import { registerExportUsers } from './exportUsers';
import { registerImportUsers } from './importUsers';
import type { UserCommandsContext } from './userActionsSupport';
import { registerUsersRefresh } from './refreshUsers';
import { registerRetireUser } from './retireUser';
import { registerSetUserEnabled } from './setUserEnabled';
import { registerShowQr } from './showQr';
import { registerShowQrAsText } from './showQrAsText';
import { registerUserBindings } from './userBindings';
import { registerUserDetails } from './userDetails';
import { registerUserLinks } from './userLinks';
import { registerUserSubscription } from './userSubscription';

/** The Users view's commands. */
export function registerUserCommands(services: Services): vscode.Disposable {
  const { session, log, input, documents, views, panels } = services;
  const context: UserCommandsContext = { session, log, input, users: views.users, documents, panels };
  return vscode.Disposable.from(
    registerUsersRefresh(views.users.provider),
    registerUsersFilter(views.users.provider, panels, input),
    registerSetUserEnabled(context),
    registerCreateUser(context),
    registerCreateUsersBatch(context),
    registerImportUsers(context),
    registerEditUser(context),
    registerRetireUser(context),
    registerUserBindings(context),
    registerUserLinks(context),
    registerUserSubscription(context),
    registerUserDetails(context),
    registerExportUsers(context),
    registerShowQr(services.webviews().qrViews),
    registerShowQrAsText(context),
  );
}
