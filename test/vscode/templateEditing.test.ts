// Site templates as editor tabs, against the simulated panel: open from the view, save (PUT with the version
// read), a refused save (422 to Problems, the buffer stays dirty), a 409 conflict, validation and the history.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { READINGS, type SimulatedPanel } from '../panel';
import { addTemplate, allTabs, endEditorTest, openFromView, problems, replaceText, templateItem, VALID_HTML } from './editorSupport';
import { children, connectedPanel, requestsTo, type TestApi } from './support';

type Outcome = { uri: vscode.Uri; choice: string };

function nextConflictOutcome(api: TestApi): Promise<Outcome> {
  return new Promise((resolve) => {
    const subscription = api.editors.conflicts.onDidSettle((outcome) => {
      subscription.dispose();
      resolve(outcome);
    });
  });
}

function putsTo(panel: SimulatedPanel, templateId: string) {
  return requestsTo(panel, `/site-templates/${templateId}`).filter((request) => request.method === 'PUT');
}

for (const reading of READINGS) {
  describe(`Site templates in the editor (${reading} reading)`, () => {
    const connected = connectedPanel({ panel: { readings: { reading } }, connect: { name: `Editor panel (${reading})` } });
    let api: TestApi;
    let panel: SimulatedPanel;

    before(() => ({ api, panel } = connected));
    afterEach(() => endEditorTest(api));

    it('opens a template from the view with a GET, as an HTML file of its panel', async () => {
      const template = addTemplate(panel, { name: 'Open me' });
      panel.resetRequests();
      const editor = await openFromView(api, template.id);
      const { uri } = editor.document;
      assert.equal(uri.scheme, 'panelops');
      assert.match(uri.path, /^\/site-templates\/Open me~[0-9a-f-]+\/index\.html$/);
      assert.equal(editor.document.languageId, 'html');
      assert.equal(editor.document.getText(), template.html);
      assert.ok(requestsTo(panel, `/site-templates/${template.id}`).some((request) => request.method === 'GET'));
      const folder = await vscode.workspace.fs.readDirectory(vscode.Uri.joinPath(uri, '..'));
      assert.deepEqual(folder.map(([name]) => name), ['index.html', 'style.css', 'variables.json']);
    });

    it('saves with a PUT naming the version it read, and the buffer is clean afterwards', async () => {
      const template = addTemplate(panel, { name: 'Save me', version: 7 });
      const editor = await openFromView(api, template.id);
      const changed = VALID_HTML.replace('<p>{{tagline}}</p>', '<p>{{tagline}} and more</p>');
      await replaceText(editor, changed);
      panel.resetRequests();
      assert.equal(await editor.document.save(), true);
      const puts = putsTo(panel, template.id);
      assert.equal(puts.length, 1);
      assert.deepEqual(JSON.parse(puts[0].body ?? '{}'), { html: changed, version: 7 });
      assert.equal(panel.data.siteTemplates.get(template.id)?.html, changed);
      assert.equal(panel.data.siteTemplates.get(template.id)?.version, 8);
      assert.equal(editor.document.isDirty, false);
      // The Site Templates item takes the saved template from the PUT's answer: no list is read again.
      const shown = api.siteTemplatesStore.get(template.id);
      assert.deepEqual(shown?.details.find(([name]) => name === 'version'), ['version', '8']);
      assert.equal(requestsTo(panel, '/site-templates').length, 0);

      // The next save names the version the first one produced.
      await replaceText(editor, changed.replace('and more', 'and even more'));
      panel.resetRequests();
      assert.equal(await editor.document.save(), true);
      assert.equal(JSON.parse(putsTo(panel, template.id)[0].body ?? '{}').version, 8);
    });

    it('keeps invalid HTML dirty and shows the panel\'s 422 at its line in Problems', async () => {
      // Without validate-on-save, so what Problems shows comes from the refused PUT alone.
      const settings = vscode.workspace.getConfiguration('panelOps.siteTemplates');
      await settings.update('validateOnSave', false, vscode.ConfigurationTarget.Global);
      try {
        await saveInvalidHtml();
      } finally {
        await settings.update('validateOnSave', undefined, vscode.ConfigurationTarget.Global);
      }
    });

    async function saveInvalidHtml(): Promise<void> {
      const template = addTemplate(panel, { name: 'Break me' });
      const editor = await openFromView(api, template.id);
      const broken = VALID_HTML.replace('  <p>{{tagline}}</p>', '  <div class="hero">\n  <p>{{tagline}}</p>');
      await replaceText(editor, broken);
      assert.equal(await editor.document.save(), false, 'the save is refused');
      assert.equal(editor.document.isDirty, true);
      assert.equal(editor.document.getText(), broken, 'nothing typed is lost');
      assert.equal(panel.data.siteTemplates.get(template.id)?.html, VALID_HTML);
      const found = await problems(editor.document.uri, 'panel (save)');
      const divLine = broken.split('\n').findIndex((line) => line.includes('<div class="hero">'));
      assert.ok(found.some((diagnostic) => diagnostic.range.start.line === divLine && /<div> is not closed/.test(diagnostic.message)), JSON.stringify(found));

      // Fixed and saved: the entry goes away.
      await replaceText(editor, VALID_HTML.replace('<p>{{tagline}}</p>', '<p>{{tagline}}</p><p>fixed</p>'));
      assert.equal(await editor.document.save(), true);
      await problems(editor.document.uri, 'panel (save)', (entries) => entries.length === 0);
    }

    it('validates on save by default and lists each problem once, though the refused PUT names it too', async () => {
      const template = addTemplate(panel, { name: 'Validate on save' });
      const editor = await openFromView(api, template.id);
      await replaceText(editor, VALID_HTML.replace('  <p>{{tagline}}</p>', '  <section>\n  <p>{{tagline}}</p>'));
      panel.resetRequests();
      assert.equal(await editor.document.save(), false);
      assert.equal(requestsTo(panel, '/site-templates/validate').length, 1, 'validated with the text being saved');
      const validated = await problems(editor.document.uri, 'panel (validate)');
      assert.ok(validated.some((diagnostic) => /<section> is not closed/.test(diagnostic.message)));
      assert.deepEqual(validated.filter((diagnostic) => /placeholder/i.test(diagnostic.message)).map((diagnostic) => diagnostic.message), [], 'no declared {{placeholder}} is reported unknown');
      const all = vscode.languages.getDiagnostics(editor.document.uri).filter((diagnostic) => /<section> is not closed/.test(diagnostic.message));
      assert.equal(all.length, 1, 'the same error is listed once');
    });

    it('after a change on the panel, a save shows the panel\'s version beside the buffer and overwrites nothing until told', async () => {
      const template = addTemplate(panel, { name: 'Contested' });
      const editor = await openFromView(api, template.id);
      const theirs = VALID_HTML.replace('<p>{{tagline}}</p>', '<p>changed on the panel</p>');
      const record = panel.data.siteTemplates.get(template.id);
      assert.ok(record);
      Object.assign(record, { html: theirs, version: record.version + 1, updated_by: 'admin' });
      const mine = VALID_HTML.replace('<p>{{tagline}}</p>', '<p>changed here</p>');
      await replaceText(editor, mine);

      let outcome = nextConflictOutcome(api);
      api.input.queue('Keep Editing');
      assert.equal(await editor.document.save(), false);
      assert.equal((await outcome).choice, 'keep');
      assert.equal(editor.document.isDirty, true);
      assert.equal(editor.document.getText(), mine);
      assert.equal(record.html, theirs, 'the panel keeps its version');
      const diff = allTabs().map((tab) => tab.input).find((input): input is vscode.TabInputTextDiff =>
        input instanceof vscode.TabInputTextDiff && input.modified.toString() === editor.document.uri.toString());
      assert.ok(diff, 'a diff of the panel\'s version against the buffer is open');
      assert.equal((await vscode.workspace.openTextDocument(diff.original)).getText(), theirs);

      outcome = nextConflictOutcome(api);
      api.input.queue('Overwrite');
      assert.equal(await editor.document.save(), false, 'still refused until the user chose');
      assert.equal((await outcome).choice, 'overwrite');
      assert.equal(record.html, mine);
      const document = await vscode.workspace.openTextDocument(editor.document.uri);
      assert.equal(document.isDirty, false);
    });

    it('takes the panel\'s text when asked, leaving a clean buffer', async () => {
      const template = addTemplate(panel, { name: 'Theirs wins' });
      const editor = await openFromView(api, template.id);
      const theirs = VALID_HTML.replace('<p>{{tagline}}</p>', '<p>theirs</p>');
      const record = panel.data.siteTemplates.get(template.id);
      assert.ok(record);
      Object.assign(record, { html: theirs, version: record.version + 1 });
      await replaceText(editor, VALID_HTML.replace('<p>{{tagline}}</p>', '<p>mine</p>'));
      const outcome = nextConflictOutcome(api);
      api.input.queue('Take Theirs');
      assert.equal(await editor.document.save(), false);
      assert.equal((await outcome).choice, 'theirs');
      const document = await vscode.workspace.openTextDocument(editor.document.uri);
      assert.equal(document.getText(), theirs);
      assert.equal(document.isDirty, false);
    });

    it('flags a {{placeholder}} the template does not declare at its position, and Validate Template reports the panel\'s errors', async () => {
      const template = addTemplate(panel, { name: 'Placeholders' });
      const editor = await openFromView(api, template.id);
      const text = VALID_HTML.replace('<p>{{tagline}}</p>', '<p>{{tagline}} {{undeclared_thing}}</p>\n  <div>');
      await replaceText(editor, text);
      const line = text.split('\n').findIndex((candidate) => candidate.includes('undeclared_thing'));
      const column = text.split('\n')[line].indexOf('{{undeclared_thing}}');
      const flagged = await problems(editor.document.uri, 'Panel Ops');
      assert.equal(flagged.length, 1);
      assert.match(flagged[0].message, /undeclared_thing/);
      assert.deepEqual([flagged[0].range.start.line, flagged[0].range.start.character, flagged[0].range.end.character], [line, column, column + '{{undeclared_thing}}'.length]);

      const count = await vscode.commands.executeCommand<number>('panelOps.siteTemplates.validate', editor.document.uri);
      assert.ok(count && count > 0);
      const validated = await problems(editor.document.uri, 'panel (validate)');
      const divLine = text.split('\n').findIndex((candidate) => candidate.trim() === '<div>');
      assert.ok(validated.some((diagnostic) => diagnostic.range.start.line === divLine), JSON.stringify(validated));

      // Declaring it in variables.json (as typed, unsaved) clears the flag.
      const variables = await vscode.window.showTextDocument(vscode.Uri.joinPath(editor.document.uri, '..', 'variables.json'), { preview: false });
      const declared = [...template.variables, { name: 'undeclared_thing', default: '' }];
      await replaceText(variables, JSON.stringify(declared, null, 2));
      await problems(editor.document.uri, 'Panel Ops', (entries) => entries.length === 0);
    });

    it('restores from Template History the version before the last save, with a normal save', async () => {
      const template = addTemplate(panel, { name: 'History' });
      const editor = await openFromView(api, template.id);
      const edited = VALID_HTML.replace('<p>{{tagline}}</p>', '<p>second version</p>');
      await replaceText(editor, edited);
      assert.equal(await editor.document.save(), true);
      assert.equal(panel.data.siteTemplates.get(template.id)?.html, edited);

      const versions = (await children(api.templateHistory)).filter((item) => item.contextValue === 'templateVersion');
      assert.equal(versions.length, 1);
      assert.match(String(versions[0].label), /version 1/);
      // The third reading's templates carry no updated_by: the version says so rather than guessing.
      assert.match(String(versions[0].description), reading === 'third' ? /unknown author/ : /owner/);
      await vscode.commands.executeCommand('panelOps.templateHistory.compare', versions[0]);
      assert.ok(allTabs().some((tab) => tab.input instanceof vscode.TabInputTextDiff && tab.input.original.scheme === 'panelops-view'));

      panel.resetRequests();
      assert.equal(await vscode.commands.executeCommand('panelOps.templateHistory.restore', versions[0]), true);
      assert.equal(panel.data.siteTemplates.get(template.id)?.html, VALID_HTML);
      assert.equal(JSON.parse(putsTo(panel, template.id)[0].body ?? '{}').version, 2, 'the restore is a save with the version check');
      const after = (await children(api.templateHistory)).filter((item) => item.contextValue === 'templateVersion');
      assert.equal(after.length, 2, 'the restore kept the version it replaced too');
    });

    it('reads the template back after a lost answer: saved when the panel holds the text, never sent twice', async () => {
      const template = addTemplate(panel, { name: 'Lost answer' });
      const editor = await openFromView(api, template.id);
      const changed = VALID_HTML.replace('<p>{{tagline}}</p>', '<p>kept despite the lost answer</p>');
      await replaceText(editor, changed);
      panel.resetRequests();
      panel.inject({ kind: 'drop-after-apply', match: { method: 'PUT', path: `/site-templates/${template.id}` } });
      assert.equal(await editor.document.save(), true, 'the panel holds the text: saved');
      assert.equal(putsTo(panel, template.id).length, 1, 'the PUT was not sent again');
      assert.equal(editor.document.isDirty, false);
      assert.equal(panel.data.siteTemplates.get(template.id)?.html, changed);

      // An unreadable answer for a PUT that did not apply: refused, the buffer kept, and the next save works.
      const again = changed.replace('kept despite', 'second try after');
      await replaceText(editor, again);
      panel.inject({ kind: 'malformed-json', match: { method: 'PUT', path: `/site-templates/${template.id}` } });
      assert.equal(await editor.document.save(), false);
      assert.equal(editor.document.getText(), again);
      assert.equal(await editor.document.save(), true);
      assert.equal(panel.data.siteTemplates.get(template.id)?.html, again);
    });

    it('reads the template back when the PUT answers something other than a template, so the next save keeps its version', async () => {
      const template = addTemplate(panel, { name: 'Acknowledged save', version: 3 });
      const editor = await openFromView(api, template.id);
      const first = VALID_HTML.replace('<p>{{tagline}}</p>', '<p>answered with ok</p>');
      await replaceText(editor, first);
      panel.resetRequests();
      panel.inject({ kind: 'answer-after-apply', json: { ok: true }, match: { method: 'PUT', path: `/site-templates/${template.id}` } });
      assert.equal(await editor.document.save(), true);
      assert.equal(editor.document.isDirty, false);
      assert.equal(panel.data.siteTemplates.get(template.id)?.version, 4);
      assert.equal(putsTo(panel, template.id).length, 1, 'the PUT was not sent again');
      assert.ok(requestsTo(panel, `/site-templates/${template.id}`).some((request) => request.method === 'GET'), 'read back for the new version');

      const second = first.replace('answered with ok', 'answered with a template');
      await replaceText(editor, second);
      panel.resetRequests();
      assert.equal(await editor.document.save(), true);
      assert.deepEqual(JSON.parse(putsTo(panel, template.id)[0].body ?? '{}'), { html: second, version: 4 }, 'the next save names the version read back');
      assert.equal(panel.data.siteTemplates.get(template.id)?.html, second);
    });

    it('saves last-write-wins, without a version, when the panel does not version templates', async () => {
      const template = addTemplate(panel, { name: 'Unversioned', version: undefined });
      const editor = await openFromView(api, template.id);
      const changed = VALID_HTML.replace('<p>{{tagline}}</p>', '<p>no versions here</p>');
      await replaceText(editor, changed);
      panel.resetRequests();
      assert.equal(await editor.document.save(), true);
      assert.deepEqual(JSON.parse(putsTo(panel, template.id)[0].body ?? '{}'), { html: changed });
      assert.equal(panel.data.siteTemplates.get(template.id)?.html, changed);
    });

    it('lists the panel as a folder: templates, nodes, branding and settings', async () => {
      const template = addTemplate(panel, { name: 'Listed' });
      const root = vscode.Uri.joinPath((await openFromView(api, template.id)).document.uri, '..', '..', '..');
      assert.deepEqual((await vscode.workspace.fs.readDirectory(root)).map(([name]) => name), ['site-templates', 'nodes', 'branding', 'settings.json']);
      const folders = (await vscode.workspace.fs.readDirectory(vscode.Uri.joinPath(root, 'site-templates'))).map(([name]) => name);
      assert.equal(folders.length, panel.data.siteTemplates.size);
      assert.ok(folders.includes(`Listed~${template.id}`));
      const nodes = (await vscode.workspace.fs.readDirectory(vscode.Uri.joinPath(root, 'nodes'))).map(([name]) => name.split('~')[0]);
      assert.deepEqual(nodes.sort(), [...panel.data.nodes.values()].map((node) => node.name).sort());
    });

    it('opens a built-in template read-only and refuses to save it', async () => {
      const builtin = [...panel.data.siteTemplates.values()].find((candidate) => candidate.builtin);
      assert.ok(builtin);
      const item = await templateItem(api, builtin.id);
      assert.equal(item.contextValue, 'siteTemplate.builtin');
      const editor = await openFromView(api, builtin.id);
      const stat = await vscode.workspace.fs.stat(editor.document.uri);
      assert.equal(stat.permissions, vscode.FilePermission.Readonly);
    });
  });
}
