import { PanelHttpError } from './errors';

/**
 * What a failure says about the node it was about (spec part 7): `offline` for a 503 (the panel cannot
 * reach the node), `failedOnNode` for a 502 (the node could not carry out the operation).
 */
export type NodeFailure = 'offline' | 'failedOnNode';

/** A route that addresses one node: `/nodes/{id}`, `/nodes/{id}/…`, `/monitoring/nodes/{id}/…`. */
const NODE_ROUTE = /(^|\/)nodes\/\{id\}(\/|$)/;

/**
 * The one decision of "node offline" versus "failed on the node": a panel error (its envelope) with 503
 * or 502 from a route that addresses a node. The same statuses from any other route (a panel-wide 503,
 * say) say nothing about a node: undefined. An error whose route is unknown is read by its status alone
 * (the caller asked about a node).
 */
export function isNodeRoute(route: { readonly path: string }): boolean {
  return NODE_ROUTE.test(route.path);
}

/**
 * A 503 that says the node is offline is the panel's answer, not a transient failure: never retried
 * (transport and paging ask here). A 503 that is not the API's error object (a proxy's page) stays
 * transient.
 */
export function isNodeOfflineAnswer(error: unknown): boolean {
  return nodeFailureOf(error) === 'offline';
}

export function nodeFailureOf(error: unknown): NodeFailure | undefined {
  if (!(error instanceof PanelHttpError)) return undefined;
  if (error.route && !isNodeRoute(error.route)) return undefined;
  if (error.status === 503) return 'offline';
  if (error.status === 502) return 'failedOnNode';
  return undefined;
}
