// JSON read from a file or a document keeps an int64 exact on its way to the panel (spec 4.1: ids and
// counters are int64; JSON.parse would round 9007199254740993 to ...992): a user import, a template's
// variables.json, a template bundle.
import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { SimulatedPanel } from '../panel';
import { addTemplate, endEditorTest, openFromView, VALID_HTML } from './editorSupport';
import { connectedPanel, requestsTo, runWithAnswers, type TestApi } from './support';

const BIG = '9007199254740993'; // 2^53 + 1: the first integer a double cannot hold

describe('int64 exact from files and documents', () => {
  const connected = connectedPanel({ connect: { name: 'Exact panel' } });
  let api: TestApi;
  let panel: SimulatedPanel;
  const folder = mkdtempSync(join(tmpdir(), 'panel-ops-exact-'));

  before(() => ({ api, panel } = connected));
  afterEach(() => endEditorTest(api));

  it('imports users from a JSON file whose label is an int64, with its exact digits', async () => {
    const file = join(folder, 'numbers.json');
    writeFileSync(file, `[{"label": ${BIG}, "type": "PERSONAL"}]\n`);
    await runWithAnswers('panelOps.users.import', 'CSV or JSON file…', file, ['ams-1'], 'Import');
    const labels = [...panel.data.keys.values()].map((key) => key.label);
    assert.ok(labels.includes(BIG), `a user labelled ${BIG} (labels like it: ${labels.filter((label) => label.startsWith('90071992547409')).join(', ')})`);
    api.input.clear();
  });

  it('sends the int64 of a saved variables.json with its exact digits', async () => {
    const template = addTemplate(panel, { name: 'Exact variables' });
    const index = await openFromView(api, template.id);
    const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(index.document.uri, '..', 'variables.json'));
    const editor = await vscode.window.showTextDocument(document);
    const text = `[\n  {"name": "site_name", "default": ${BIG}},\n  {"name": "tagline", "default": "Hello"},\n  {"name": "accent_color", "default": "#123456"}\n]\n`;
    await editor.edit((builder) => builder.replace(new vscode.Range(0, 0, document.lineCount, 0), text));
    panel.resetRequests();
    await document.save(); // the panel may refuse a number as a default; what matters is what was sent
    const puts = requestsTo(panel, `/site-templates/${template.id}`).filter((request) => request.method === 'PUT');
    assert.equal(puts.length, 1);
    // Under whichever name the panel gives a variable's default (`default`, `default_value`…): its exact digits, as a number.
    assert.match(puts[0].body ?? '', new RegExp(`":${BIG}[,}]`), puts[0].body);
    assert.equal(panel.data.siteTemplates.get(template.id)?.html, VALID_HTML);
  });

  it('imports a template bundle holding an int64 with its exact digits', async () => {
    const file = join(folder, 'exact.template.json');
    writeFileSync(file, `{"format": "site-template/1", "name": "Exact bundle", "html": ${JSON.stringify(VALID_HTML)}, "css": "", "variables": [{"name": "site_name", "default": ${BIG}}]}`);
    panel.resetRequests();
    api.input.queue(file);
    await vscode.commands.executeCommand('panelOps.siteTemplates.import');
    const posts = requestsTo(panel, '/site-templates/import');
    assert.equal(posts.length, 1);
    assert.match(posts[0].body ?? '', new RegExp(`":${BIG}[,}]`), posts[0].body);
    api.input.clear();
  });
});
