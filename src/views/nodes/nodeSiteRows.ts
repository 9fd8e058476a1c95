/** The rows of a node's Site section from `GET /nodes/{id}/site` (any JSON object). No `vscode` import. */
import type { Localize } from '../../text/localize';
import { scalarFields } from './nodeDescription';
import { setOwnMember } from '../../text/ownMember';
import { scalarOf } from '../../api/silentValues';

const FIRST = [
  'template_name', 'template_title', 'template_id', 'template', 'enabled', 'is_enabled', 'active', 'upstream', 'upstream_url', 'backend',
  'deployment', 'deploy_state', 'deployment_status', 'status',
];
const HIDDEN = new Set(['node_id']);
/** The names under which a panel gives a site's variables (an object of name → value, or a list of `{name, value}`). */
export const SITE_VARIABLES = ['variables', 'vars', 'params'];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A site's variables as name → value read (a value wrapped as `{value}` unwrapped), whatever their shape. */
export function siteVariableValues(variables: unknown): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if (Array.isArray(variables)) {
    for (const item of variables) {
      if (!isRecord(item) || typeof item.name !== 'string') continue;
      const member = ['value', 'default', 'default_value'].find((name) => Object.hasOwn(item, name));
      setOwnMember(values, item.name, member === undefined ? undefined : scalarOf(item[member]) ?? item[member]);
    }
  } else if (isRecord(variables)) {
    for (const [name, value] of Object.entries(variables)) setOwnMember(values, name, scalarOf(value) ?? value);
  }
  return values;
}

/** A member as shown: null as "(none)", a scalar wrapped in an object (`{value}`, `{url, enabled}`) as that scalar. */
function shown(value: unknown, t: Localize, first: boolean): unknown {
  const scalar = isRecord(value) ? scalarOf(value) : value;
  if (scalar === null) return first ? t('(none)') : null;
  return scalar === undefined ? value : scalar;
}

/**
 * Template, enabled, upstream and deployment first, then the variables (one row each, under the member name
 * the panel uses) and any other field; "(none)" for a null upstream. Values a panel wraps are shown unwrapped.
 */
export function siteRows(site: unknown, t: Localize): [string, string][] {
  if (!isRecord(site)) return [];
  const ordered: Record<string, unknown> = {};
  for (const name of FIRST) if (Object.hasOwn(site, name)) ordered[name] = shown(site[name], t, true);
  for (const [name, value] of Object.entries(site)) {
    if (Object.hasOwn(ordered, name) || HIDDEN.has(name)) continue;
    setOwnMember(ordered, name, SITE_VARIABLES.includes(name) && (Array.isArray(value) || isRecord(value)) ? siteVariableValues(value) : shown(value, t, false));
  }
  return scalarFields(ordered, t);
}
