// Any panel that keeps the contract (issue 17, parts 1 and 2), against the simulated panel in each of its
// readings of the bodies the contract does not show (test/panel/SHAPES.md "Readings").
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { READINGS, type SimulatedPanel } from '../panel';
import { readCsv } from '../../src/text/csvRecords';
import type { CustomizeSession } from '../../src/commands/siteTemplates/customizeTemplate';
import { addTemplate, endEditorTest, openFromView, problems, replaceText, templateItem, VALID_HTML } from './editorSupport';
import { nodeItem, nodeRecord, onItem, readOnlyTab } from './nodeSupport';
import { connectedPanel, eventually, lastPosted, requestsTo, runWithAnswers, type TestApi } from './support';

for (const reading of READINGS) {
  describe(`Any panel that keeps the contract (${reading} reading)`, () => {
    const connected = connectedPanel({ panel: { readings: { reading } }, connect: { name: `Reading ${reading}` } });
    let api: TestApi;
    let panel: SimulatedPanel;

    before(() => ({ api, panel } = connected));
    afterEach(() => endEditorTest(api));

    it('validates with the template\'s variables, the open unsaved variables.json included: no false unknown placeholders', async () => {
      const template = addTemplate(panel, { name: `Validate ${reading}` });
      const editor = await openFromView(api, template.id);
      const variables = await vscode.window.showTextDocument(vscode.Uri.joinPath(editor.document.uri, '..', 'variables.json'), { preview: false });
      // The operator edits variables.json in the shape the panel gave (a list of records, or name → value).
      const shown = JSON.parse(variables.document.getText()) as unknown;
      assert.equal(Array.isArray(shown), reading !== 'third', `variables.json shows the panel's shape: ${variables.document.getText()}`);
      const typed = Array.isArray(shown) ? [...shown, { name: 'extra', default: '' }] : { ...(shown as object), extra: '' };
      await replaceText(variables, JSON.stringify(typed, null, 2));
      const html = await vscode.window.showTextDocument(editor.document);
      await replaceText(html, VALID_HTML.replace('<p>{{tagline}}</p>', '<p>{{tagline}} {{extra}}</p>'));
      panel.resetRequests();
      const count = await vscode.commands.executeCommand<number>('panelOps.siteTemplates.validate', editor.document.uri);
      assert.equal(count, 0, 'no problem: every placeholder is declared');
      const sent = requestsTo(panel, '/site-templates/validate').filter((request) => request.status === 200).at(-1);
      assert.ok(sent?.body);
      if (reading === 'second') assert.deepEqual(JSON.parse(sent.body).variables.map((variable: { name: string }) => variable.name).at(-1), 'extra');
      else if (reading === 'third') assert.deepEqual(JSON.parse(sent.body).variables, { site_name: 'Test site', tagline: 'Hello', accent_color: '#123456', extra: '' }, 'sent back as name → value, as the panel gave it');
      else assert.equal(JSON.parse(sent.body).variables, undefined, 'a panel that refused variables gets none');
      // Remembered for this panel: the next validation is one request.
      panel.resetRequests();
      await vscode.commands.executeCommand<number>('panelOps.siteTemplates.validate', editor.document.uri);
      assert.equal(requestsTo(panel, '/site-templates/validate').length, 1);
    });

    it('puts the panel\'s own validation errors in Problems, and no others', async () => {
      const template = addTemplate(panel, { name: `Faulty ${reading}` });
      const editor = await openFromView(api, template.id);
      // An unclosed element, and a placeholder the template does not declare.
      await replaceText(editor, VALID_HTML.replace('<p>{{tagline}}</p>', '<div><p>{{tagline}} {{nowhere}}</p>'));
      panel.resetRequests();
      const count = await vscode.commands.executeCommand<number>('panelOps.siteTemplates.validate', editor.document.uri);
      const sent = requestsTo(panel, '/site-templates/validate').filter((request) => request.status === 200).at(-1);
      assert.ok(sent, 'the panel validated it');
      const answered = (await (await fetch(`${panel.url}/api/v1/site-templates/validate`, {
        method: 'POST', headers: { authorization: `Bearer ${panel.tokens.owner}`, 'content-type': 'application/json' }, body: sent.body,
      })).json()) as { errors: { message: string }[] };
      const shown = vscode.languages.getDiagnostics(editor.document.uri).map((diagnostic) => diagnostic.message);
      const panelsOwn = answered.errors.map((error) => error.message);
      assert.equal(count, panelsOwn.length);
      for (const message of panelsOwn) assert.ok(shown.includes(message), `the panel's "${message}" is in Problems: ${JSON.stringify(shown)}`);
      // Our own placeholder check adds {{nowhere}} only where the panel does not check placeholders itself.
      const ours = shown.filter((message) => !panelsOwn.includes(message));
      const panelChecksPlaceholders = panelsOwn.some((message) => message.includes('{{nowhere}}'));
      assert.deepEqual(ours, panelChecksPlaceholders ? [] : ['The placeholder {{nowhere}} is not declared in variables.json'], JSON.stringify(shown));
    });

    it('customizes into a copy that carries the values typed, whichever body the panel takes', async () => {
      const builtin = [...panel.data.siteTemplates.values()].find((candidate) => candidate.builtin && candidate.variables.length === 3);
      assert.ok(builtin);
      const session = await vscode.commands.executeCommand<CustomizeSession>('panelOps.siteTemplates.customize', await templateItem(api, builtin.id));
      assert.ok(session);
      await eventually(() => lastPosted(session.form.probe, 'form') !== undefined, 'the form shows the variables');
      const values = { site_name: 'Harbour Cafe', tagline: 'Open late', accent_color: '#225588' };
      session.form.probe.deliver({ type: 'submit', name: `Cafe ${reading}`, values });
      const copy = await session.created;
      assert.ok(copy, 'a template was created');
      const stored = panel.data.siteTemplates.get(copy.id);
      assert.ok(stored);
      const carried = stored.html.includes('Harbour Cafe') || stored.variables.some((variable) => variable.name === 'site_name' && variable.default === 'Harbour Cafe');
      assert.ok(carried, `the copy carries the typed site_name: ${JSON.stringify(stored.variables)}`);
      assert.equal([...panel.data.siteTemplates.values()].filter((template) => template.name === `Cafe ${reading}`).length, 1, 'one copy');
      await eventually(() => vscode.window.activeTextEditor?.document.uri.path.includes(copy.id) === true, 'the copy opened in the editor');
    });

    it('saves the panel settings by sending only what was changed, and marks a refused field at its line', async () => {
      await vscode.commands.executeCommand('panelOps.settings.open');
      const editor = vscode.window.activeTextEditor;
      assert.ok(editor && editor.document.uri.path === '/settings.json');
      const read = JSON.parse(editor.document.getText());
      panel.resetRequests();
      await replaceText(editor, JSON.stringify({ ...read, panel_name: `Renamed ${reading}` }, null, 2));
      assert.equal(await editor.document.save(), true, 'saved as opened with one change');
      const put = requestsTo(panel, '/settings').find((request) => request.method === 'PUT');
      assert.deepEqual(JSON.parse(put?.body ?? '{}'), { panel_name: `Renamed ${reading}` });
      assert.equal(panel.data.settings.panel_name, `Renamed ${reading}`);
      if (reading === 'second') {
        assert.ok('base_url' in read, 'the second reading shows fields it owns');
        const text = JSON.stringify({ ...read, panel_name: `Renamed ${reading}`, base_url: 'https://elsewhere.example' }, null, 2);
        await replaceText(editor, text);
        assert.equal(await editor.document.save(), false);
        const marked = await problems(editor.document.uri, 'panel (save)');
        const line = text.split('\n').findIndex((candidate) => candidate.includes('"base_url"'));
        assert.ok(marked.some((diagnostic) => diagnostic.range.start.line === line && /owns "base_url".*read-only.*Undo/.test(diagnostic.message)), JSON.stringify(marked.map((d) => [d.range.start.line, d.message])));
        await vscode.commands.executeCommand('workbench.action.files.revert');
      }
    });

    it('creates a node with a note, or without it on a panel that refuses it, quoting the note', async () => {
      api.input.clear();
      panel.resetRequests();
      await runWithAnswers('panelOps.nodes.create', `note-${reading}`, `note-${reading}.example.net`, 'eu', 'rack 7, row B');
      const node = [...panel.data.nodes.values()].find((candidate) => candidate.name === `note-${reading}`);
      assert.ok(node, 'the node was created');
      const posts = requestsTo(panel, '/nodes').filter((request) => request.method === 'POST');
      if (reading !== 'second') {
        assert.equal(posts.length, 1);
        assert.equal(node.note, 'rack 7, row B');
      } else {
        assert.deepEqual(posts.map((request) => request.status), [400, 201]);
        assert.ok(api.input.notices.some((notice) => notice.severity === 'warning' && notice.message.includes('rack 7, row B')), 'the typed note is told back');
        // Remembered: the next create sends no note at once.
        panel.resetRequests();
        await runWithAnswers('panelOps.nodes.create', 'note-again', 'note-again.example.net', '', 'another note');
        assert.deepEqual(requestsTo(panel, '/nodes').filter((request) => request.method === 'POST').map((request) => request.status), [201]);
      }
    });

    it('edits a node\'s note, or the node without it on a panel that refuses it, quoting the note', async () => {
      const record = nodeRecord(panel, 'fra-2');
      const note = `moved to rack 9 (${reading})`;
      panel.resetRequests();
      await onItem(api, 'panelOps.nodes.edit', await nodeItem(api, 'fra-2'), `fra-2-${reading}`, String(record.region ?? ''), note);
      const patches = requestsTo(panel, `/nodes/${record.id}`).filter((request) => request.method === 'PATCH');
      assert.equal(record.name, `fra-2-${reading}`, 'the node was edited');
      const warnings = api.input.notices.filter((notice) => notice.severity === 'warning');
      if (reading !== 'second') {
        assert.deepEqual(patches.map((request) => request.status), [200]);
        assert.equal(JSON.parse(patches[0].body ?? '{}').note, note, 'the note reached the panel');
        assert.equal(record.note, note);
        assert.deepEqual(warnings, []);
      } else {
        assert.deepEqual(patches.map((request) => request.status), [400, 200], 'sent once more without the note');
        assert.deepEqual(JSON.parse(patches[1].body ?? '{}'), { name: `fra-2-${reading}` });
        assert.ok(warnings.some((notice) => notice.message.includes(note)), `the typed note is told back: ${JSON.stringify(warnings)}`);
      }
    });

    it('runs Web Diagnostics for the URL typed, or for the node\'s own site on a panel that refuses a URL, saying so', async () => {
      const record = nodeRecord(panel, 'ams-1');
      const url = `https://example.org/${reading}/probe`;
      panel.resetRequests();
      await onItem(api, 'panelOps.nodes.webDiagnostics', await nodeItem(api, 'ams-1'), url);
      const posts = requestsTo(panel, `/nodes/${record.id}/diagnostics/web`);
      const tab = JSON.parse(readOnlyTab(/ams-1 — web diagnostics\.json/)) as { url?: string };
      const warnings = api.input.notices.filter((notice) => notice.severity === 'warning');
      if (reading !== 'second') {
        assert.deepEqual(posts.map((request) => request.status), [200]);
        assert.equal(JSON.parse(posts[0].body ?? '{}').url, url, 'the URL reached the panel');
        assert.equal(tab.url, url);
        assert.deepEqual(warnings, []);
      } else {
        assert.deepEqual(posts.map((request) => request.status), [400, 200], 'sent once more without the URL');
        assert.equal(tab.url, `https://${record.hostname}/`, 'the diagnostics ran, for the node\'s own site');
        assert.ok(warnings.some((notice) => notice.message.includes(url)), `the typed URL is told back: ${JSON.stringify(warnings)}`);
      }
    });

    it('quotes the panel\'s own reason when its DNS check refuses a hostname', async () => {
      api.input.clear();
      await runWithAnswers('panelOps.nodes.create', 'dns-check', 'nowhere.invalid', { cancel: true });
      const asked = api.input.questions.find((question) => question.problem !== undefined);
      assert.ok(asked?.problem, 'the hostname step said why');
      assert.match(asked.problem, reading === 'second' ? /NXDOMAIN from 192\.0\.2\.53/ : /NXDOMAIN/);
    });

    it('exports the audit log exactly: no column finds Object.prototype', async () => {
      const first = panel.data.audit[0];
      const hostile = JSON.parse(JSON.stringify({ ...first, id: 999_999 }).replace(/^\{/, '{"__proto__":"sent by the panel",'));
      panel.data.audit.unshift(hostile);
      try {
        await vscode.commands.executeCommand('panelOps.audit.open');
        const view = api.auditLogs.views.at(-1);
        assert.ok(view);
        await view.loaded;
        const file = join(mkdtempSync(join(tmpdir(), 'panel-ops-exact-')), 'audit.csv');
        api.input.clear();
        api.input.queue(file);
        view.probe.deliver({ type: 'export', format: 'csv' });
        await eventually(() => { try { return readFileSync(file, 'utf8').length > 0; } catch { return false; } }, 'the CSV is written');
        const [header, ...rows] = readCsv(readFileSync(file, 'utf8')).records.map((record) => record.fields);
        const index = header.indexOf('__proto__');
        assert.ok(index >= 0, 'the panel\'s own __proto__ member is a column');
        const cells = rows.map((row) => row[index]);
        assert.deepEqual(cells.filter((cell) => cell !== ''), ['sent by the panel'], 'only the entry that has the member fills the column');
        view.dispose();
      } finally {
        panel.data.audit.splice(panel.data.audit.indexOf(hostile), 1);
      }
    });
  });
}
