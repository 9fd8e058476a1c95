/**
 * The node bindings of one user, written once beside its users store: binding it to more nodes
 * (`POST /keys/{id}/bindings`: Add Nodes…), unbinding it from one (`DELETE /keys/{id}/bindings/{node}`:
 * Remove Node), and moving it (`rebindUser`: the fleet to-do's Rebind to Online Nodes…), which adds before it
 * removes, so the user is never left with no node (contract 2.2). The key the panel answers goes to the
 * stores, and the nodes it was and is bound to are read again (`takeAnswer`); a lost answer is settled by
 * reading the user again, never by sending again. No `vscode` import: sentences take the caller's `t`.
 */
import type { User } from '../api/types';
import type { Localize } from '../text/localize';
import { reReadUser, takeAnswer, type PanelsOfUsers, type UsersChange } from './userOperations';

/** A change of a user's bindings, its request given the key's id. */
function bindingChange(panels: PanelsOfUsers, panelId: string, user: User, t: Localize, run: UsersChange<unknown>['run']): UsersChange<unknown> {
  return {
    run,
    apply: (answer) => takeAnswer(panels, panelId, user, answer, t),
    reconcile: (api, signal) => reReadUser(panels, panelId, user.id, api, signal, t),
  };
}

/** Binds `user` of panel `panelId` to the nodes `nodeIds` too (one request). */
export function addBindings(panels: PanelsOfUsers, panelId: string, user: User, nodeIds: readonly string[], t: Localize): UsersChange<unknown> {
  return bindingChange(panels, panelId, user, t, (api, signal) => api.keys.bindings.add(user.id, { node_ids: [...nodeIds] }, { signal }));
}

/** Unbinds `user` of panel `panelId` from node `nodeId` (the panel refuses the last binding: `last_binding`). */
export function removeBinding(panels: PanelsOfUsers, panelId: string, user: User, nodeId: string, t: Localize): UsersChange<unknown> {
  return bindingChange(panels, panelId, user, t, (api, signal) => api.keys.bindings.remove(user.id, nodeId, { signal }));
}

/**
 * Moves `user` of panel `panelId` to the nodes `add` (one `POST /keys/{id}/bindings`), then off the nodes
 * `remove`, one `DELETE` each; the answer taken is the last one. A failure stops it where it is (what was
 * sent stays, and the runner tells the failure).
 */
export function rebindUser(panels: PanelsOfUsers, panelId: string, user: User, add: readonly string[], remove: readonly string[], t: Localize): UsersChange<unknown> {
  return bindingChange(panels, panelId, user, t, async (api, signal) => {
    let answer = await addBindings(panels, panelId, user, add, t).run(api, signal);
    for (const nodeId of remove) answer = await removeBinding(panels, panelId, user, nodeId, t).run(api, signal);
    return answer;
  });
}
