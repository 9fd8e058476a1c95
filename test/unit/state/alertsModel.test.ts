// GET /alerts and GET /site-templates are "any JSON object": the readers find the list and the fields
// wherever the panel puts them, and never throw on odd items.
import * as assert from 'node:assert/strict';
import { parseAlerts, unresolvedCount } from '../../../src/state/alertsModel';
import { listFromResponse } from '../../../src/api/listFromResponse';
import { parseTemplateRecord } from '../../../src/state/siteTemplateRecord';
import { parseSiteTemplates } from '../../../src/state/siteTemplatesModel';

describe('alerts reader', () => {
  it('finds the list under items, alerts or data, or takes a bare array', () => {
    const alert = { id: 1, title: 'Node down' };
    for (const response of [{ items: [alert] }, { alerts: [alert] }, { data: [alert] }, [alert], { data: { items: [alert] } }]) {
      assert.equal(parseAlerts(response).alerts.length, 1, JSON.stringify(response));
    }
    assert.deepEqual(parseAlerts({ total: 0 }).alerts, []);
    assert.deepEqual(parseAlerts(null).alerts, []);
  });

  it('puts unresolved alerts first, most severe first, and counts them', () => {
    const list = parseAlerts({
      items: [
        { id: 1, severity: 'info', title: 'a', created_at: '2026-01-01T00:00:00Z' },
        { id: 2, level: 'critical', title: 'b', created_at: '2026-01-01T00:00:00Z' },
        { id: 3, severity: 'warning', title: 'c', resolved: true, resolved_at: '2026-01-02T00:00:00Z' },
        { id: 4, severity: 'warning', title: 'd', created_at: '2026-01-03T00:00:00Z' },
        { id: 5, title: 'e', resolved_at: '2026-01-04T00:00:00Z' },
      ],
    });
    assert.deepEqual(list.alerts.map((alert) => alert.id), [2, 4, 1, 5, 3]);
    assert.deepEqual(list.alerts.map((alert) => alert.severity), ['error', 'warning', 'info', 'info', 'warning']);
    assert.equal(unresolvedCount(list), 3);
  });

  it('reads title from message/text when there is no title, and tolerates nulls', () => {
    const [alert] = parseAlerts([{ id: null, severity: null, title: null, text: 'Disk full', created_at: null }]).alerts;
    assert.equal(alert.title, 'Disk full');
    assert.equal(alert.message, '');
    assert.equal(alert.id, undefined);
    assert.equal(alert.createdAt, undefined);
    assert.equal(alert.resolved, false);
  });

  it('counts items that are not objects instead of failing', () => {
    const list = parseAlerts({ items: [1, 'text', null, [], { id: 7, message: 'ok' }] });
    assert.equal(list.alerts.length, 1);
    assert.equal(list.unreadable, 4);
  });
});

describe('site templates reader', () => {
  it('reads id, name and extra scalar details from any of the usual list members', () => {
    for (const member of ['items', 'templates', 'site_templates', 'data']) {
      const { templates } = parseSiteTemplates({ [member]: [{ id: 't1', name: 'Bakery', kind: 'static', nested: { x: 1 } }] });
      assert.equal(templates.length, 1, member);
      assert.equal(templates[0].id, 't1');
      assert.equal(templates[0].name, 'Bakery');
      assert.deepEqual(templates[0].details, [['kind', 'static']]);
    }
  });

  it('falls back to the id when the name is missing', () => {
    const { templates, unreadable } = parseSiteTemplates([{ id: 9 }, 'junk']);
    assert.equal(templates[0].name, '9');
    assert.equal(unreadable, 1);
  });

  it('counts readonly: true as built in, as the template record does', () => {
    const entries = [{ id: 'a', readonly: true }, { id: 'b', builtin: true }, { id: 'c', built_in: true }, { id: 'd', readonly: false }];
    const { templates } = parseSiteTemplates(entries);
    assert.deepEqual(templates.map((template) => template.builtin), [true, true, true, false]);
    assert.deepEqual(entries.map((entry) => parseTemplateRecord(entry)?.builtin), [true, true, true, false]);
  });

  it('reads id, name and description the way the template record does', () => {
    const entries = [{ slug: 'bakery', summary: 'Bread' }, { template_id: 7, title: 'Shop', description: 'Goods' }];
    const { templates } = parseSiteTemplates(entries);
    assert.deepEqual(templates.map((template) => [template.id, template.name, template.description]), [['bakery', 'bakery', 'Bread'], ['7', 'Shop', 'Goods']]);
    assert.deepEqual(entries.map((entry) => { const record = parseTemplateRecord(entry); return [record?.id, record?.name, record?.description]; }), [['bakery', 'bakery', 'Bread'], ['7', 'Shop', 'Goods']]);
  });
});

describe('listFromResponse', () => {
  it('prefers the named members in order and ignores non-arrays', () => {
    assert.deepEqual(listFromResponse({ items: 'no', data: [1] }, ['items', 'data']), [1]);
    assert.deepEqual(listFromResponse('text', ['items']), []);
  });
});
