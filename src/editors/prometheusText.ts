/**
 * Prometheus exposition text made readable for a read-only tab: one block per metric with its help text
 * and type, then one row per sample with its labels spelled out and the value with digit grouping (bytes
 * also in KiB/MiB/GiB). Lines that are not samples are kept as they came. No `vscode` import.
 */

interface Sample {
  readonly labels: string;
  readonly value: string;
}

interface Metric {
  readonly name: string;
  help: string;
  type: string;
  readonly samples: Sample[];
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s+(\S+)(\s+\S+)?$/;

function isSampleValue(value: string): boolean {
  return ['NaN', '+Inf', '-Inf'].includes(value) || !Number.isNaN(Number(value));
}

/** "1,234,567" for integers, the value as sent otherwise; "(1.2 GiB)" after byte counts. */
function readableValue(name: string, value: string): string {
  const number = Number(value);
  if (!Number.isFinite(number)) return value;
  const grouped = Number.isInteger(number) ? number.toLocaleString('en-US') : value;
  if (!/bytes/.test(name) || Math.abs(number) < 1024) return grouped;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let scaled = number / 1024;
  let unit = 0;
  while (Math.abs(scaled) >= 1024 && unit < units.length - 1) {
    scaled /= 1024;
    unit += 1;
  }
  return `${grouped} (${scaled.toFixed(1)} ${units[unit]})`;
}

/** `node="fra-2",direction="in"` as `node=fra-2 direction=in`. */
function readableLabels(labels: string): string {
  const pairs = [...labels.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map(([, name, value]) => `${name}=${value.replace(/\\(.)/g, '$1')}`);
  return pairs.length > 0 ? pairs.join(' ') : labels;
}

export function readablePrometheus(text: string): string {
  const metrics = new Map<string, Metric>();
  const other: string[] = [];
  const metric = (name: string) => {
    const base = name.replace(/_(bucket|sum|count)$/, (suffix) => (metrics.has(name.slice(0, -suffix.length)) ? '' : suffix));
    let found = metrics.get(base);
    if (!found) metrics.set(base, (found = { name: base, help: '', type: '', samples: [] }));
    return found;
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const comment = /^#\s*(HELP|TYPE)\s+(\S+)\s*(.*)$/.exec(line);
    if (comment) {
      const target = metric(comment[2]);
      if (comment[1] === 'HELP') target.help = comment[3];
      else target.type = comment[3];
      continue;
    }
    const sample = SAMPLE.exec(line);
    if (!sample || line.startsWith('#') || !isSampleValue(sample[4])) {
      if (!line.startsWith('#')) other.push(line);
      continue;
    }
    metric(sample[1]).samples.push({ labels: readableLabels(sample[3] ?? ''), value: readableValue(sample[1], sample[4]) });
  }
  const blocks = [...metrics.values()].map((entry) => {
    const heading = [entry.name, entry.type && `(${entry.type})`].filter(Boolean).join(' ');
    const width = Math.max(0, ...entry.samples.map((sample) => sample.labels.length));
    const rows = entry.samples.map((sample) => `  ${(sample.labels || '(no labels)').padEnd(width)}  ${sample.value}`);
    return [heading, ...(entry.help ? [`  ${entry.help}`] : []), ...rows].join('\n');
  });
  if (other.length > 0) blocks.push(['Lines not understood:', ...other.map((line) => `  ${line}`)].join('\n'));
  return `${blocks.join('\n\n')}\n`;
}
