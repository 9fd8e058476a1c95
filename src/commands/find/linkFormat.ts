/**
 * Panel Ops deep links as plain data: `<scheme>://panel-ops.panel-ops/<kind>?panel=<panel>&id=<id>` names a
 * user, node, apply job (with `node=<node id>`) or site template of one panel. The panel is its origin
 * (`https://panel.example.com`) or the readable name of `panelops:` URIs (`panel.example.com`,
 * `http~127.0.0.1:8080`). A link only ever opens or reveals; parsing refuses anything else. No `vscode`
 * import (unit-tested); the words of a refusal are the caller's.
 */
import { panelAuthority, panelIdOf } from '../../editors/panelPaths';

export const LINK_KINDS = ['user', 'node', 'job', 'template'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

export interface PanelLink {
  readonly kind: LinkKind;
  /** The panel's id (its origin). */
  readonly panelId: string;
  /** The object's id (the job's for a job). */
  readonly id: string;
  /** The node a job ran on. */
  readonly nodeId?: string;
}

/** Why a link was refused: the caller turns it into a sentence. */
export type LinkRefusal =
  | { readonly reason: 'kind'; readonly kind: string }
  | { readonly reason: 'panel' }
  | { readonly reason: 'id'; readonly parameter: 'id' | 'node' }
  | { readonly reason: 'extra'; readonly parameter: string };

const MAX_ID_LENGTH = 200;

/** The path and query of a link to `link` (the caller adds the scheme and the extension's authority). */
export function linkPathAndQuery(link: PanelLink): { path: string; query: string } {
  const query = new URLSearchParams({ panel: panelAuthority(link.panelId), ...(link.nodeId !== undefined ? { node: link.nodeId } : {}), id: link.id });
  return { path: `/${link.kind}`, query: query.toString() };
}

/**
 * Reads a link's path and query (as `vscode.Uri` gives them: the query still encoded). Refuses an unknown
 * kind, a panel that is neither an origin nor a readable panel name, a missing or odd id, and any
 * parameter it does not know (a link never carries an action).
 */
export function parseLink(path: string, query: string): PanelLink | LinkRefusal {
  const kind = path.replace(/^\/+|\/+$/g, '');
  if (!(LINK_KINDS as readonly string[]).includes(kind)) return { reason: 'kind', kind: kind.slice(0, 40) };
  const params = new URLSearchParams(query);
  const allowed = kind === 'job' ? ['panel', 'id', 'node'] : ['panel', 'id'];
  for (const name of params.keys()) {
    if (!allowed.includes(name) || params.getAll(name).length > 1) return { reason: 'extra', parameter: name.slice(0, 40) };
  }
  const panelId = panelOf(params.get('panel') ?? '');
  if (!panelId) return { reason: 'panel' };
  const id = idOf(params.get('id'));
  if (id === undefined) return { reason: 'id', parameter: 'id' };
  if (kind !== 'job') return { kind: kind as LinkKind, panelId, id };
  const nodeId = idOf(params.get('node'));
  if (nodeId === undefined) return { reason: 'id', parameter: 'node' };
  return { kind, panelId, id, nodeId };
}

export function isRefusal(value: PanelLink | LinkRefusal): value is LinkRefusal {
  return 'reason' in value;
}

/** The panel's origin from an origin or a readable panel name, undefined for anything else. */
function panelOf(text: string): string | undefined {
  const value = text.trim();
  if (/^https?:\/\//i.test(value)) {
    try {
      const url = new URL(value);
      const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
      return bare ? url.origin : undefined;
    } catch {
      return undefined;
    }
  }
  return value ? panelIdOf(value) : undefined;
}

/** An id as the panel gives it: one short line of visible characters. */
function idOf(value: string | null): string | undefined {
  if (value === null) return undefined;
  const id = value.trim();
   
  if (!id || id.length > MAX_ID_LENGTH || /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069/\\?#]/.test(id)) return undefined;
  return id;
}
