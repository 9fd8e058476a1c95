import * as assert from 'node:assert/strict';
import { JOB_STATUS_ICONS, NODE_STATUS_ICONS, jobDescription, nodeContextValue, nodeDescription, nodeStatusClass, nodeTooltipRows, scalarFields } from '../../../src/views/nodes/nodeDescription';
import { jobDuration, jobStatusClass, nodeLabel } from '../../../src/text/nodeText';
import { plainLocalize as t } from '../support/plainLocalize';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const MIN = 60_000;
const iso = (offset: number) => new Date(NOW + offset).toISOString();


describe('views: node description', () => {
  it('colours known statuses and tolerates unknown ones', () => {
    assert.deepEqual(['online', 'OFFLINE', 'degraded', 'rebooting', undefined, 42].map(nodeStatusClass),
      ['online', 'offline', 'degraded', 'unknown', 'unknown', 'unknown']);
    assert.equal(NODE_STATUS_ICONS.online.color, 'testing.iconPassed');
    assert.equal(NODE_STATUS_ICONS.offline.color, 'charts.red');
  });

  it('names the status unless online, marks a dirty node and says when it was last applied', () => {
    assert.equal(nodeDescription({ id: 'n1', status: 'online', dirty: true, last_apply_at: iso(-5 * MIN) }, NOW, t),
      '● not applied · applied 5 minutes ago');
    assert.equal(nodeDescription({ id: 'n2', status: 'offline', dirty: false, last_apply_at: null }, NOW, t),
      'offline · never applied');
    assert.equal(nodeDescription({ id: 'n4', status: 'installing', last_apply_at: iso(-2 * MIN) }, NOW, t),
      'installing · applied 2 minutes ago');
    assert.equal(nodeDescription({ id: 'n3' }, NOW, t), 'status unknown · never applied');
  });

  it('gives offline nodes precedence in the context value', () => {
    assert.equal(nodeContextValue({ id: 'a', status: 'offline', dirty: true }), 'node.offline');
    assert.equal(nodeContextValue({ id: 'a', status: 'online', dirty: true }), 'node.dirty');
    assert.equal(nodeContextValue({ id: 'a', status: 'online' }), 'node');
  });

  it('labels a node by name, falling back to its id for a missing or blank name', () => {
    assert.equal(nodeLabel({ id: 'n1', name: 'fra-1' }, t), 'fra-1');
    assert.equal(nodeLabel({ id: 'n1', name: null as unknown as string }, t), 'n1');
    assert.equal(nodeLabel({ id: 'n1', name: '  ' }, t), 'n1');
  });

  it('lists named fields first in the tooltip, then other scalars, skipping objects it cannot show flatly', () => {
    const rows = nodeTooltipRows({ id: 'n1', name: 'fra-1', status: 'online', dirty: false, region: 'eu', cpu: { load: 0.5 }, tags: ['a'] }, t);
    assert.deepEqual(rows.slice(0, 4), [['name', 'fra-1'], ['id', 'n1'], ['status', 'online'], ['dirty', 'false']]);
    assert.deepEqual(rows.slice(4), [['region', 'eu'], ['cpu.load', '0.5'], ['tags', '1 item']]);
  });

  it('reads a health answer of any shape', () => {
    assert.deepEqual(scalarFields({ ok: true, latency_ms: 12, disk: { free: '2G', inner: { deep: 1 } }, note: null }, t),
      [['ok', 'true'], ['latency_ms', '12'], ['disk.free', '2G']]);
    assert.deepEqual(scalarFields(null, t), []);
    assert.deepEqual(scalarFields([1, 2], t), []);
    assert.equal(scalarFields(Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`f${i}`, i])), t).length, 40);
  });
});

describe('views: apply jobs', () => {
  it('maps the five job statuses to icons, running spinning', () => {
    assert.deepEqual(['queued', 'running', 'ok', 'failed', 'rolled_back', 'exploded'].map(jobStatusClass),
      ['queued', 'running', 'ok', 'failed', 'rolled_back', 'unknown']);
    assert.equal(JOB_STATUS_ICONS.running.id, 'sync~spin');
  });

  it('measures finished and running jobs', () => {
    assert.equal(jobDuration({ status: 'ok', started_at: iso(-10 * MIN), finished_at: iso(-10 * MIN + 42_000) }, NOW, t), '42 s');
    assert.equal(jobDuration({ status: 'running', started_at: iso(-3 * MIN - 5000) }, NOW, t), '3 min 5 s');
    assert.equal(jobDuration({ status: 'queued' }, NOW, t), '');
  });

  it('describes start, duration and the error text', () => {
    assert.equal(
      jobDescription({ status: 'failed', started_at: iso(-10 * MIN), finished_at: iso(-10 * MIN + 3000), error: 'dial tcp: refused\n' }, NOW, t),
      'started 10 minutes ago · took 3 s · dial tcp: refused',
    );
    assert.equal(jobDescription({ status: 'queued', started_at: null }, NOW, t), 'not started');
  });
});
