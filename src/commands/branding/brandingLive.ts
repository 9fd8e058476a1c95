import { setContextKey } from '../../connection/contextKey';
import type { BrandingStore } from '../../state/brandingStore';

/** Shows a panel's profiles as the online node reports them (`live`) or as stored; the view's title toggle follows. */
export function showLive(store: BrandingStore, live: boolean): Promise<void> {
  setContextKey('panelOps.branding.live', live);
  return store.setLive(live);
}
