import type { Services } from '../../services';
import type { NodeActionContext } from './nodeActionSupport';

/** What node and fleet update commands use, from the services. */
export function nodeActionContext({ session, log, input, views, documents, panels, appliesTold }: Services): NodeActionContext {
  return { session, log, input, panels, view: views.nodes.provider, documents, appliesTold };
}
