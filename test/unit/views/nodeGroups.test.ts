import * as assert from 'node:assert/strict';
import type { PanelNode } from '../../../src/api/types';
import { addCounts, countNodes, nodesSummary, groupNodes, matchesNameFilter, panelSummary, statusGroupOf } from '../../../src/views/shared/nodeGroups';
import { plainLocalize } from '../support/plainLocalize';

const fleet: Partial<PanelNode>[] = [
  { id: 'n1', name: 'fra-1', status: 'online', region: 'eu' },
  { id: 'n2', name: 'ams-2', status: 'online', dirty: true, region: 'eu' },
  { id: 'n3', name: 'nyc-1', status: 'offline', region: 'us' },
  { id: 'n4', name: 'sgp-1', status: 'degraded' },
  { id: 'n5', name: 'fra-2', status: 'online', last_apply_status: 'rolled_back', region: 'eu' },
  { id: 'n6' }, // a node the panel sent with nothing but an id
];

describe('Nodes view: large fleets', () => {
  it('groups by status with problems first: offline, degraded, failed apply, not applied, then healthy', () => {
    const groups = groupNodes(fleet, 'status', (node) => ({ node }));
    assert.deepEqual(groups.map((group) => [group.key, group.nodes.map((node) => node.id)]), [
      ['offline', ['n3']],
      ['degraded', ['n4']],
      ['failedApply', ['n5']],
      ['notApplied', ['n2']],
      ['healthy', ['n1', 'n6']],
    ]);
  });

  it('counts a node unreachable at its last action as offline, and its last 502 as a failed apply', () => {
    assert.equal(statusGroupOf({ id: 'x', status: 'online' }, { kind: 'offline', operation: 'restart', message: '' }), 'offline');
    assert.equal(statusGroupOf({ id: 'x', status: 'online' }, { kind: 'failedOnNode', operation: 'apply', message: '' }), 'failedApply');
  });

  it('groups by region alphabetically, nodes without a region last', () => {
    const groups = groupNodes(fleet, 'region', (node) => ({ node }));
    assert.deepEqual(groups.map((group) => [group.key, group.nodes.length]), [['eu', 3], ['us', 1], ['', 2]]);
  });

  it('filters by name, hostname or id, ignoring case', () => {
    assert.deepEqual(fleet.filter((node) => matchesNameFilter(node, 'FRA', plainLocalize)).map((node) => node.id), ['n1', 'n5']);
    assert.deepEqual(fleet.filter((node) => matchesNameFilter(node, '  ', plainLocalize)).length, fleet.length);
  });

  it('summarises a fleet with only the problems there are', () => {
    assert.equal(nodesSummary(countNodes(fleet), plainLocalize), '6 nodes · 1 offline · 1 degraded · 1 failed apply · 1 not applied');
    assert.equal(nodesSummary(countNodes([{ id: 'a', status: 'online' }]), plainLocalize), '1 node');
  });

  it('sums the fleets of several panels', () => {
    const sum = addCounts(countNodes(fleet), countNodes([{ id: 'z', status: 'offline', dirty: true }]));
    assert.equal(nodesSummary(sum, plainLocalize), '7 nodes · 2 offline · 1 degraded · 1 failed apply · 2 not applied');
  });

  it('says what a panel item knows: nodes and alerts, either left out until read', () => {
    assert.equal(panelSummary(countNodes(fleet.slice(0, 3)), 2, plainLocalize), '3 nodes · 1 offline · 1 not applied · 2 alerts');
    assert.equal(panelSummary(undefined, 1, plainLocalize), '1 alert');
    assert.equal(panelSummary(undefined, undefined, plainLocalize), undefined);
  });
});
