/** Every handler table, merged under the spec form of each route key. */
import type { Handler } from '../handlerTypes';
import { keyAccessHandlers } from './keyAccess';
import { keyActionHandlers } from './keyActions';
import { keyHandlers } from './keys';
import { nodeJobHandlers } from './nodeJobs';
import { nodeHandlers } from './nodes';

export function allHandlers(): Map<string, Handler> {
  const tables = [keyHandlers, keyActionHandlers, keyAccessHandlers, nodeHandlers, nodeJobHandlers];
  const merged = new Map<string, Handler>();
  for (const table of tables) {
    for (const [key, handler] of Object.entries(table)) {
      if (merged.has(key)) throw new Error(`two handlers for ${key}`);
      merged.set(key, handler);
    }
  }
  return merged;
}
