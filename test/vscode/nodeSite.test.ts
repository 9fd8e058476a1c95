// A node's cover site and JSON documents, against the simulated panel: the Site section, choosing a template
// and its variables, the preview (a webview in which no script runs), the blocklist as a JSON document, an
// int64 in the panel settings kept exact, and the panel settings refused for a non-owner.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SimulatedPanel } from '../panel';
import { addTemplate, closeAllEditors, endEditorTest, problems, replaceText } from './editorSupport';
import { children, connect, connectedPanel, labelOf, requestsTo, until, type TestApi } from './support';

async function nodeItem(api: TestApi, name: string): Promise<vscode.TreeItem> {
  await vscode.commands.executeCommand('panelOps.nodes.refresh');
  const found = (await children(api.nodes)).find((item) => labelOf(item) === name);
  assert.ok(found, `node ${name}`);
  return found;
}

async function siteSection(api: TestApi, name: string): Promise<vscode.TreeItem> {
  const found = (await children(api.nodes, await nodeItem(api, name))).find((item) => item.contextValue === 'nodeSection.site');
  assert.ok(found, 'the node has a Site section');
  return found;
}

async function rowsOf(api: TestApi, section: vscode.TreeItem): Promise<Record<string, string>> {
  return Object.fromEntries((await children(api.nodes, section)).map((item) => [labelOf(item), String(item.description)]));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Node sites and documents', () => {
  const connected = connectedPanel({ connect: { name: 'Sites panel' } });
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));
  afterEach(() => endEditorTest(api));

  it('shows a node\'s site: template, variables, upstream and deployment', async () => {
    const rows = await rowsOf(api, await siteSection(api, 'ams-1'));
    assert.equal(rows.template_name, 'Minimal landing');
    // The variables' member is named as the panel names it (`variables`, or another name where the contract is silent).
    const variable = Object.entries(rows).find(([label]) => label.endsWith('.site_name'));
    assert.equal(variable?.[1], 'Amsterdam Bakery', JSON.stringify(rows));
    assert.equal(rows.upstream, '(none)');
    assert.equal(rows.deployment, 'deployed');
  });

  it('sets a node\'s template and variables, then previews the rendered site', async () => {
    const template = addTemplate(panel, { name: 'For fra-2' });
    api.input.queue('For fra-2', 'Frankfurt Flowers', 'Tulips', '#00aa00');
    await vscode.commands.executeCommand('panelOps.nodes.site.choose', await siteSection(api, 'fra-2'));
    const node = [...panel.data.nodes.values()].find((candidate) => candidate.name === 'fra-2');
    assert.ok(node);
    assert.equal(node.site.template_id, template.id);
    assert.deepEqual(node.site.variables, { site_name: 'Frankfurt Flowers', tagline: 'Tulips', accent_color: '#00aa00' });
    const rows = await rowsOf(api, await siteSection(api, 'fra-2'));
    assert.equal(rows.template_name, 'For fra-2');

    api.input.queue('https://upstream.example.net', 'Enabled');
    await vscode.commands.executeCommand('panelOps.nodes.site.upstream', await siteSection(api, 'fra-2'));
    assert.deepEqual([node.site.upstream, node.site.enabled], ['https://upstream.example.net', true]);

    const preview = await vscode.commands.executeCommand<vscode.WebviewPanel>('panelOps.nodes.site.preview', await siteSection(api, 'fra-2'));
    assert.ok(preview, 'a preview opened');
    assert.equal(preview.webview.options.enableScripts, false);
    assert.match(preview.webview.html, /Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:/);
    assert.match(preview.webview.html, /<iframe sandbox=""/);
    assert.match(preview.webview.html, /Frankfurt Flowers/);
    preview.dispose();
  });

  it('runs no script of the site in the preview: <script>, onerror and remote images reach nothing', async function () {
    this.timeout(60_000);
    const beacon = (name: string) => `${panel.url}/beacon/${name}`;
    const fetchTo = (name: string) => `fetch('${beacon(name)}', { mode: 'no-cors' })`;
    const hostile = [
      '<!doctype html><html><head><title>Hostile</title>',
      `<script>${fetchTo('script')}</script>`,
      '</head><body>',
      `<img src="x" onerror="${fetchTo('onerror')}">`,
      `<img src="${beacon('image')}">`,
      `<svg onload="${fetchTo('svg')}"></svg>`,
      '</body></html>',
    ].join('\n');
    const template = addTemplate(panel, { name: 'Hostile site', html: hostile, css: `body { background: url(${beacon('css')}); }`, variables: [] });
    const node = [...panel.data.nodes.values()].find((candidate) => candidate.name === 'sgp-6');
    assert.ok(node);
    node.site.template_id = template.id;
    panel.resetRequests();
    const preview = await vscode.commands.executeCommand<vscode.WebviewPanel>('panelOps.nodes.site.preview', await siteSection(api, 'sgp-6'));
    assert.ok(preview);
    await sleep(4000);
    assert.deepEqual(requestsTo(panel, /^\/beacon\//).map((request) => request.path), [], 'the preview reached the network');
    preview.dispose();

    // Control: the same page in a webview that does allow scripts does reach the beacon, so the check above can see it.
    const control = vscode.window.createWebviewPanel('panelOps.test.control', 'Control', vscode.ViewColumn.Active, { enableScripts: true });
    control.webview.html = hostile;
    await sleep(4000);
    control.dispose();
    const reached = new Set(requestsTo(panel, /^\/beacon\//).map((request) => request.path.replace('/beacon/', '')));
    for (const kind of ['script', 'onerror', 'image']) assert.ok(reached.has(kind), `a page that may run scripts reaches the ${kind} beacon (reached: ${[...reached].join(', ')})`);
  });

  it('edits a node\'s blocklist as JSON and saves it with a PUT; an unknown field is shown at its line', async () => {
    const node = [...panel.data.nodes.values()].find((candidate) => candidate.name === 'ams-1');
    assert.ok(node);
    await vscode.commands.executeCommand('panelOps.nodes.openBlocklist', await nodeItem(api, 'ams-1'));
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor && editor.document.uri.path.endsWith('/blocklist.json'));
    assert.equal(editor.document.languageId, 'json');
    // The document shows the blocklist as the panel gives it: under `entries` or another name, as a list or one
    // comma-separated string, beside members the contract does not show; edits keep that shape.
    const shown = JSON.parse(editor.document.getText()) as Record<string, unknown>;
    const member = ['entries', 'items', 'blocked'].find((name) => Object.hasOwn(shown, name)) ?? 'entries';
    const inShape = (entries: string[]) => (typeof shown[member] === 'string' ? entries.join(',') : entries);
    const listed = typeof shown[member] === 'string' ? String(shown[member]).split(',').filter((entry) => entry !== '') : shown[member];
    assert.deepEqual(listed, node.blocklist, JSON.stringify(shown));
    await replaceText(editor, JSON.stringify({ ...shown, [member]: inShape(['203.0.113.0/24', '198.51.100.7']) }, null, 2));
    assert.equal(await editor.document.save(), true);
    assert.deepEqual(node.blocklist, ['203.0.113.0/24', '198.51.100.7']);

    await replaceText(editor, `{\n  ${JSON.stringify(member)}: ${JSON.stringify(inShape([]))},\n  "comment": "why"\n}\n`);
    assert.equal(await editor.document.save(), false);
    assert.equal(editor.document.isDirty, true);
    const found = await problems(editor.document.uri, 'panel (save)');
    assert.ok(found.some((diagnostic) => diagnostic.range.start.line === 2 && /comment/.test(diagnostic.message)), JSON.stringify(found));
    assert.deepEqual(node.blocklist, ['203.0.113.0/24', '198.51.100.7']);
  });

  it('edits a branding profile with the fields of spec 2.4, checked by a JSON schema as it is typed', async () => {
    const profile = [...panel.data.brandingProfiles.values()].find((candidate) => candidate.name === 'Night ops');
    assert.ok(profile);
    api.input.queue('Night ops');
    await vscode.commands.executeCommand('panelOps.branding.open');
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor && editor.document.uri.path.startsWith('/branding/Night ops~'));
    const shown = JSON.parse(editor.document.getText());
    assert.deepEqual(Object.keys(shown).sort(), ['accent_color', 'custom_css', 'footer_text', 'login_text', 'name', 'panel_name', 'primary_color', 'support_link', 'theme_default']);
    await replaceText(editor, JSON.stringify({ ...shown, footer_text: 'Night shift', colour: 'red' }, null, 2));
    const line = editor.document.getText().split('\n').findIndex((text) => text.includes('"colour"'));
    await until(vscode.languages.onDidChangeDiagnostics, () => vscode.languages.getDiagnostics(editor.document.uri)
      .some((diagnostic) => diagnostic.range.start.line === line && /not allowed/i.test(diagnostic.message)));
    assert.equal(await editor.document.save(), false, 'a field outside 2.4 is not sent');
    const refused = await problems(editor.document.uri, 'panel (save)');
    assert.ok(refused.some((diagnostic) => diagnostic.range.start.line === line && /colour/.test(diagnostic.message)));
    assert.notEqual(profile.footer_text, 'Night shift');
    await replaceText(editor, JSON.stringify({ ...shown, footer_text: 'Night shift' }, null, 2));
    assert.equal(await editor.document.save(), true);
    assert.equal(profile.footer_text, 'Night shift');
  });

  it('leaves a workspace\'s own branding/*.json alone: our schema is for panelops: documents only', async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the suite runs with a workspace folder');
    const uri = vscode.Uri.joinPath(folder.uri, 'branding', 'site.json');
    // A field our schema refuses, a wrong type for one it knows, and a trailing comma: the JSON service's
    // own syntax error shows that it has validated the file, so the absence of our problems means something.
    await vscode.workspace.fs.writeFile(uri, Buffer.from('{\n  "colour": "red",\n  "footer_text": 5,\n}\n'));
    try {
      const document = await vscode.workspace.openTextDocument(uri);
      await vscode.window.showTextDocument(document);
      await until(vscode.languages.onDidChangeDiagnostics, () => vscode.languages.getDiagnostics(uri).some((diagnostic) => /trailing comma/i.test(diagnostic.message)));
      const found = vscode.languages.getDiagnostics(uri);
      assert.deepEqual(found.filter((diagnostic) => !/trailing comma/i.test(diagnostic.message)).map((diagnostic) => diagnostic.message), []);
    } finally {
      await closeAllEditors();
      await vscode.workspace.fs.delete(vscode.Uri.joinPath(folder.uri, 'branding'), { recursive: true });
    }
  });

  it('shows an int64 of the panel settings with its digits and saves it exactly', async () => {
    panel.data.settings.upload_limit_bytes = 9_007_199_254_740_993n;
    try {
      await vscode.commands.executeCommand('panelOps.settings.open');
      const editor = vscode.window.activeTextEditor;
      assert.ok(editor && editor.document.uri.path === '/settings.json');
      assert.match(editor.document.getText(), /\n {2}"upload_limit_bytes": 9007199254740993,?\n/);
      await replaceText(editor, editor.document.getText().replace('9007199254740993', '9007199254740995'));
      assert.equal(await editor.document.save(), true);
      assert.equal(panel.data.settings.upload_limit_bytes, 9_007_199_254_740_995n, 'saved with the digits typed, not rounded');
    } finally {
      delete panel.data.settings.upload_limit_bytes;
      panel.resetRequests(); // the next test looks for its own PUT /settings
    }
  });

  it('refuses to save the panel settings for a non-owner token and says why', async () => {
    await connect(panel, panel.tokens.admin, { name: 'Sites panel' });
    try {
      await vscode.commands.executeCommand('panelOps.settings.open');
      const editor = vscode.window.activeTextEditor;
      assert.ok(editor && editor.document.uri.path === '/settings.json');
      const settings = JSON.parse(editor.document.getText());
      assert.equal(settings.panel_name, panel.data.settings.panel_name);
      const before = panel.data.settings.panel_name;
      await replaceText(editor, JSON.stringify({ ...settings, panel_name: 'Renamed by admin' }, null, 2));
      assert.equal(await editor.document.save(), false);
      assert.equal(editor.document.isDirty, true);
      assert.equal(panel.data.settings.panel_name, before);
      assert.equal(requestsTo(panel, '/settings').find((request) => request.method === 'PUT')?.status, 403);
    } finally {
      await closeAllEditors();
      await connect(panel, panel.tokens.owner, { name: 'Sites panel' });
    }
  });

  it('addresses panel documents by the panel\'s host; the hex addresses of earlier versions still open', async () => {
    await vscode.commands.executeCommand('panelOps.settings.open');
    const editor = vscode.window.activeTextEditor;
    assert.ok(editor);
    const host = new URL(panel.url).host;
    assert.equal(editor.document.uri.toString(true), `panelops://http~${host}/settings.json`);
    const old = vscode.Uri.from({ scheme: 'panelops', authority: Buffer.from(panel.url, 'utf8').toString('hex'), path: '/settings.json' });
    const reopened = await vscode.workspace.openTextDocument(old);
    assert.equal(JSON.parse(reopened.getText()).panel_name, panel.data.settings.panel_name);
  });
});
