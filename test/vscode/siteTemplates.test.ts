// The Site templates view inside a real VS Code, against the simulated panel.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { READINGS, type SimulatedPanel } from '../panel';
import { children, connect, connectedPanel, labelOf, requestsTo, tooltipOf, type TestApi } from './support';

for (const reading of READINGS) {
  describe(`Site templates view (${reading} reading)`, () => {
    const connected = connectedPanel({ panel: { readings: { reading } }, connect: { name: `Templates panel (${reading})` } });
    let api: TestApi;
    let panel: SimulatedPanel;

    before(() => ({ api, panel } = connected));

    afterEach(() => panel.clearFaults());

    it('describes each template by what helps choose it (never its id, which is in a safe tooltip)', async () => {
      await vscode.commands.executeCommand('panelOps.siteTemplates.refresh');
      const items = await children(api.siteTemplates);
      const templates = [...panel.data.siteTemplates.values()];
      assert.equal(items.length, templates.length);
      assert.ok(items.every((item) => /^siteTemplate\.(builtin|custom)$/.test(item.contextValue ?? '')));
      const nodes = [...panel.data.nodes.values()];
      let served = 0;
      for (const template of templates) {
        const item = items.find((candidate) => tooltipOf(candidate).value.replace(/\\/g, '').includes(template.id));
        assert.ok(item, `the tooltip of one item holds the id of ${template.name}`);
        const description = String(item.description);
        assert.doesNotMatch(description, /[0-9a-f]{8}-[0-9a-f]{4}-/i, 'no uuid as description');
        assert.match(description, template.builtin ? /^built-in/ : /^custom/);
        if (/^[\x20-\x7e]{1,60}$/.test(template.description)) assert.ok(description.endsWith(template.description), description);
        const serving = nodes.filter((node) => node.site.template_id === template.id).map((node) => node.name);
        if (reading === 'second') {
          assert.ok(description.includes(serving.length === 0 ? ' · not in use' : ` · on ${serving.join(', ')}`) || serving.length > 3, description);
          served += serving.length;
        } else {
          assert.doesNotMatch(description, / · (on|not in use)/, 'the first reading does not say which nodes serve it');
        }
        if (/^[\x20-\x7e]{1,200}$/.test(template.name)) assert.equal(labelOf(item), template.name.replace(/\s+/g, ' ').trim());
        assert.equal(item.command?.command, 'panelOps.siteTemplates.open', 'clicking opens the template');
        const tooltip = tooltipOf(item);
        assert.equal(tooltip.isTrusted, false);
        assert.doesNotMatch(tooltip.value, /(^|[^\\])</);
      }
      if (reading === 'second') assert.ok(served > 0, 'some template is served by a node');
    });

    it('loads once and answers later displays from what it loaded, until refreshed', async () => {
      panel.resetRequests();
      await vscode.commands.executeCommand('panelOps.siteTemplates.refresh');
      await children(api.siteTemplates);
      await children(api.siteTemplates);
      assert.equal(requestsTo(panel, '/site-templates').length, 1, 'the refresh read the list; the displays after it read nothing');
    });

    it('a refresh cancels the read in flight and shows the newest answer', async () => {
      panel.inject({ kind: 'latency', ms: 4000, match: { method: 'GET', path: '/site-templates' }, times: 1 });
      const stale = Promise.resolve(api.siteTemplates.provider.refresh());
      const fresh = Promise.resolve(api.siteTemplates.provider.refresh());
      const started = Date.now();
      await stale;
      assert.ok(Date.now() - started < 2000, 'the superseded read ends at once instead of waiting for the slow answer');
      await fresh;
      panel.clearFaults(); // the slow answer may not have been asked for yet
      const items = await children(api.siteTemplates);
      assert.equal(items.length, panel.data.siteTemplates.size);
    });

    it('shows an error node with a retry when the panel fails, and recovers', async () => {
      panel.inject({ kind: 'html', status: 502, match: { method: 'GET', path: '/site-templates' }, times: 10 });
      await vscode.commands.executeCommand('panelOps.siteTemplates.refresh');
      const items = await children(api.siteTemplates);
      assert.deepEqual(items.map((item) => item.contextValue), ['error']);
      panel.clearFaults();
      await vscode.commands.executeCommand('panelOps.retryLoad', items[0]);
      const after = await children(api.siteTemplates);
      assert.ok(after.length > 0 && after.every((item) => item.contextValue?.startsWith('siteTemplate.')));
    });

    it('says the token lacks sites:read instead of loading', async () => {
      const { secret } = panel.issueToken({ role: 'owner', scopes: ['nodes:read'] });
      await connect(panel, secret, { scopes: ['nodes:read'], name: `Templates panel (${reading})` });
      try {
        panel.resetRequests();
        const items = await children(api.siteTemplates);
        assert.deepEqual(items.map(labelOf), ['This token lacks sites:read']);
        assert.equal(requestsTo(panel, '/site-templates').length, 0);
      } finally {
        await connect(panel, panel.tokens.owner, { name: `Templates panel (${reading})` });
      }
    });
  });
}
