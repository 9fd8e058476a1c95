/**
 * A panel's field name or path made readable for a figure's label: `points.active_keys` reads "Active keys",
 * `keys.by_state` "Keys by state", `latencyMs` "Latency (ms)". The words are the panel's own (English) field
 * names, so they are not translated; the page shows the raw name in the label's tooltip. No `vscode` import,
 * no DOM (used by the figures page and unit-tested in Node).
 */

/** Path segments that only hold what follows them (`points.active_keys` is about active keys). */
const CONTAINERS = new Set(['points', 'series', 'items', 'data', 'values', 'results', 'stats', 'metrics']);
/** Unit suffixes shown in parentheses. */
const UNITS: Record<string, string> = { ms: 'ms', s: 's', sec: 's', seconds: 's', percent: '%', pct: '%', bytes: 'bytes', kb: 'KB', mb: 'MB', gb: 'GB' };

/** Words written in capitals. */
const ACRONYMS = new Set(['cpu', 'ip', 'id', 'api', 'url', 'dns', 'tls', 'http', 'https', 'ram', 'ssd', 'tcp', 'udp']);

function words(segment: string): string[] {
  return segment
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .map((word) => (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word.toLowerCase()))
    .filter((word) => word !== '');
}

export function readableFieldName(path: string): string {
  const segments = path.split('.').map((segment) => segment.replace(/\[\d+\]/g, '')).filter((segment) => segment !== '');
  const kept = segments.filter((segment, index) => !(CONTAINERS.has(segment.toLowerCase()) && index < segments.length - 1));
  const all = kept.flatMap(words);
  if (all.length === 0) return path;
  const unit = all.length > 1 ? UNITS[all[all.length - 1]] : undefined;
  const named = unit ? all.slice(0, -1) : all;
  const text = named.join(' ');
  const sentence = `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
  return unit ? `${sentence} (${unit})` : sentence;
}
