// Site template commands against the simulated panel: Customize into a new template, Delete of a template in
// use (refused and explained), Import/Export round trip through a bundle file.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { READINGS, type SimulatedPanel } from '../panel';
import { addTemplate, endEditorTest, templateItem, VALID_HTML } from './editorSupport';
import { connectedPanel, eventually, lastPosted, requestsTo, type TestApi } from './support';
import type { CustomizeSession } from '../../src/commands/siteTemplates/customizeTemplate';

/** A template's text with each declared placeholder replaced by its default, as a node would serve it. */
function rendered(text: string, variables: readonly { name: string; default: string }[]): string {
  return text.replace(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g, (whole, name: string) => variables.find((variable) => variable.name === name)?.default ?? whole);
}

for (const reading of READINGS) {
  describe(`Site template commands (${reading} reading)`, () => {
    const connected = connectedPanel({ panel: { readings: { reading } }, connect: { name: `Lifecycle panel (${reading})` } });
    let api: TestApi;
    let panel: SimulatedPanel;
    const folder = mkdtempSync(join(tmpdir(), 'panel-ops-templates-'));

    before(() => ({ api, panel } = connected));
    afterEach(() => endEditorTest(api));

    it('customizes a built-in template in a form with its variables and a live preview, into a new template it opens', async () => {
      const builtin = [...panel.data.siteTemplates.values()].find((candidate) => candidate.builtin && candidate.variables.length === 3);
      assert.ok(builtin);
      const before = panel.data.siteTemplates.size;
      const session = await vscode.commands.executeCommand<CustomizeSession>('panelOps.siteTemplates.customize', await templateItem(api, builtin.id));
      assert.ok(session, 'the form opened');
      const { form, created } = session;
      assert.match(form.probe.html, /script-src (&#39;|')nonce-/, 'the form runs its own script only');
      await eventually(() => lastPosted(form.probe, 'form') !== undefined, 'the form shows the variables');
      const shown = lastPosted(form.probe, 'form');
      assert.deepEqual(shown?.variables.map((variable) => [variable.name, variable.value]), builtin.variables.map((variable) => [variable.name, variable.default]));
      // The form is recorded as posted before the post resolves; the preview opens once it has.
      await eventually(() => form.previewPanel !== undefined, 'the preview opened beside the form');
      assert.equal(form.previewPanel?.webview.options.enableScripts, false);

      const values = { site_name: 'Amsterdam Bakery', tagline: 'Fresh bread daily', accent_color: '#aa3300' };
      form.probe.deliver({ type: 'change', name: 'Bakery site', values });
      await eventually(() => form.previewPanel?.webview.html.includes('Amsterdam Bakery') === true, 'the preview follows the values');
      // A page shown again after its tab was hidden starts over (ready): it gets what was typed back.
      form.probe.deliver({ type: 'ready' });
      await eventually(() => lastPosted(form.probe, 'form')?.name === 'Bakery site', 'the form starts over with the typed name');
      assert.deepEqual(lastPosted(form.probe, 'form')?.variables.map((variable) => [variable.name, variable.value]), Object.entries(values));
      form.probe.deliver({ type: 'submit', name: 'Bakery site', values });
      const copy = await created;
      assert.ok(copy, 'a template was created');
      assert.equal(panel.data.siteTemplates.size, before + 1);
      const stored = panel.data.siteTemplates.get(copy.id);
      assert.ok(stored && !stored.builtin && stored.name === 'Bakery site');
      // The first reading fills the values in; the second keeps the placeholders and declares the values
      // as the copy's defaults. Either way the copy shows what was typed.
      assert.match(rendered(stored.html, stored.variables), /<h1>Amsterdam Bakery<\/h1>/);
      assert.match(rendered(stored.html, stored.variables), /Fresh bread daily/);
      assert.match(rendered(stored.css, stored.variables), /#aa3300/);
      const editor = vscode.window.activeTextEditor;
      assert.ok(editor && editor.document.uri.path.includes(copy.id) && editor.document.uri.path.endsWith('/index.html'), 'the new template opened');
    });

    it('keeps the Customize form open with what the panel said when it refuses', async () => {
      const builtin = [...panel.data.siteTemplates.values()].find((candidate) => candidate.builtin);
      assert.ok(builtin);
      const session = await vscode.commands.executeCommand<CustomizeSession>('panelOps.siteTemplates.customize', await templateItem(api, builtin.id));
      assert.ok(session);
      panel.inject({ kind: 'status', status: 500, match: { method: 'POST', path: `/site-templates/${builtin.id}/customize` } });
      const size = panel.data.siteTemplates.size;
      session.form.probe.deliver({ type: 'submit', name: 'Refused copy', values: {} });
      await eventually(() => lastPosted(session.form.probe, 'problem') !== undefined, 'the form says why');
      assert.match(lastPosted(session.form.probe, 'problem')?.message ?? '', /did not create it.*500/);
      assert.equal(panel.data.siteTemplates.size, size);
      session.form.dispose();
      assert.equal(await session.created, undefined);
    });

    it('keeps a template in use by a node when asked to delete it, and says which node', async () => {
      const template = addTemplate(panel, { name: 'In use' });
      const node = [...panel.data.nodes.values()].find((candidate) => candidate.name === 'fra-2');
      assert.ok(node);
      node.site.template_id = template.id;
      panel.resetRequests();
      api.input.clear();
      api.input.queue('Delete');
      assert.equal(await vscode.commands.executeCommand('panelOps.siteTemplates.delete', await templateItem(api, template.id)), false);
      const told = api.input.notices.map((notice) => notice.message).join(' | ');
      assert.match(told, /"In use" was kept: the template is in use on fra-2/);
      assert.equal(requestsTo(panel, `/site-templates/${template.id}`).find((request) => request.method === 'DELETE')?.status, 409);
      assert.ok(panel.data.siteTemplates.has(template.id), 'the template is kept');

      node.site.template_id = null;
      api.input.queue('Delete');
      assert.equal(await vscode.commands.executeCommand('panelOps.siteTemplates.delete', await templateItem(api, template.id)), true);
      assert.ok(!panel.data.siteTemplates.has(template.id));
    });

    it('asks before deleting and deletes nothing when the dialog is dismissed', async () => {
      const template = addTemplate(panel, { name: 'Not this one' });
      api.input.queue({ cancel: true });
      assert.equal(await vscode.commands.executeCommand('panelOps.siteTemplates.delete', await templateItem(api, template.id)), false);
      assert.ok(panel.data.siteTemplates.has(template.id));
    });

    it('exports a template to a bundle file and imports it back as a new template', async () => {
      const template = addTemplate(panel, { name: 'Round trip', css: 'p { margin: 0; }\n' });
      const file = join(folder, 'round-trip.template.json');
      api.input.queue(file);
      await vscode.commands.executeCommand('panelOps.siteTemplates.export', await templateItem(api, template.id));
      const bundle = JSON.parse(readFileSync(file, 'utf8'));
      // Echo what was read: the bundle carries the variables in the shape the panel gave them.
      const asGiven = reading === 'third' ? Object.fromEntries(template.variables.map((variable) => [variable.name, variable.default])) : template.variables;
      assert.deepEqual(bundle, { format: 'site-template/1', name: 'Round trip', description: template.description, html: VALID_HTML, css: 'p { margin: 0; }\n', variables: asGiven });

      bundle.name = 'Round trip (imported)';
      writeFileSync(file, JSON.stringify(bundle));
      api.input.queue(file);
      await vscode.commands.executeCommand('panelOps.siteTemplates.import');
      const imported = [...panel.data.siteTemplates.values()].find((candidate) => candidate.name === 'Round trip (imported)');
      assert.ok(imported && imported.id !== template.id);
      assert.deepEqual([imported.html, imported.css, imported.variables], [template.html, template.css, template.variables]);
      assert.ok(vscode.window.activeTextEditor?.document.uri.path.includes(imported.id), 'the imported template opened');
    });

    it('imports an HTML page, named after its <title>', async () => {
      const file = join(folder, 'landing.html');
      writeFileSync(file, '<!doctype html><html><head><title>Landing from disk</title></head><body><p>hi</p></body></html>');
      api.input.queue(file);
      await vscode.commands.executeCommand('panelOps.siteTemplates.import');
      assert.ok([...panel.data.siteTemplates.values()].some((candidate) => candidate.name === 'Landing from disk'));
    });
  });
}
