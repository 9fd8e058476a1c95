/** Fleet updates (`fleet.updates.*`, nodes:write). */
import type { CallOptions, Transport } from './call';
import type { JsonObject } from './types';

export interface FleetApi {
  updates: {
    list(opts?: CallOptions): Promise<JsonObject>;
    /** Starts an update of 1 to 100 nodes (202). */
    start(nodeIds: readonly string[], opts?: CallOptions): Promise<JsonObject>;
    stop(id: string, opts?: CallOptions): Promise<JsonObject>;
  };
}

export function createFleetApi(t: Transport): FleetApi {
  return {
    updates: {
      list: (opts) => t.json({ routeId: 'fleet.updates.list', signal: opts?.signal }),
      start: (nodeIds, opts) =>
        t.json({ routeId: 'fleet.updates.start', body: { kind: 'json', value: { node_ids: [...nodeIds] } }, signal: opts?.signal }),
      stop: (id, opts) => t.json({ routeId: 'fleet.updates.stop', params: { id }, signal: opts?.signal }),
    },
  };
}
