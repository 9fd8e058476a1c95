// Reading the site-templates list: which nodes serve a template, when the panel's answer says so (the
// contract leaves the shape open), as names or a count; nothing when it does not say.
import * as assert from 'node:assert/strict';
import { parseSiteTemplates, servingNodesOf } from '../../../src/state/siteTemplatesModel';
import { startPanel, type SimulatedPanel } from '../../panel';

describe('state: site templates model', () => {
  it('reads the serving nodes as names, a count, or not at all', () => {
    assert.deepEqual(servingNodesOf({ nodes: [{ id: 'a', name: 'fra-2' }, { id: 'b', hostname: 'hel-3.example' }] }), { count: 2, names: ['fra-2', 'hel-3.example'] });
    assert.deepEqual(servingNodesOf({ served_by: ['ams-1'] }), { count: 1, names: ['ams-1'] });
    assert.deepEqual(servingNodesOf({ node_ids: ['0b4f…', '9c1e…'] }), { count: 2, names: [] }, 'ids are no names');
    assert.deepEqual(servingNodesOf({ nodes: [{ id: 'a' }, { id: 'b', name: 'x' }] }), { count: 2, names: [] }, 'a node without a name: the count only');
    assert.deepEqual(servingNodesOf({ nodes_count: 3 }), { count: 3, names: [] });
    assert.deepEqual(servingNodesOf({ nodes: [] }), { count: 0, names: [] });
    assert.equal(servingNodesOf({ id: 'x', nodes_count: -1, nodes: 'fra-2' }), undefined);
  });

  describe('against the simulated panel', () => {
    let panel: SimulatedPanel;
    afterEach(async () => panel?.close());

    for (const reading of ['first', 'second'] as const) {
      it(`${reading} reading: ${reading === 'first' ? 'no serving nodes in the list' : 'the nodes serving each template'}`, async () => {
        panel = await startPanel({ dataset: 'demo', readings: { reading } });
        const answer = await (await fetch(`${panel.url}/api/v1/site-templates`, { headers: { authorization: `Bearer ${panel.tokens.owner}` } })).json();
        const { templates } = parseSiteTemplates(answer);
        const minimal = templates.find((template) => template.name === 'Minimal landing');
        assert.ok(minimal);
        if (reading === 'first') assert.ok(templates.every((template) => template.servedBy === undefined));
        else assert.deepEqual(minimal.servedBy, { count: 1, names: ['ams-1'] });
      });
    }
  });
});
