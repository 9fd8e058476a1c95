/**
 * The Prometheus text format (`GET /nodes/{id}/metrics`) read into an object of numbers, one member per
 * sample, named as the panel wrote it (`proxy_connections`, `http_requests{code="200"}`). Comments, HELP
 * and TYPE lines, and lines that are not samples are skipped. No `vscode` import.
 */
export const MAX_SAMPLES = 500;

export function prometheusSamples(text: string): Record<string, number> {
  const samples: Record<string, number> = {};
  let count = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    // name, optional {labels}, value, optional timestamp
    const match = /^([A-Za-z_:][A-Za-z0-9_:]*(?:\{[^}]*\})?)\s+(\S+)(?:\s+-?\d+)?$/.exec(line);
    if (!match) continue;
    const value = parseSampleValue(match[2]);
    if (value === undefined) continue;
    if (count++ >= MAX_SAMPLES) break;
    samples[match[1]] = value;
  }
  return samples;
}

function parseSampleValue(text: string): number | undefined {
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}
