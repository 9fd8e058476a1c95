// What node actions show, in plain Node: the order after a drop, Prometheus metrics made readable, an
// apply job as a document, and a fleet update's line in the Fleet Updates pick.
import * as assert from 'node:assert/strict';
import { applyJobText } from '../../../src/editors/applyJobText';
import { MAX_LOG_LINES, logOf } from '../../../src/state/jobLog';
import { numberText } from '../../../src/text/displayLanguage';
import { readablePrometheus } from '../../../src/text/prometheus';
import { placeBefore } from '../../../src/views/nodes/nodeOrder';
import { fleetUpdateDescription, fleetUpdatesOf } from '../../../src/views/nodes/fleetUpdateText';
import { jobRows } from '../../../src/webviews/jobs/jobRows';
import { plainLocalize } from '../support/plainLocalize';

describe('node actions: what they show', () => {
  it('places dropped nodes before the node they were dropped on, or at the end', () => {
    const order = ['a', 'b', 'c', 'd', 'e'];
    assert.deepEqual(placeBefore(order, ['d'], 'b'), ['a', 'd', 'b', 'c', 'e']);
    assert.deepEqual(placeBefore(order, ['e', 'a'], 'c'), ['b', 'a', 'e', 'c', 'd'], 'several keep their order');
    assert.deepEqual(placeBefore(order, ['b'], undefined), ['a', 'c', 'd', 'e', 'b']);
    assert.deepEqual(placeBefore(order, ['b', 'c'], 'c'), ['a', 'd', 'e', 'b', 'c'], 'onto one of the moved: to the end');
    assert.deepEqual(placeBefore(order, ['x'], 'a'), order, 'unknown ids are left out');
  });

  it('shows Prometheus text per metric with help, labels and grouped values', () => {
    const text = [
      '# HELP proxy_traffic_bytes_total Bytes relayed.',
      '# TYPE proxy_traffic_bytes_total counter',
      'proxy_traffic_bytes_total{node="fra-2",direction="in"} 1500000000',
      'proxy_traffic_bytes_total{node="fra-2",direction="out"} 2048',
      '# TYPE proxy_connections gauge',
      'proxy_connections{node="fra-2"} 12',
      'garbage line {',
    ].join('\n');
    const readable = readablePrometheus(text, plainLocalize);
    assert.match(readable, /^proxy_traffic_bytes_total \(counter\)\n {2}Bytes relayed\.\n {2}node=fra-2 direction=in {3}1,500,000,000 \(1\.4 GiB\)\n {2}node=fra-2 direction=out {2}2,048 \(2\.0 KiB\)/);
    assert.match(readable, /proxy_connections \(gauge\)\n {2}node=fra-2 {2}12/);
    assert.match(readable, /Lines not understood:\n {2}garbage line \{/);
    assert.doesNotMatch(readable, /# HELP/);
    // Only decimal numbers, NaN and ±Inf are sample values, as prometheusSamples reads them.
    assert.match(readablePrometheus('hex_value 0x1F\nnot_a_number +Inf\n', plainLocalize), /Lines not understood:\n {2}hex_value 0x1F/);
    assert.match(readablePrometheus('not_a_number +Inf\n', plainLocalize), /not_a_number\n {2}\(no labels\) {2}\+Inf/);
  });

  it('writes an apply job as status, error, the raw log, then other fields', () => {
    const text = applyJobText('hel-3', { id: 'j1', status: 'failed', error: 'bind: address in use', logs: ['line one', 'line two'], node_id: 'n1' }, plainLocalize);
    assert.match(text, /^Apply job on hel-3\n\nstatus: failed\nerror: bind: address in use\n\n--- log ---\nline one\nline two\n\n--- other fields ---\n/);
    assert.match(text, /"node_id": "n1"/);
    assert.match(applyJobText('x', { status: 'ok' }, plainLocalize), /the panel sent no log/);
  });

  it('caps a huge apply job log at MAX_LOG_LINES in the document and the job history rows', () => {
    const logs = Array.from({ length: 300_000 }, (_, i) => `line ${i}`);
    const text = applyJobText('hel-3', { status: 'ok', logs }, plainLocalize);
    assert.match(text, new RegExp(`\\nline ${MAX_LOG_LINES - 1}\\n\\(${numberText(300_000 - MAX_LOG_LINES)} more log lines not shown\\)\\n$`));
    assert.doesNotMatch(text, new RegExp(`line ${MAX_LOG_LINES}\\n`));
    const [row] = jobRows([{ id: 'j1', status: 'ok', log: logs.join('\n') }], Date.now(), plainLocalize);
    assert.equal(row.log.length, MAX_LOG_LINES);
    assert.deepEqual(logOf({ logs: 5, output: 'a\r\nb' }), { field: 'output', lines: ['a', 'b'], omitted: 0 });
  });

  it('describes a fleet update defensively', () => {
    const [running, odd] = fleetUpdatesOf({ items: [
      { id: 'u1', status: 'running', node_ids: ['a', 'b'], target_version: '2.1.8', progress: 50, created_at: new Date(Date.now() - 120_000).toISOString() },
      { id: 7, status: 'finished' },
      { status: 'no id: left out' },
    ] });
    assert.equal(running.running, true);
    assert.equal(fleetUpdateDescription(running, Date.now(), plainLocalize), 'running · 2 nodes → 2.1.8 · 50% · started 2 minutes ago');
    const { progress: _progress, ...withoutProgress } = running.raw;
    const derived = { ...running, raw: withoutProgress };
    assert.equal(fleetUpdateDescription(derived, Date.now(), plainLocalize), 'running · 2 nodes → 2.1.8 · started 2 minutes ago', 'no figure and no node states: no progress guessed');
    const withStates = { ...running, raw: { ...withoutProgress, nodes: [{ node_id: 'a', state: 'updated' }, { node_id: 'b', state: 'pending' }] } };
    assert.equal(fleetUpdateDescription(withStates, Date.now(), plainLocalize), 'running · 2 nodes → 2.1.8 · 1/2 nodes updated · started 2 minutes ago');
    assert.equal(odd.id, '7');
    assert.equal(odd.running, false);
    assert.deepEqual(fleetUpdatesOf('nonsense'), []);
  });
});
