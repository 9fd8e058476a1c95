import * as assert from 'node:assert/strict';
import { startPanel, type SimulatedPanel } from '../../panel';
import { rawRequest } from '../../panel/rawRequest';

describe('simulated panel: alerts, audit, site templates, branding, settings', () => {
  let panel: SimulatedPanel;
  const call = (method: string, path: string, json?: unknown, token?: string) =>
    rawRequest(panel.url, { method, path: `/api/v1${path}`, token: token ?? panel.tokens.owner, json });

  beforeEach(async () => {
    panel = await startPanel({ dataset: 'demo' });
  });
  afterEach(() => panel.close());

  it('lists alerts with an unresolved count and resolves one or many by int64 id', async () => {
    const before = (await call('GET', '/alerts')).json();
    assert.equal(before.items.length, 8);
    assert.deepEqual([...new Set(before.items.map((a: { severity: string }) => a.severity))].sort(), ['critical', 'info', 'warning']);
    assert.ok(before.items.some((a: { message: string }) => a.message.includes('<script>')));
    const open = before.items.filter((a: { resolved: boolean }) => !a.resolved);
    assert.equal(before.unresolved, open.length);
    const one = await call('POST', `/alerts/${open[0].id}/resolve`);
    assert.deepEqual([one.status, one.json().resolved, typeof one.json().resolved_at], [200, true, 'string']);
    assert.equal((await call('POST', '/alerts/abc/resolve')).status, 404);
    assert.equal((await call('POST', '/alerts/999999/resolve')).status, 404);
    const many = await call('POST', '/alerts/resolve', { ids: open.slice(1).map((a: { id: number }) => a.id) });
    assert.equal(many.json().resolved, open.length - 1);
    assert.equal((await call('GET', '/alerts')).json().unresolved, 0);
    assert.equal((await call('POST', '/alerts/resolve', {})).json().error.fields.ids, 'at least one alert id is required');
    assert.equal((await call('POST', '/alerts/resolve', { ids: ['x'] })).status, 422);
  });

  it('records mutations in the audit log with the token id and filters by action prefix, user and time', async () => {
    const adminTokenId = panel.data.tokens[1].id;
    await call('POST', `/alerts/${panel.data.alerts[0].id}/resolve`, undefined, panel.tokens.admin);
    const audit = (await call('GET', '/audit?action=alerts.&user=admin&per_page=1')).json();
    assert.equal(audit.per_page, 1);
    assert.ok(audit.total >= 2);
    assert.deepEqual([audit.items[0].action, audit.items[0].actor, audit.items[0].api_token_id], ['alerts.resolve', 'admin', adminTokenId]);
    assert.equal((await call('GET', '/audit?per_page=500')).json().per_page, 50);
    const recent = (await call('GET', `/audit?from=${new Date(Date.now() - 2 * 3600_000).toISOString()}`)).json();
    assert.ok(recent.items.every((e: { created_at: string }) => Date.parse(e.created_at) >= Date.now() - 2 * 3600_000 - 1000));
    assert.equal((await call('GET', '/audit?from=yesterday')).status, 422);
  });

  it('limits a monitoring caller to the last 24 hours by default and to at most 31 days', async () => {
    const { secret } = panel.issueToken({ role: 'admin', scopes: ['monitoring:read', 'audit:read'] });
    const all = (await call('GET', '/audit?per_page=200')).json();
    const monitoring = (await call('GET', '/audit?per_page=200', undefined, secret)).json();
    assert.ok(monitoring.total < all.total);
    assert.ok(monitoring.items.every((e: { created_at: string }) => Date.now() - Date.parse(e.created_at) <= 24 * 3600_000 + 1000));
    const wide = (await call('GET', `/audit?from=2000-01-01T00:00:00Z`, undefined, secret)).json();
    assert.ok(Date.parse(wide.to) - Date.parse(wide.from) <= 31 * 86_400_000);
  });

  it('validates site templates: a missing <title> and unclosed tags, with line numbers', async () => {
    const bad = (await call('POST', '/site-templates/validate', { html: '<html>\n<head></head>\n<body>\n<div>\n<p>hi</p>\n</body>\n</html>' })).json();
    assert.equal(bad.valid, false);
    assert.ok(bad.errors.some((e: { message: string }) => /title/.test(e.message)));
    assert.ok(bad.errors.some((e: { line: number; message: string }) => e.line === 4 && /<div> is not closed/.test(e.message)));
    const good = (await call('POST', '/site-templates/validate', { html: '<!doctype html><html><head><title>x</title><meta charset="utf-8"></head><body><br><img src="a.png"></body></html>' })).json();
    assert.deepEqual(good, { valid: true, errors: [] });
  });

  it('creates, updates, customizes and deletes site templates; built-in ones are read-only', async () => {
    const list = (await call('GET', '/site-templates')).json();
    assert.ok(list.items.length >= 3);
    const builtin = list.items.find((t: { builtin: boolean }) => t.builtin);
    assert.equal((await call('PUT', `/site-templates/${builtin.id}`, { name: 'x' })).status, 409);
    const copy = await call('POST', `/site-templates/${builtin.id}/customize`, { values: { site_name: 'Acme' } });
    assert.equal(copy.status, 201);
    assert.match(copy.json().html, /Acme/);
    const updated = await call('PUT', `/site-templates/${copy.json().id}`, { html: '<html><head><title>t</title></head><body></body></html>' });
    assert.equal(updated.status, 200);
    assert.equal((await call('PUT', `/site-templates/${copy.json().id}`, { body: 'x' })).status, 400);
    assert.equal((await call('DELETE', `/site-templates/${copy.json().id}`)).status, 204);
    assert.equal((await call('GET', `/site-templates/${copy.json().id}`)).status, 404);
  });

  it('updates branding profiles with the 2.4 fields only, activates, deletes and takes multipart uploads', async () => {
    const profiles = (await call('GET', '/branding/profiles?live=0')).json().items;
    const inactive = profiles.find((p: { active: boolean }) => !p.active);
    assert.equal((await call('PUT', `/branding/profiles/${inactive.id}`, { panel_name: 'Ops', primary_color: '#112233' })).json().panel_name, 'Ops');
    const unknown = await call('PUT', `/branding/profiles/${inactive.id}`, { logo_url: 'x' });
    assert.deepEqual([unknown.status, unknown.json().error.code], [400, 'unknown_field']);
    assert.equal((await call('PUT', `/branding/profiles/${inactive.id}`, { primary_color: 'red' })).status, 422);

    const boundary = 'simBoundary42';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = (kind: string) =>
      rawRequest(panel.url, { method: 'POST', path: `/api/v1/branding/profiles/${inactive.id}/upload?kind=${kind}`, token: panel.tokens.owner, headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` }, body: payload });
    const uploaded = await upload('logo_dark');
    assert.equal(uploaded.status, 200);
    assert.deepEqual([uploaded.json().asset.size, uploaded.json().asset.filename], [7, 'logo.png']);
    assert.equal((await upload('banner')).json().error.fields.kind.startsWith('must be one of'), true);

    const active = profiles.find((p: { active: boolean }) => p.active);
    assert.equal((await call('DELETE', `/branding/profiles/${active.id}`)).status, 409);
    assert.equal((await call('POST', `/branding/profiles/${inactive.id}/activate`)).json().active, true);
    assert.equal((await call('DELETE', `/branding/profiles/${active.id}`)).status, 204);
    assert.equal((await call('POST', '/branding/profiles', { name: 'Spring' })).status, 201);
    const live = (await call('GET', '/branding/profiles?live=1')).json();
    assert.equal(live.live, true);
  });

  it('keeps settings to their known fields and sends the messenger test for the owner', async () => {
    assert.equal((await call('PUT', '/settings', { no_such_setting: 1 })).status, 400);
    assert.equal((await call('PUT', '/settings', { panel_name: 42 })).status, 422);
    assert.equal((await call('POST', '/settings/telegram/test', { message: 'hello' })).json().sent, true);
    assert.equal((await call('POST', '/settings/telegram/test', undefined, panel.tokens.admin)).status, 403);
    assert.match((await call('GET', '/settings/subscription-page/preview', undefined, panel.tokens.readOnly)).json().html, /<title>/);
  });
});
