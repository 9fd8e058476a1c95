// Every create and mutation knows how to find out what happened when its answer is lost: the simulated
// panel carries out the request and drops the answer ("a dropped response after the mutation was
// applied"); the action reads back, tells the operator what the panel holds, never sends it a second time,
// and nothing is made twice.
import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { FaultMatch, SimulatedPanel } from '../panel';
import type { CustomizeSession } from '../../src/commands/siteTemplates/customizeTemplate';
import { addTemplate, endEditorTest, templateItem, VALID_HTML } from './editorSupport';
import { nodeItem, onItem } from './nodeSupport';
import { connectedPanel, eventually, runWithAnswers, type TestApi } from './support';

describe('Lost answers: every mutation reads back what the panel holds', () => {
  const connected = connectedPanel({ connect: { name: 'Lost answers panel' }, panel: { jobStepMs: 120_000 } });
  let api: TestApi;
  let panel: SimulatedPanel;
  const folder = mkdtempSync(join(tmpdir(), 'panel-ops-lost-'));

  before(() => ({ api, panel } = connected));
  afterEach(() => endEditorTest(api));

  /** Arms the drop of the next answer to `match`; returns how many such requests were sent since. */
  function dropNext(match: FaultMatch): () => number {
    panel.resetRequests();
    api.input.clear();
    panel.inject({ kind: 'drop-after-apply', match });
    return () => panel.requests.filter((request) => request.method === match.method && (match.path instanceof RegExp ? match.path.test(request.path) : request.path === `/api/v1${match.path}`)).length;
  }

  /** What the operator was told: never "Could not …", and a sentence matching `told`. */
  function assertTold(told: RegExp): void {
    const messages = api.input.notices.map((notice) => notice.message);
    assert.ok(messages.some((message) => told.test(message)), `told ${told}: ${JSON.stringify(messages)}`);
    assert.ok(!messages.some((message) => /^Could not/.test(message)), `not told it failed: ${JSON.stringify(messages)}`);
  }

  const templatesNamed = (name: string) => [...panel.data.siteTemplates.values()].filter((template) => template.name === name);

  it('New Site Template: created once, told so, and opened', async () => {
    const sent = dropNext({ method: 'POST', path: '/site-templates' });
    await runWithAnswers('panelOps.siteTemplates.new', 'Lost landing');
    assert.equal(sent(), 1, 'sent once');
    assert.equal(templatesNamed('Lost landing').length, 1);
    assertTold(/"Lost landing" was created/);
    await eventually(() => vscode.window.activeTextEditor?.document.uri.path.includes(templatesNamed('Lost landing')[0].id) === true, 'the new template opened');
  });

  it('Duplicate: one copy, told so', async () => {
    const template = addTemplate(panel, { name: 'Original' });
    const item = await templateItem(api, template.id);
    const sent = dropNext({ method: 'POST', path: '/site-templates' });
    await vscode.commands.executeCommand('panelOps.siteTemplates.duplicate', item);
    assert.equal(sent(), 1);
    assert.equal(templatesNamed('Original (copy)').length, 1);
    assertTold(/"Original \(copy\)" was created/);
  });

  it('Import Template: one template from a bundle, and one from an HTML page found by its HTML', async () => {
    const bundle = join(folder, 'lost.template.json');
    writeFileSync(bundle, JSON.stringify({ format: 'site-template/1', name: 'Lost import', html: VALID_HTML, css: '' }));
    let sent = dropNext({ method: 'POST', path: '/site-templates/import' });
    api.input.queue(bundle);
    await vscode.commands.executeCommand('panelOps.siteTemplates.import');
    assert.equal(sent(), 1);
    assert.equal(templatesNamed('Lost import').length, 1);
    assertTold(/"Lost import" was created/);

    const page = join(folder, 'lost-page.html');
    writeFileSync(page, '<!doctype html><html><head><title>Lost page</title></head><body><p>lost</p></body></html>');
    sent = dropNext({ method: 'POST', path: '/site-templates/import' });
    api.input.queue(page);
    await vscode.commands.executeCommand('panelOps.siteTemplates.import');
    assert.equal(sent(), 1);
    assert.equal(templatesNamed('Lost page').length, 1);
    assertTold(/"Lost page" was created/);
  });

  it('Customize: the copy is found by its name and opened; the form closes', async () => {
    const builtin = [...panel.data.siteTemplates.values()].find((candidate) => candidate.builtin && candidate.variables.length > 0);
    assert.ok(builtin);
    const session = await vscode.commands.executeCommand<CustomizeSession>('panelOps.siteTemplates.customize', await templateItem(api, builtin.id));
    assert.ok(session);
    const values = Object.fromEntries(builtin.variables.map((variable) => [variable.name, variable.default]));
    const match = { method: 'POST', path: new RegExp(`/site-templates/${builtin.id}/customize$`) };
    const sent = dropNext(match);
    // This panel (first reading) refuses the copy's `variables` with a 400, which makes nothing; the
    // extension sends once more without them, and it is that applied request whose answer is lost. A
    // no-op fault armed ahead of the drop lets the refusal through.
    panel.clearFaults();
    panel.inject({ kind: 'latency', ms: 0, match });
    panel.inject({ kind: 'drop-after-apply', match });
    session.form.probe.deliver({ type: 'submit', name: 'Lost custom', values });
    const copy = await session.created;
    assert.ok(copy, 'the read-back found the copy');
    assert.equal(sent(), 2, 'the refused request and the one applied: never a third');
    assert.equal(templatesNamed('Lost custom').length, 1);
    assertTold(/"Lost custom" was created/);
  });

  it('Delete Template: told it was deleted, and the view no longer lists it', async () => {
    const template = addTemplate(panel, { name: 'Doomed' });
    const item = await templateItem(api, template.id);
    const sent = dropNext({ method: 'DELETE', path: new RegExp(`/site-templates/${template.id}$`) });
    api.input.queue('Delete');
    const deleted = await vscode.commands.executeCommand('panelOps.siteTemplates.delete', item);
    assert.equal(sent(), 1);
    assert.equal(deleted, true);
    assert.equal(panel.data.siteTemplates.has(template.id), false);
    assertTold(/"Doomed" was deleted/);
  });

  it('saving a JSON document (the panel settings): saved, the buffer clean, sent once', async () => {
    await vscode.commands.executeCommand('panelOps.settings.open');
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor && editor.document.uri.path === '/settings.json');
    const document = editor.document;
    const text = document.getText();
    const settings = JSON.parse(text) as Record<string, unknown>;
    const field = Object.keys(settings).find((name) => typeof settings[name] === 'string' && !['base_url', 'updated_at'].includes(name));
    assert.ok(field, `a text field to change in ${text}`);
    const changed = text.replace(JSON.stringify(settings[field]), JSON.stringify(`${String(settings[field])} (lost)`));
    await editor.edit((builder) => builder.replace(new vscode.Range(0, 0, document.lineCount, 0), changed));
    const sent = dropNext({ method: 'PUT', path: '/settings' });
    assert.equal(await document.save(), true, 'read back: the panel holds it, so it is saved');
    assert.equal(sent(), 1);
    assert.equal(document.isDirty, false);
  });

  it('Create Branding Profile: one profile, told so', async () => {
    const sent = dropNext({ method: 'POST', path: '/branding/profiles' });
    await runWithAnswers('panelOps.branding.create', 'Lost brand');
    assert.equal(sent(), 1);
    assert.equal([...panel.data.brandingProfiles.values()].filter((profile) => profile.name === 'Lost brand').length, 1);
    assertTold(/holds 1 profile\(s\) named "Lost brand"/);
  });

  it('Create Node, Edit Node and Delete Node: each done once and told', async () => {
    let sent = dropNext({ method: 'POST', path: '/nodes' });
    await runWithAnswers('panelOps.nodes.create', 'lost-9', 'lost-9.example.net', 'Lisbon', '');
    assert.equal(sent(), 1);
    assert.equal([...panel.data.nodes.values()].filter((node) => node.name === 'lost-9').length, 1);
    assertTold(/created node "lost-9"/);

    const item = await nodeItem(api, 'lost-9');
    sent = dropNext({ method: 'PATCH', path: new RegExp(`/nodes/${item.node.id}$`) });
    await onItem(api, 'panelOps.nodes.edit', item, 'lost-10', 'Lisbon', '');
    assert.equal(sent(), 1, 'the edit was sent once');
    assert.ok([...panel.data.nodes.values()].some((node) => node.name === 'lost-10'));
    assertTold(/holds the node as "lost-10"/);
    panel.clearFaults();

    const renamed = await nodeItem(api, 'lost-10');
    sent = dropNext({ method: 'DELETE', path: new RegExp(`/nodes/${renamed.node.id}$`) });
    await onItem(api, 'panelOps.nodes.delete', renamed, 'Delete');
    assert.equal(sent(), 1);
    assert.equal([...panel.data.nodes.values()].some((node) => node.name === 'lost-10'), false);
    assert.ok(!api.input.notices.some((notice) => /^Could not/.test(notice.message)), JSON.stringify(api.input.notices));
  });

  it('Update Fleet and Stop: started once and stopped once, each told', async () => {
    const selection = [await nodeItem(api, 'ams-1'), await nodeItem(api, 'fra-2')];
    let sent = dropNext({ method: 'POST', path: '/fleet/updates' });
    await onItem(api, 'panelOps.fleet.update', selection, 'Update 2 Nodes');
    assert.equal(sent(), 1);
    assert.equal([...panel.data.fleetUpdates.values()].filter((update) => update.status === 'running').length, 1);
    assertTold(/started the fleet update/);

    sent = dropNext({ method: 'POST', path: /\/fleet\/updates\/[^/]+\/stop$/ });
    await runWithAnswers('panelOps.fleet.showUpdates', 'ams-1, fra-2', 'Stop Update');
    assert.equal(sent(), 1);
    assert.deepEqual([...panel.data.fleetUpdates.values()].map((update) => update.status), ['stopped']);
    assertTold(/holds the fleet update as stopped/);
  });
});
