// Fleet updates inside a real VS Code against the simulated panel: Update Fleet on a selection of nodes,
// the running update listed with its progress in Fleet Updates…, and Stop.
import * as assert from 'node:assert/strict';
import type { SimulatedPanel } from '../panel';
import { auditSince, nodeItem, onItem } from './nodeSupport';
import { connectedPanel, runWithAnswers, type TestApi } from './support';

describe('Fleet updates', () => {
  // Updates finish after two job steps: a long step keeps this one running until it is stopped.
  const connected = connectedPanel({ panel: { jobStepMs: 120_000 } });
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));

  it('starts an update of the selected nodes after one confirmation', async () => {
    const selection = [await nodeItem(api, 'ams-1'), await nodeItem(api, 'fra-2')];
    const audit = panel.data.audit.length;
    await onItem(api, 'panelOps.fleet.update', selection, 'Update 2 Nodes');
    assert.match(api.input.questions[0].title, /Update mtg on 2 nodes\?/);
    assert.deepEqual(api.input.notices.map((notice) => [notice.message, notice.actions]), [['Fleet update of 2 nodes started.', ['Show Fleet Updates']]]);
    const started = auditSince(panel, audit, 'fleet.updates.start');
    assert.equal(started.length, 1);
    assert.deepEqual(started[0].details.node_ids, selection.map((item) => item.node.id));
    assert.equal([...panel.data.fleetUpdates.values()].filter((update) => update.status === 'running').length, 1);
  });

  it('lists the running update with its nodes and progress, and stops it', async () => {
    const audit = panel.data.audit.length;
    await runWithAnswers('panelOps.fleet.showUpdates', 'ams-1, fra-2', 'Stop Update');
    const pick = api.input.questions[0];
    assert.equal(pick.kind, 'pick');
    assert.deepEqual(pick.items, ['$(sync~spin) ams-1, fra-2']);
    assert.match(api.input.questions[1].title, /Stop the fleet update of ams-1, fra-2\?/);
    assert.equal(auditSince(panel, audit, 'fleet.updates.stop').length, 1);
    assert.deepEqual([...panel.data.fleetUpdates.values()].map((update) => update.status), ['stopped']);
  });

  it('counts progress from the update\'s own node states: a queued update with every node pending is 0/2, though one node already runs the target version', async () => {
    const ams = [...panel.data.nodes.values()].find((node) => node.name === 'ams-1');
    const fra = [...panel.data.nodes.values()].find((node) => node.name === 'fra-2');
    assert.ok(ams && fra);
    ams.engine_version = '2.1.8';
    const id = '0e1d2c3b-4a59-4876-9543-210fedcba987';
    panel.data.fleetUpdates.set(id, {
      id, status: 'queued', node_ids: [ams.id, fra.id],
      nodes: [{ node_id: ams.id, state: 'pending' }, { node_id: fra.id, state: 'pending' }],
      engine: 'mtg', target_version: '2.1.8', created_at: new Date().toISOString(), finished_at: null, stopped_at: null, created_by: 'ops',
    });
    await runWithAnswers('panelOps.fleet.showUpdates', { cancel: true });
    const description = api.input.questions[0].descriptions?.[0] ?? '';
    assert.match(description, /0\/2 nodes updated/, description);
    panel.data.fleetUpdates.delete(id);
  });

});
