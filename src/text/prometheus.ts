/**
 * The Prometheus text format (`GET /nodes/{id}/metrics`), read two ways: into numbers for charts
 * (`prometheusSamples`) and into readable text for a read-only tab (`readablePrometheus`). Both read sample
 * lines with `sampleLine`. No `vscode` import.
 */
import type { Localize } from './localize';
import { ownMember, setOwnMember } from './ownMember';

/** One sample line: metric name, the labels as written (without braces), and the value text. */
export interface SampleLine {
  readonly name: string;
  readonly labels: string | undefined;
  readonly value: string;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\S+)?$/;

/** A sample line (name, optional {labels}, value, optional timestamp), or undefined for anything else. */
export function sampleLine(line: string): SampleLine | undefined {
  if (line.startsWith('#')) return undefined;
  const match = SAMPLE.exec(line);
  return match ? { name: match[1], labels: match[2], value: match[3] } : undefined;
}

export const MAX_SAMPLES = 500;

export type Samples = Record<string, number | Record<string, number>>;

/**
 * Numbers for charts: a sample without labels is a member named after its metric (`uptime_seconds: 12`),
 * samples with labels are grouped under their metric, each named by its labels as the panel wrote them
 * (`proxy_connections: {'node="ams-1"': 12}`). Comments and lines that are not samples are skipped.
 */
export function prometheusSamples(text: string): Samples {
  const samples: Samples = {};
  let count = 0;
  for (const raw of text.split(/\r?\n/)) {
    const sample = sampleLine(raw.trim());
    if (!sample) continue;
    const value = parseSampleValue(sample.value);
    if (value === undefined) continue;
    if (count++ >= MAX_SAMPLES) break;
    const { name, labels } = sample;
    const existing = ownMember(samples, name) as Samples[string] | undefined;
    if (labels === undefined || labels === '') {
      if (typeof existing === 'object') existing['{}'] = value;
      else setOwnMember<Samples[string]>(samples, name, value);
    } else {
      const group = typeof existing === 'object' ? existing : typeof existing === 'number' ? { '{}': existing } : {};
      setOwnMember(group, labels, value);
      setOwnMember<Samples[string]>(samples, name, group);
    }
  }
  return samples;
}

function parseSampleValue(text: string): number | undefined {
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

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

/** A sample value of the text format: a decimal number, NaN or ±Inf (not "0x1F", not empty). */
function isSampleValue(value: string): boolean {
  return ['NaN', '+Inf', '-Inf'].includes(value) || parseSampleValue(value) !== undefined;
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

/**
 * Readable text for a read-only tab: one block per metric with its help text and type, then one row per
 * sample with its labels spelled out and the value with digit grouping (bytes also in KiB/MiB/GiB). Lines
 * that are not samples are kept as they came. `t` words the document's own headings (`vscode.l10n.t`).
 */
export function readablePrometheus(text: string, t: Localize): string {
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
    const sample = sampleLine(line);
    if (!sample || !isSampleValue(sample.value)) {
      if (!line.startsWith('#')) other.push(line);
      continue;
    }
    metric(sample.name).samples.push({ labels: readableLabels(sample.labels ?? ''), value: readableValue(sample.name, sample.value) });
  }
  const blocks = [...metrics.values()].map((entry) => {
    const heading = [entry.name, entry.type && `(${entry.type})`].filter(Boolean).join(' ');
    const width = Math.max(0, ...entry.samples.map((sample) => sample.labels.length));
    const rows = entry.samples.map((sample) => `  ${(sample.labels || t('(no labels)')).padEnd(width)}  ${sample.value}`);
    return [heading, ...(entry.help ? [`  ${entry.help}`] : []), ...rows].join('\n');
  });
  if (other.length > 0) blocks.push([t('Lines not understood:'), ...other.map((line) => `  ${line}`)].join('\n'));
  return `${blocks.join('\n\n')}\n`;
}
