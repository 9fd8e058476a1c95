/**
 * The panel's JSON documents without `vscode`: which route reads and which saves each one (a node's
 * blocklist, web policy or reliability, a branding profile, the panel settings), the text a document shows
 * for an answer, and the members a save sends (only those the operator changed, each in the shape it was
 * read). The property suites run these against every seeded reading of the simulated panel.
 */
import { BRANDING_UPDATE_FIELDS } from '../api/branding';
import { parseJsonExact, stringifyJsonExact } from '../api/exactJson';
import type { PanelApi } from '../api/index';
import type { JsonObject } from '../api/types';
import { brandingProfile } from '../state/brandingModel';
import { listFromResponse } from '../api/listFromResponse';
import type { NodeDocument } from './panelPaths';
import { prettyJson } from './prettyJson';

/** A JSON document of the panel: a node's blocklist, web policy or reliability, a branding profile, or the panel settings. */
export type JsonDocumentId =
  | { readonly kind: 'node'; readonly nodeId: string; readonly document: NodeDocument }
  | { readonly kind: 'branding'; readonly profileId: string }
  | { readonly kind: 'settings' };

/** What `get` answers when the panel does not hold the document (a branding profile gone from the list). */
export const NOT_HELD = Symbol('not held');

export interface DocumentRoutes {
  get(api: PanelApi, signal: AbortSignal): Promise<unknown>;
  put(api: PanelApi, body: JsonObject, signal: AbortSignal): Promise<unknown>;
  /** Members of the answer that identify the object and are not part of the PUT body. */
  readonly identity: readonly string[];
  /** The only members the PUT takes, when the spec names them (checked before sending). */
  readonly fields?: readonly string[];
}

export function documentRoutes(id: JsonDocumentId): DocumentRoutes {
  if (id.kind === 'settings') {
    return { get: (api, signal) => api.settings.get({ signal }), put: (api, body, signal) => api.settings.put(body, { signal }), identity: [] };
  }
  if (id.kind === 'branding') {
    return {
      // No route reads one profile: it is found in the list, and shown with the fields of spec 2.4 only.
      get: async (api, signal) => {
        const found = listFromResponse(await api.branding.profiles.list({}, { signal }), ['items', 'profiles', 'data'])
          .find((item) => brandingProfile(item)?.id === id.profileId); // an id as text, as the folder names it
        if (!found) return NOT_HELD;
        return Object.fromEntries(Object.entries(found).filter(([name]) => BRANDING_UPDATE_FIELDS.includes(name as never)));
      },
      put: (api, body, signal) => api.branding.profiles.update(id.profileId, body, { signal }),
      identity: [],
      fields: BRANDING_UPDATE_FIELDS,
    };
  }
  const nodeId = id.nodeId;
  // Written out per document (not looked up by name) so each route's caller is plain to read and to search.
  const routes: Record<NodeDocument, Pick<DocumentRoutes, 'get' | 'put'>> = {
    blocklist: {
      get: (api, signal) => api.nodes.blocklist.get(nodeId, { signal }),
      put: (api, body, signal) => api.nodes.blocklist.put(nodeId, body, { signal }),
    },
    'web-policy': {
      get: (api, signal) => api.nodes.webPolicy.get(nodeId, { signal }),
      put: (api, body, signal) => api.nodes.webPolicy.put(nodeId, body, { signal }),
    },
    reliability: {
      get: (api, signal) => api.nodes.reliability.get(nodeId, { signal }),
      put: (api, body, signal) => api.nodes.reliability.put(nodeId, body, { signal }),
    },
  };
  return { ...routes[id.document], identity: ['node_id'] };
}

/** The document's text for the panel's answer: every member as read, without those that only identify it. */
export function documentText(answer: unknown, identity: readonly string[]): string {
  const record = isObject(answer) ? answer : {};
  const shown = Object.fromEntries(Object.entries(record).filter(([name]) => !identity.includes(name)));
  return `${prettyJson(shown)}\n`;
}

/**
 * The members of `body` that differ from the text that was read (compared as exact JSON); the whole body
 * when nothing was read. A member the operator deleted is not sent (the panel keeps it).
 */
export function changedMembers(base: string | undefined, body: JsonObject): JsonObject {
  let read: unknown;
  try {
    read = base === undefined ? undefined : parseJsonExact(base);
  } catch {
    read = undefined;
  }
  if (!isObject(read)) return body;
  const was = read;
  return Object.fromEntries(Object.entries(body).filter(([name, value]) =>
    !Object.hasOwn(was, name) || stringifyJsonExact(was[name]) !== stringifyJsonExact(value))) as JsonObject;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
