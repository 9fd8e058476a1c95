// What the views and pages read, under every seeded reading of the simulated panel: for each entity the
// panel holds (alerts, branding profiles, site templates, fleet updates, audit entries, node sites, nodes,
// dashboard figures) the reader behind the view gives an item, never throws, never shows "undefined",
// "[object Object]" or "NaN", and shows the panel's own text where it cannot read a member (a title given as
// an object, a flag renamed) rather than dropping the entity or guessing.
import * as assert from 'node:assert/strict';
import { auditEntries } from '../../../src/api/audit';
import type { JsonObject } from '../../../src/api/types';
import { parseAlerts } from '../../../src/state/alertsModel';
import { userCountsOf } from '../../../src/state/userAnswers';
import { brandingProfiles } from '../../../src/state/brandingModel';
import { parseSiteTemplates } from '../../../src/state/siteTemplatesModel';
import { fleetUpdateDescription, fleetUpdatesOf } from '../../../src/views/nodes/fleetUpdateText';
import { nodeDescription, nodeTooltipRows } from '../../../src/views/nodes/nodeDescription';
import { siteRows } from '../../../src/views/nodes/nodeSiteRows';
import { auditColumns, auditRows } from '../../../src/webviews/audit/auditTable';
import { readShape } from '../../../src/webviews/figures/shapeReading';
import { plainLocalize as t } from '../support/plainLocalize';
import { propertySeeds, replayHint, useSeededPanel } from './propertySeeds';

/** Text that must never reach an operator. */
const BROKEN_TEXT = /\bundefined\b|\[object Object\]|\bNaN\b/;

function noBrokenText(value: unknown, what: string): void {
  const text = typeof value === 'string' ? value : JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item));
  assert.ok(!BROKEN_TEXT.test(text ?? ''), `${what} shows ${text}`);
}

describe('properties: what the views read, under every seeded reading', function () {
  this.timeout(60_000);
  const seeded = useSeededPanel();

  for (const seed of propertySeeds()) {
    it(`seed ${seed}: every alert, profile, template, fleet update, audit entry, node and site has its item, with the panel's text`, async () => {
      const { panel, api } = await seeded(seed);
      const hint = replayHint(seed);
      const get = (path: string, query?: Record<string, string>) => api.call('GET', path, query ? { query } : {});
      const data = panel.data;
      const now = Date.now();

      // Alerts: one item each, its label or message the panel's title or message.
      const alerts = parseAlerts(await get('/alerts')).alerts;
      assert.equal(alerts.length, data.alerts.length, `alerts read ${hint}`);
      for (const held of data.alerts) {
        // By its message (two alerts may share a title), else by its title.
        const shows = (alert: (typeof alerts)[number], text: string) => text !== '' && `${alert.title}\n${alert.message}`.includes(text);
        const item = alerts.find((alert) => shows(alert, held.message)) ?? alerts.find((alert) => shows(alert, held.title));
        assert.ok(item, `the alert "${held.title}" shows neither its title nor its message ${hint}: ${JSON.stringify(alerts.map((alert) => alert.title))}`);
        noBrokenText([item.title, item.message, item.severityText], `alert ${held.title} ${hint}`);
        assert.equal(item.resolved, held.resolved, `alert "${held.title}" resolved ${hint}`);
      }

      // Branding profiles: one each, the active one marked.
      const profiles = brandingProfiles(await get('/branding/profiles'), false).profiles;
      assert.deepEqual(profiles.map((profile) => profile.name).sort(), [...data.brandingProfiles.values()].map((profile) => profile.name).sort(), `branding profiles ${hint}`);
      assert.deepEqual(profiles.filter((profile) => profile.active).map((profile) => profile.name), [...data.brandingProfiles.values()].filter((profile) => profile.active).map((profile) => profile.name), `the active profile ${hint}`);

      // Site templates: one each, built-ins marked.
      const templates = parseSiteTemplates(await get('/site-templates')).templates;
      assert.deepEqual(templates.map((template) => template.name).sort(), [...data.siteTemplates.values()].map((template) => template.name).sort(), `site templates ${hint}`);
      for (const template of templates) {
        const held = [...data.siteTemplates.values()].find((candidate) => candidate.name === template.name);
        assert.equal(template.builtin, held?.builtin, `template "${template.name}" built in ${hint}`);
        noBrokenText([template.name, template.description ?? ''], `template ${template.name} ${hint}`);
      }

      // Fleet updates (one started so there is one to show).
      const nodeIds = [...data.nodes.values()].filter((node) => node.status === 'online').slice(0, 2).map((node) => node.id);
      await api.call('POST', '/fleet/updates', { body: { node_ids: nodeIds } });
      const updates = fleetUpdatesOf(await get('/fleet/updates'));
      assert.equal(updates.length, data.fleetUpdates.size, `fleet updates ${hint}`);
      for (const update of updates) {
        assert.deepEqual([...update.nodeIds].sort(), [...(data.fleetUpdates.get(update.id)?.node_ids ?? [])].sort(), `fleet update ${update.id} nodes ${hint}`);
        noBrokenText(fleetUpdateDescription(update, now, t), `fleet update ${update.id} ${hint}`);
      }

      // Audit: a row per entry of the page, every cell text.
      const page = await get('/audit', { per_page: '50' });
      const entries = auditEntries((page ?? {}) as JsonObject);
      assert.equal(entries.length, Math.min(50, data.audit.length), `audit entries ${hint}`);
      const columns = auditColumns(entries);
      for (const row of auditRows(entries, columns)) noBrokenText(row.cells, `audit row ${hint}`);

      // Nodes and their sites.
      for (const held of data.nodes.values()) {
        const node = await get(`/nodes/${held.id}`);
        noBrokenText(nodeDescription(node as never, now, t), `node ${held.name} description ${hint}`);
        noBrokenText(nodeTooltipRows(node as never, t), `node ${held.name} tooltip ${hint}`);
        const rows = siteRows(await get(`/nodes/${held.id}/site`), t);
        assert.ok(rows.length > 0, `node ${held.name} has no Site rows ${hint}`);
        noBrokenText(rows, `node ${held.name} site ${hint}`);
        const template = held.site.template_id ? data.siteTemplates.get(held.site.template_id)?.name : undefined;
        if (template) assert.ok(rows.some(([, value]) => value.includes(template)), `node ${held.name}'s Site does not name its template "${template}" ${hint}: ${JSON.stringify(rows)}`);
      }

      // The Users view's figures (`GET /keys/summary`): the panel's own, as its first reading gives them.
      const counts = userCountsOf(await get('/keys/summary'));
      panel.readings.set('first', ['GET /keys/summary']);
      const plain = userCountsOf(await get('/keys/summary'));
      assert.deepEqual(counts, plain, `the users' figures ${hint}`);
      assert.equal(counts.total, data.keys.size, `the users' total ${hint}`);

      // The dashboard's figures.
      const dashboard = readShape((await get('/dashboard/summary')) as never);
      noBrokenText(dashboard, `dashboard ${hint}`);
    });
  }
});
