// Members the panel owns (issue 33, part 4) are not written into the files an operator edits: ids of
// resources, the panel's clocks, versions and revisions, a site's deployment state; told by rule, not only by
// name. A file changes only when something the operator owns changes, and a folder carries no id of its panel
// outside its state file. A member the rule cannot tell stays in the file, echoed.
import * as assert from 'node:assert/strict';
import type { JsonObject } from '../../../src/api/types';
import { echoedObject, isOwnedMember, planPanel, pullPanel, STATE_FILE } from '../../../src/panelFolder';
import { nodeResource } from '../../../src/panelFolder/readPanel';
import { READINGS } from '../../panel';
import { useDemoPanels } from '../support/demoPanels';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

describe('panel folder: members the panel owns', function () {
  this.timeout(60_000);
  const startDemo = useDemoPanels();
  const start = (reading: (typeof READINGS)[number]) => startDemo({ readings: { reading }, jobStepMs: 60_000 });

  it('tells them by rule: ids and references to resources, the panel\'s clocks and accounts, revisions', () => {
    const answer: JsonObject = {
      id: 'a1', based_on: '0b7f4c1e-8f7a-4c59-9d1e-2f4b6a7c8d9e', node_ids: ['4f1c2d3e-5a6b-4c7d-8e9f-0a1b2c3d4e5f'], parent_template_id: null, deployed_at: '2026-01-01T00:00:00Z',
      last_deployed_at: '2026-01-01T00:00:00Z', changed_by: 'admin', revisions: [{ n: 1 }], version: 3,
      expires_at: '2027-01-01T00:00:00Z', allowed: ['0b7f4c1e-8f7a-4c59-9d1e-2f4b6a7c8d9e'],
      title: 'Kept', revision_label: 'kept: cannot be told', limits: { per_minute: '60', updated_at: 'nested clock', meta: { etag: 'x' } },
      variables: { id: 'an operator\'s placeholder named id' }, lastApplyAt: '2026-01-01T00:00:00Z', templateId: '9d1e2f4b-6a7c-4d9e-8f7a-0b7f4c1e4c59', updatedBy: 'someone',
      created: '2026-09-29T16:42:23.720Z', lastDeployed: '2026-09-29 16:42:23+00:00', created_note: 'kept: not a date-time',
      chat_id: '-1001234567890', _links: { self: '/api/v1/nodes/a1' },
    };
    assert.deepEqual(echoedObject(answer), {
      // A messenger's chat id is the operator's setting, not an id of the panel's: it does not look like one.
      chat_id: '-1001234567890',
      created_note: 'kept: not a date-time', expires_at: '2027-01-01T00:00:00Z', limits: { per_minute: '60' }, revision_label: 'kept: cannot be told', title: 'Kept',
      variables: { id: 'an operator\'s placeholder named id' },
    });
    assert.equal(isOwnedMember('grid', 'x'), false);
    assert.equal(isOwnedMember('note', 'text'), false);
  });

  it('keeps a site\'s deployment state out of a node\'s file whatever the panel calls it, and a node\'s members under the names it uses', () => {
    const node = nodeResource(
      { id: 'n1', name: 'ams-1', host: 'ams-1.example', location: { value: 'Amsterdam' }, notes: null, extra: 'not managed' },
      1,
      { site: { template: 't1', template_title: 'Landing', enabled: 'true', deploy_state: 'pending_apply', deployStatus: 'ok', previewUrl: 'https://x', backend: { url: 'https://u', enabled: true } } },
      new Map([['t1', 'Landing']]),
    );
    assert.deepEqual(node.doc, {
      name: 'ams-1', host: 'ams-1.example', location: { value: 'Amsterdam' }, notes: null, order: 1,
      site: { backend: { enabled: true, url: 'https://u' }, enabled: 'true', template: 'Landing' },
    });
    assert.equal(node.siteTemplateMember, 'template', 'the template sent back under the name read');
  });

  for (const reading of READINGS) {
    it(`writes none into the files an operator edits; a change the panel alone makes to them changes no file (${reading} reading)`, async () => {
      const { panel, api } = await start(reading);
      const first = await pullPanel(api);
      const ids = [...panel.data.nodes.keys(), ...panel.data.siteTemplates.keys(), ...panel.data.brandingProfiles.keys()];
      for (const [path, text] of first.files) {
        if (path === STATE_FILE || path === 'users.csv') continue;
        for (const id of ids) assert.ok(!text.toLowerCase().includes(id.toLowerCase()), `${path} holds an id of the panel`);
        if (path.endsWith('.json')) {
          assert.doesNotMatch(text, /"[a-z_]*_at":|"(version|revision|deployment|status|updated_by|template_id|node_id)":/, path);
          assert.doesNotMatch(text, UUID, path);
        }
      }
      // The panel's own changes: a node applied (deployment, clocks), a template saved as it was (version, updated_at).
      for (const node of panel.data.nodes.values()) {
        node.dirty = !node.dirty;
        node.last_apply_at = new Date(Date.now() + 60_000).toISOString();
      }
      const template = [...panel.data.siteTemplates.values()].find((entry) => !entry.builtin);
      assert.ok(template);
      await api.siteTemplates.update(template.id, { description: template.description });
      const second = await pullPanel(api);
      for (const [path, text] of second.files) if (path !== STATE_FILE) assert.equal(text, first.files.get(path), `${path} unchanged`);
      const plan = await planPanel(api, first.files);
      assert.deepEqual([plan.changes, plan.conflicts, plan.panelOnly, plan.problems], [[], [], [], []], 'nothing planned, nothing drifted');
    });
  }
});
