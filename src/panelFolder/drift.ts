/**
 * Drift: what changed on the panel since the folder's pull (someone used the web UI), as a plan in the
 * other direction (what pulling again would write): a resource changed on the panel is an update of its
 * file with the panel's values, one made on the panel a new file, one deleted there a file to remove; the
 * users the same by id. Known from the state file's fingerprints, so the folder's own edits are not drift.
 * No `vscode` import.
 */
import { fingerprint, type ResourceKind } from './folderFormat';
import { diffFields, sameOrigin, type FieldChange } from './folderPlan';
import type { ReadFolderResult } from './readFolder';
import type { LivePanel, LiveResource } from './readPanel';
import { userFingerprint } from './userFingerprint';

export interface DriftChange {
  readonly kind: ResourceKind;
  readonly name: string;
  readonly id: string;
  /** The folder's path of it (a new one: none yet). */
  readonly path?: string;
  /** create: made on the panel; update: changed there; delete: deleted there. */
  readonly action: 'create' | 'update' | 'delete';
  /** Folder value (`from`) to the panel's (`to`). */
  readonly fields: readonly FieldChange[];
}

export interface UserDrift {
  readonly id: string;
  readonly label: string;
  readonly action: 'create' | 'update' | 'delete';
}

export interface DriftReport {
  /** false: the folder was not pulled from this panel (no state, or another panel's), so nothing can be told. */
  readonly comparable: boolean;
  readonly changes: readonly DriftChange[];
  readonly users: readonly UserDrift[];
}

export function isEmptyDrift(drift: DriftReport): boolean {
  return drift.changes.length === 0 && drift.users.length === 0;
}

export function driftOf(folder: ReadFolderResult, live: LivePanel): DriftReport {
  const state = folder.state;
  if (!state || !sameOrigin(state.panel, live.origin)) return { comparable: false, changes: [], users: [] };
  const changes: DriftChange[] = [];
  const all: LiveResource[] = [...(live.settings ? [live.settings] : []), ...live.templates, ...live.nodes, ...live.branding];
  const seen = new Set<string>();
  for (const resource of all) {
    const entry = Object.entries(state.resources).find(([, pulled]) => pulled.kind === resource.kind && pulled.id.toLowerCase() === resource.id.toLowerCase());
    if (!entry) {
      changes.push({ kind: resource.kind, name: resource.name, id: resource.id, action: 'create', fields: Object.entries(resource.doc).map(([field, to]) => ({ field, to })) });
      continue;
    }
    const [path, pulled] = entry;
    seen.add(path);
    if (fingerprint(resource.doc) === pulled.hash) continue;
    const file = folder.resources.find((candidate) => candidate.path === path);
    const fields = file ? diffFields(resource.kind, resource.doc, { ...resource, doc: file.doc }) : Object.entries(resource.doc).map(([field, to]) => ({ field, to }));
    changes.push({ kind: resource.kind, name: resource.name, id: resource.id, path, action: 'update', fields });
  }
  for (const [path, pulled] of Object.entries(state.resources)) {
    if (seen.has(path)) continue;
    if (pulled.kind === 'settings' && !live.settings) continue;
    changes.push({ kind: pulled.kind, name: pulled.name, id: pulled.id, path, action: 'delete', fields: [] });
  }
  const users: UserDrift[] = [];
  if (state.users && live.users) {
    const liveIds = new Set<string>();
    for (const user of live.users) {
      const id = user.id.toLowerCase();
      liveIds.add(id);
      const pulled = state.users[id];
      if (pulled === undefined) users.push({ id: user.id, label: user.label, action: 'create' });
      else if (pulled !== userFingerprint(user)) users.push({ id: user.id, label: user.label, action: 'update' });
    }
    for (const id of Object.keys(state.users)) if (!liveIds.has(id)) users.push({ id, label: id, action: 'delete' });
  }
  return { comparable: true, changes, users };
}
