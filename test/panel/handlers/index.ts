/** Every handler table, merged under the spec form of each route key; startup fails if a route has none. */
import type { Handler, HandlerTable } from '../handlerTypes';
import type { SimRoute } from '../routeTable';
import { alertHandlers } from './alerts';
import { auditHandlers } from './audit';
import { brandingHandlers } from './branding';
import { fleetUpdateHandlers } from './fleetUpdates';
import { keyAccessHandlers } from './keyAccess';
import { keyActionHandlers } from './keyActions';
import { keyBatchHandlers } from './keyBatches';
import { keyHandlers } from './keys';
import { monitoringHandlers } from './monitoring';
import { nodeJobHandlers } from './nodeJobs';
import { nodeOperationHandlers } from './nodeOperations';
import { nodeHandlers } from './nodes';
import { nodeSettingHandlers } from './nodeSettings';
import { nodeSiteHandlers } from './nodeSites';
import { nodeTelemetryHandlers } from './nodeTelemetry';
import { settingsHandlers } from './settings';
import { siteTemplateHandlers } from './siteTemplates';

const TABLES: readonly HandlerTable[] = [
  keyHandlers, keyActionHandlers, keyAccessHandlers, keyBatchHandlers,
  nodeHandlers, nodeJobHandlers, nodeOperationHandlers, nodeSettingHandlers, nodeTelemetryHandlers, nodeSiteHandlers,
  fleetUpdateHandlers, alertHandlers, monitoringHandlers, siteTemplateHandlers, brandingHandlers, settingsHandlers, auditHandlers,
];

/** The handler of every route, checked both ways: no route without a handler, no handler without a route. */
export function handlersFor(routes: readonly SimRoute[]): Map<string, Handler> {
  const merged = new Map<string, Handler>();
  for (const table of TABLES) {
    for (const [key, handler] of Object.entries(table)) {
      if (merged.has(key)) throw new Error(`two handlers for ${key}`);
      merged.set(key, handler);
    }
  }
  const keys = new Set(routes.map((route) => route.key));
  const missing = [...keys].filter((key) => !merged.has(key));
  const stray = [...merged.keys()].filter((key) => !keys.has(key));
  if (missing.length > 0 || stray.length > 0) throw new Error(`handler table mismatch: missing ${missing.join(', ')}; not in the catalog ${stray.join(', ')}`);
  return merged;
}
