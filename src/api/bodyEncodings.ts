/**
 * Request bodies the contract does not show (spec 4.1 rule 4, 4.2 names the route, not its body): the one
 * mechanism that chooses what to send. A guess is tried in an ordered list of encodings, the last a
 * documented route where one exists (`POST /keys` of 2.2 for creates, the per-user routes for bulk changes);
 * within an encoding, optional members may be left out. The panel rejects unknown fields with 400 and a
 * 400 or 422 changed nothing, so:
 * - a 400 that names an optional member still in the body sends the body again without it;
 * - a refusal of the body as a whole (a 400 naming none of its members), or one that names a member whose
 *   shape the encoding guessed, picks the next encoding;
 * - anything else (a 422 about the operator's values, a lost answer, a 5xx) is thrown as it came: a lost
 *   answer is the caller's to reconcile before anything else is tried.
 * What a panel refused is remembered per route for the client (so per panel and session): later requests
 * start from the encoding that worked, without the members it refused, and the choice is logged once.
 * No `vscode` import.
 */
import { PanelHttpError } from './errors';
import { fieldsNamedBy } from './panelWords';
import type { LogLevel } from './options';
import type { JsonObject } from './types';

/** What one panel refused, per route: optional members left out, and the encoding chosen. */
export class RefusedFields {
  private readonly byRoute = new Map<string, Set<string>>();
  private readonly encodingOf = new Map<string, string>();

  constructor(private readonly log?: (level: LogLevel, message: string) => void) {}

  /** The optional fields of `route` this panel refused so far. */
  of(route: string): readonly string[] {
    return [...(this.byRoute.get(route) ?? [])];
  }

  remember(route: string, field: string): void {
    const known = this.byRoute.get(route) ?? new Set<string>();
    if (!known.has(field)) this.log?.('info', `${route}: the panel does not take "${field}"; it is left out from now on.`);
    known.add(field);
    this.byRoute.set(route, known);
  }

  /** The encoding of `route` that this panel took or that is left after its refusals (undefined: the first). */
  encoding(route: string): string | undefined {
    return this.encodingOf.get(route);
  }

  choose(route: string, encoding: string, refused: string, why: string): void {
    if (this.encodingOf.get(route) === encoding) return;
    this.encodingOf.set(route, encoding);
    this.log?.('info', `${route}: the panel refused "${refused}" (${why}); sending "${encoding}" from now on.`);
  }
}

/** One way to send what the contract leaves unshown. */
export interface Encoding<T> {
  /** Its name in the memory and the log ("import with node_ids per request", "one user at a time"). */
  readonly name: string;
  /** The whole body, optional members included (undefined for an encoding that sends several requests). */
  readonly body?: JsonObject;
  /** Members of `body` the panel may refuse and the request still make sense without. */
  readonly optional?: readonly string[];
  /** Members whose shape is this encoding's guess: a refusal naming one picks the next encoding. */
  readonly guessed?: readonly string[];
  /**
   * Other names a refusal may give a member of `body` (a member sent under the name a panel showed, which
   * the panel's refusal calls by another: `params` sent, "unknown field: variables" answered).
   */
  readonly aliases?: Readonly<Record<string, readonly string[]>>;
  /** Sends `body` (less the optional members left out), or does the encoding's own requests. */
  send(body: JsonObject | undefined): Promise<T>;
}

/** An encoding the panel refused on the way to the one that was sent. */
export interface RefusedEncoding {
  readonly name: string;
  readonly error: PanelHttpError;
}

export interface EncodedSend<T> {
  /** Where refusals are remembered (the client of the panel: `api.refusedFields`). */
  readonly memory: RefusedFields;
  /** The route, as the memory's key (a catalog id). */
  readonly route: string;
  /** In order: the guesses first, the documented route last. */
  readonly encodings: readonly Encoding<T>[];
  /** Told each encoding the panel refuses, as it happens (also when a later one then throws, a lost answer say). */
  readonly onRefused?: (refused: RefusedEncoding) => void;
}

