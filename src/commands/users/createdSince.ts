/**
 * After a lost answer to a create (one user, a batch or an import): which of the users it asked for the
 * panel holds, found by a search and a label, created since the request was sent. No `vscode` import.
 */
import type { PanelApi } from '../../api/index';
import type { User } from '../../api/types';

/** The panel's clock may differ from ours by up to this much. */
const CLOCK_SLACK_MS = 60_000;

/** Users matching the search `q` whose label is one of `labels`, created at most a minute before `sentAt`. */
export async function createdSince(api: PanelApi, q: string, labels: ReadonlySet<string>, sentAt: number, signal: AbortSignal): Promise<User[]> {
  const matches = await api.keys.listAll({ q }, { signal });
  return matches.filter((user) => labels.has(user.label) && Date.parse(String(user.created_at)) >= sentAt - CLOCK_SLACK_MS);
}
