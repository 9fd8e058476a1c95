/** The rows of a node's Site section from `GET /nodes/{id}/site` (any JSON object). No `vscode` import. */
import type { Localize } from '../../text/localize';
import { scalarFields } from './nodeDescription';
import { setOwnMember } from '../../text/ownMember';

const FIRST = ['template_name', 'template_id', 'enabled', 'upstream', 'deployment', 'deployment_status', 'status'];
const HIDDEN = new Set(['node_id']);

/** Template, enabled, upstream and deployment first, then the variables and any other field; "(none)" for a null upstream. */
export function siteRows(site: unknown, t: Localize): [string, string][] {
  if (typeof site !== 'object' || site === null || Array.isArray(site)) return [];
  const record = site as Record<string, unknown>;
  const ordered: Record<string, unknown> = {};
  for (const name of FIRST) if (Object.hasOwn(record, name)) ordered[name] = record[name] === null ? t('(none)') : record[name];
  for (const [name, value] of Object.entries(record)) if (!Object.hasOwn(ordered, name) && !HIDDEN.has(name)) setOwnMember(ordered, name, value);
  return scalarFields(ordered, t);
}
