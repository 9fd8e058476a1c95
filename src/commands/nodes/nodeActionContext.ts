import type { Services } from '../../services';
import type { NodeActionContext } from './nodeActionSupport';

/** What node and fleet commands use, from the services. */
export function nodeActionContext({ session, log, input, keys, nodes, views, documents, panels, appliesTold }: Services): NodeActionContext {
  return { session, log, input, keys, nodes, view: views.nodes.provider, documents, storesFor: panels.storesFor, appliesTold };
}