/** What was sent in the end: the answer, the encoding, the optional members left out, and what was refused on the way. */
export interface EncodedSent<T> {
  readonly value: T;
  readonly encoding: string;
  readonly dropped: readonly string[];
  /** Encodings refused by this call (not those refused before, which were skipped). */
  readonly refused: readonly RefusedEncoding[];
}

/** Sends through the first encoding this panel may take; see the file's comment for the rules. */
export async function sendEncoded<T>(request: EncodedSend<T>): Promise<EncodedSent<T>> {
  const remembered = request.memory.encoding(request.route);
  let at = Math.max(0, request.encodings.findIndex((encoding) => encoding.name === remembered));
  const refused: RefusedEncoding[] = [];
  for (;;) {
    const encoding = request.encodings[at];
    const optional = encoding.optional ?? [];
    const present = (name: string) => encoding.body !== undefined && Object.hasOwn(encoding.body, name);
    const dropped = new Set(request.memory.of(request.route).filter((name) => optional.includes(name) && present(name)));
    for (;;) {
      const body = encoding.body && (Object.fromEntries(Object.entries(encoding.body).filter(([name]) => !dropped.has(name))) as JsonObject);
      try {
        const value = await encoding.send(body);
        return { value, encoding: encoding.name, dropped: [...dropped], refused };
      } catch (error) {
        if (!isBodyRefusal(error)) throw error;
        const inBody = Object.keys(body ?? {});
        // Only a 400 says a member is not taken at all; a 422 about an optional member is about its value.
        const named = error.status === 400 ? namedBy(error, encoding, optional.filter((name) => inBody.includes(name))) : [];
        if (named.length > 0) {
          for (const name of named) {
            dropped.add(name);
            request.memory.remember(request.route, name);
          }
          continue;
        }
        const next = request.encodings[at + 1];
        if (!next || !refusesEncoding(error, encoding, inBody)) throw error;
        refused.push({ name: encoding.name, error });
        request.onRefused?.({ name: encoding.name, error });
        request.memory.choose(request.route, next.name, encoding.name, `${error.status} ${error.panelMessage || error.code}`.trim());
        at++;
        break;
      }
    }
  }
}

/** A 400 (malformed, unknown fields) or 422 (validation): the panel refused before it changed anything. */
function isBodyRefusal(error: unknown): error is PanelHttpError {
  return error instanceof PanelHttpError && (error.status === 400 || error.status === 422);
}

/**
 * Whether a refusal is of the encoding rather than of the values in it: it names a member the encoding
 * guessed, or it is a 400 that names none of the body's members but those (the body as a whole refused).
 */
function refusesEncoding(error: PanelHttpError, encoding: Encoding<unknown>, inBody: readonly string[]): boolean {
  if (namedBy(error, encoding, encoding.guessed ?? []).length > 0) return true;
  if (error.status !== 400) return false;
  return namedBy(error, encoding, inBody.filter((name) => !(encoding.guessed ?? []).includes(name))).length === 0;
}

/** The members of `names` a refusal names, by their name in the body or one of their aliases. */
function namedBy(error: PanelHttpError, encoding: Encoding<unknown>, names: readonly string[]): string[] {
  return names.filter((name) => fieldsNamedBy(error, [name, ...(encoding.aliases?.[name] ?? [])]).length > 0);
}

/** What was sent in the end, and which optional fields of the body it left out (refused now or before). */
export interface OptionalSent<T> {
  readonly value: T;
  readonly dropped: readonly string[];
}

export interface OptionalSend<T> {
  readonly memory: RefusedFields;
  readonly route: string;
  /** The whole body, with the optional fields in it. */
  readonly body: JsonObject;
  /** The members of `body` the panel may refuse. */
  readonly optional: readonly string[];
  send(body: JsonObject): Promise<T>;
}

/** One encoding whose optional members the panel may refuse (the case of most routes without a shown body). */
export async function sendWithOptionalFields<T>(request: OptionalSend<T>): Promise<OptionalSent<T>> {
  const sent = await sendEncoded<T>({
    memory: request.memory,
    route: request.route,
    encodings: [{ name: 'as the resource carries it', body: request.body, optional: request.optional, send: (body) => request.send(body ?? {}) }],
  });
  return { value: sent.value, dropped: sent.dropped };
}
