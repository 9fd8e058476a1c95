/** The Users view's id (package.json `contributes.views`). */
export const USERS_VIEW_ID = 'panelOps.users';
