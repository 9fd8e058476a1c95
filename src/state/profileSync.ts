/** A user's per-node `profile_sync` in four words. No `vscode` import. */

export type SyncKind = 'synced' | 'pending' | 'failed' | 'unknown';

/** Classifies a binding's `profile_sync` (values not given by the spec, so read loosely). */
export function syncKind(profileSync: unknown): SyncKind {
  const value = typeof profileSync === 'string' ? profileSync.trim().toLowerCase() : '';
  if (['synced', 'ok', 'applied', 'done', 'in_sync', 'current'].includes(value)) return 'synced';
  if (['pending', 'queued', 'syncing', 'applying', 'running', 'stale', 'outdated'].includes(value)) return 'pending';
  if (['failed', 'error', 'rolled_back'].includes(value)) return 'failed';
  return 'unknown';
}
