/**
 * Request bodies the contract does not show (spec part 4.2 names the route, not its body): send what the
 * contract names plus optional fields named as the resource itself carries them. The panel rejects unknown
 * fields with 400 and a 400 changes nothing, so when it names one of the optional fields it is sent once
 * more without it, and the panel's refusal is remembered for that route (per client, so per panel and
 * session) so later requests leave the field out at once. No `vscode` import.
 */
import { PanelHttpError } from './errors';
import { fieldsNamedBy } from './panelWords';
import type { JsonObject } from './types';

/** The optional fields each route of one panel refused, learnt from its 400s. */
export class RefusedFields {
  private readonly byRoute = new Map<string, Set<string>>();

  /** The fields of `route` this panel refused so far. */
  of(route: string): readonly string[] {
    return [...(this.byRoute.get(route) ?? [])];
  }

  remember(route: string, field: string): void {
    const known = this.byRoute.get(route) ?? new Set<string>();
    known.add(field);
    this.byRoute.set(route, known);
  }
}

export interface OptionalSend<T> {
  /** Where refusals are remembered (the client of the panel: `api.refusedFields`). */
  readonly memory: RefusedFields;
  /** The route, as the memory's key (a catalog id). */
  readonly route: string;
  /** The whole body, with the optional fields in it. */
  readonly body: JsonObject;
  /** The members of `body` the panel may refuse. */
  readonly optional: readonly string[];
  send(body: JsonObject): Promise<T>;
}

/** What was sent in the end, and which optional fields of the body it left out (refused now or before). */
export interface OptionalSent<T> {
  readonly value: T;
  readonly dropped: readonly string[];
}

/**
 * Sends `body` without the optional fields this panel refused before; when it answers 400 naming one of
 * the optional fields still in the body, sends once more without those (at most once per optional field).
 * Any other failure is thrown as it came.
 */
export async function sendWithOptionalFields<T>(request: OptionalSend<T>): Promise<OptionalSent<T>> {
  const present = (name: string) => Object.hasOwn(request.body, name);
  const dropped = new Set(request.memory.of(request.route).filter((name) => request.optional.includes(name) && present(name)));
  for (;;) {
    const body = Object.fromEntries(Object.entries(request.body).filter(([name]) => !dropped.has(name))) as JsonObject;
    try {
      return { value: await request.send(body), dropped: [...dropped] };
    } catch (error) {
      if (!(error instanceof PanelHttpError) || error.status !== 400) throw error;
      const named = fieldsNamedBy(error, request.optional.filter((name) => Object.hasOwn(body, name)));
      if (named.length === 0) throw error;
      for (const name of named) {
        dropped.add(name);
        request.memory.remember(request.route, name);
      }
    }
  }
}
