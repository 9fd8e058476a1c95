/**
 * The Prometheus text format (`GET /nodes/{id}/metrics`) read into an object of numbers: a sample without
 * labels is a member named after its metric (`uptime_seconds: 12`), samples with labels are grouped under
 * their metric, each named by its labels as the panel wrote them (`proxy_connections: {'node="ams-1"': 12}`).
 * Comments, HELP and TYPE lines, and lines that are not samples are skipped. No `vscode` import.
 */
export const MAX_SAMPLES = 500;

export type Samples = Record<string, number | Record<string, number>>;

export function prometheusSamples(text: string): Samples {
  const samples: Samples = {};
  let count = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    // name, optional {labels}, value, optional timestamp
    const match = /^([A-Za-z_:][A-Za-z0-9_:]*)(?:\{([^}]*)\})?\s+(\S+)(?:\s+-?\d+)?$/.exec(line);
    if (!match) continue;
    const [, name, labels, text] = match;
    const value = parseSampleValue(text);
    if (value === undefined) continue;
    if (count++ >= MAX_SAMPLES) break;
    const existing = samples[name];
    if (labels === undefined || labels === '') {
      if (typeof existing === 'object') existing['{}'] = value;
      else samples[name] = value;
    } else {
      const group = typeof existing === 'object' ? existing : typeof existing === 'number' ? { '{}': existing } : {};
      group[labels] = value;
      samples[name] = group;
    }
  }
  return samples;
}

function parseSampleValue(text: string): number | undefined {
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}
