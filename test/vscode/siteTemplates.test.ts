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

    it('lists every template with its id as description and a safe tooltip', async () => {
      await vscode.commands.executeCommand('panelOps.siteTemplates.refresh');
      const items = await children(api.siteTemplates);
      const templates = [...panel.data.siteTemplates.values()];
      assert.equal(items.length, templates.length);
      assert.ok(items.every((item) => /^siteTemplate\.(builtin|custom)$/.test(item.contextValue ?? '')));
      assert.deepEqual(new Set(items.map((item) => String(item.description).replace(/^built-in · /, ''))), new Set(templates.map((template) => template.id)));
      for (const item of items) {
        assert.equal(item.command?.command, 'panelOps.siteTemplates.open', 'clicking opens the template');
        const tooltip = tooltipOf(item);
        assert.equal(tooltip.isTrusted, false);
        assert.doesNotMatch(tooltip.value, /(^|[^\\])</);
      }
      for (const template of templates.filter((candidate) => /^[\x20-\x7e]{1,200}$/.test(candidate.name))) {
        const item = items.find((candidate) => String(candidate.description).endsWith(template.id));
        assert.equal(item && labelOf(item), template.name.replace(/\s+/g, ' ').trim());
      }
    });

    it('loads once and answers later displays from what it loaded, until refreshed', async () => {
      await vscode.commands.executeCommand('panelOps.siteTemplates.refresh');
      panel.resetRequests();
      await children(api.siteTemplates);
      await children(api.siteTemplates);
      assert.equal(requestsTo(panel, '/site-templates').length, 1);
    });

    it('a refresh cancels the load in flight and shows the newest answer', async () => {
      panel.inject({ kind: 'latency', ms: 4000, match: { method: 'GET', path: '/site-templates' }, times: 1 });
      api.siteTemplates.provider.refresh();
      const stale = Promise.resolve(children(api.siteTemplates));
      api.siteTemplates.provider.refresh();
      const started = Date.now();
      assert.deepEqual(await stale, [], 'the superseded load shows nothing');
      assert.ok(Date.now() - started < 2000, 'the superseded load ends at once instead of waiting for the slow answer');
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
