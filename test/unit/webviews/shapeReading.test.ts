// Reading answers whose shape the contract leaves open: numbers grouped by their object and labelled by
// field name, arrays of points as time series (gaps kept), other lists as tables, the rest as a tree, and
// nothing thrown for any shape.
import * as assert from 'node:assert/strict';
import { prometheusSamples } from '../../../src/text/prometheus';
import { cellText, readShape, READING_LIMITS } from '../../../src/webviews/figures/shapeReading';

describe('webviews: reading answers of unspecified shape', () => {
  it('groups numbers by the object holding them, labelled with their field names', () => {
    const reading = readShape({ nodes: { total: 6, online: 4 }, connections: 120, generated_at: '2026-11-22T10:00:00Z' });
    assert.deepEqual(reading.groups, [
      { label: '', figures: [{ label: 'connections', value: 120 }] },
      { label: 'nodes', figures: [{ label: 'total', value: 6 }, { label: 'online', value: 4 }] },
    ]);
    assert.deepEqual(reading.tree, [{ depth: 0, key: 'generated_at', value: '2026-11-22T10:00:00Z' }]);
  });

  it('reads arrays of {at, value} points as series named after the array, nulls as gaps', () => {
    const reading = readShape({ series: { cpu_percent: [{ at: '2026-11-22T08:00:00Z', value: 10 }, { at: '2026-11-22T09:00:00Z', value: null }] } });
    assert.equal(reading.series.length, 1);
    const [series] = reading.series;
    assert.equal(series.label, 'series.cpu_percent');
    assert.deepEqual(series.points.map((point) => point.y), [10, undefined]);
    assert.equal(series.points[0].t, Date.parse('2026-11-22T08:00:00Z'));
  });

  it('names each number of a multi-value point, and reads epoch seconds and plain number arrays', () => {
    const reading = readShape({ points: [{ ts: 1_700_000_000, rx: 1, tx: 2 }, { ts: 1_700_003_600, rx: 3, tx: 4 }], load: [0.5, 0.7, 0.9] });
    assert.deepEqual(reading.series.map((series) => series.label), ['points.rx', 'points.tx', 'load']);
    assert.equal(reading.series[0].points[1].t, 1_700_003_600_000);
    assert.deepEqual(reading.series[2].points.map((point) => point.x), ['0', '1', '2']);
  });

  it('shows other arrays of objects as tables, cells on one line', () => {
    const reading = readShape({ items: [{ carrier: 'A\nB', success_rate: 0.9 }, { carrier: 'C', extra: { x: 1 } }] });
    assert.deepEqual(reading.tables, [{ label: 'items', columns: ['carrier', 'success_rate', 'extra'], rows: [['A B', '0.9', ''], ['C', '', '{"x":1}']], omitted: 0 }]);
  });

  it('never fails: scalars, null, empty containers, deep nesting and huge answers', () => {
    for (const odd of [null, undefined, 42, 'text', true, [], {}, [[1, 2], [3]], { a: [null, 'x'] }]) assert.doesNotThrow(() => readShape(odd));
    let deep: Record<string, unknown> = { leaf: 'bottom' };
    for (let i = 0; i < 50; i++) deep = { level: deep };
    assert.ok(readShape(deep).tree.length > 0);
    const huge = readShape({ items: Array.from({ length: 20_000 }, (_, i) => ({ id: i, name: `n${i}` })) });
    assert.equal(huge.tables[0].rows.length, READING_LIMITS.rows);
    assert.equal(huge.tables[0].omitted, 20_000 - READING_LIMITS.rows);
    const wide = readShape(Object.fromEntries(Array.from({ length: 8000 }, (_, i) => [`k${i}`, `v${i}`])));
    assert.equal(wide.truncated, true);
    assert.ok(wide.tree.length <= READING_LIMITS.treeRows);
  });

  it('makes keys and values one plain line (no line breaks or bidi overrides)', () => {
    const reading = readShape({ 'a\u202Eb': 'x\ny\u0007' });
    assert.deepEqual(reading.tree, [{ depth: 0, key: 'a b', value: 'x y ' }]);
  });

  it('shows int64 ids read as bigint inside a cell with their digits, and hides invisible marks', () => {
    assert.equal(cellText({ id: 12345678901234567890n, name: 'x' }), '{"id":12345678901234567890,"name":"x"}');
    assert.equal(cellText([1n, 2]), '[1,2]');
    assert.equal(cellText('a\u2060b\u2064c'), 'a b c');
  });

  it('reads Prometheus text into named samples, skipping comments and junk', () => {
    const samples = prometheusSamples('# HELP proxy_connections x\n# TYPE proxy_connections gauge\nproxy_connections 12\nhttp{code="200"} 3.5 1700000000\nhttp{code="500"} 1\nnot a sample\nbad NaNx\n');
    assert.deepEqual(samples, { proxy_connections: 12, http: { 'code="200"': 3.5, 'code="500"': 1 } });
    assert.deepEqual(readShape(samples).groups, [
      { label: '', figures: [{ label: 'proxy_connections', value: 12 }] },
      { label: 'http', figures: [{ label: 'code="200"', value: 3.5 }, { label: 'code="500"', value: 1 }] },
    ]);
  });
});
