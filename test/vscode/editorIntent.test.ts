// Edits reach the panel only when the operator means it, inside a real VS Code with auto-save on: an
// auto-save of a template or a JSON document (the panel settings) is held (no PUT, the tab says so) until Ctrl+S; and Problems entries of a
// template go when its tabs close or it is reverted; a template or a JSON document saved as it was read sends nothing.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SimulatedPanel } from '../panel';
import { addTemplate, allTabs, endEditorTest, openFromView, problems, replaceText, VALID_HTML } from './editorSupport';
import { connectedPanel, requestsTo, type TestApi } from './support';

function putsTo(panel: SimulatedPanel, templateId: string) {
  return requestsTo(panel, `/site-templates/${templateId}`).filter((request) => request.method === 'PUT');
}

function nextHold(api: TestApi, uri: vscode.Uri, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => { subscription?.dispose(); resolve(false); }, timeoutMs);
    const subscription = api.editors.heldSaves?.onDidHold((held) => {
      if (held.toString() !== uri.toString()) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve(true);
    });
  });
}

function panelEntries(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((diagnostic) => diagnostic.source?.startsWith('panel'));
}

describe('Panel documents: saved when the operator means it', () => {
  const connected = connectedPanel({ connect: { name: 'Intent panel' } });
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));
  afterEach(() => endEditorTest(api));

  describe('with auto-save after a delay', () => {
    const files = () => vscode.workspace.getConfiguration('files');
    before(async () => {
      await files().update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
      await files().update('autoSaveDelay', 300, vscode.ConfigurationTarget.Global);
    });
    after(async () => {
      await files().update('autoSaveDelay', undefined, vscode.ConfigurationTarget.Global);
      await files().update('autoSave', undefined, vscode.ConfigurationTarget.Global);
    });

    it('holds the auto-save of a half-typed template: no PUT reaches the panel, the tab says so, and Ctrl+S sends it', async () => {
      const template = addTemplate(panel, { name: 'Typing here', version: 3 });
      const editor = await openFromView(api, template.id);
      const { uri } = editor.document;
      panel.resetRequests();
      const held = nextHold(api, uri, 5_000);
      const halfTyped = VALID_HTML.replace('<p>{{tagline}}</p>', '<p>{{tagline}}</p>\n  <div class="hal');
      await replaceText(editor, halfTyped);
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // well past the delay
      assert.equal(putsTo(panel, template.id).length, 0, 'no PUT of the half-typed text');
      assert.equal(await held, true, 'VS Code auto-saved after the delay, and the save was held');
      assert.equal(requestsTo(panel, '/site-templates/validate').length, 0, 'nor a validation');
      assert.equal(panel.data.siteTemplates.get(template.id)?.html, VALID_HTML);
      assert.equal(panel.data.siteTemplates.get(template.id)?.version, 3, 'the template\'s version is unchanged');
      assert.equal(editor.document.isDirty, true, 'the tab stays dirty');
      assert.equal(api.editors.heldSaves.isHeld(uri), true);
      const decoration = api.editors.heldSaves.provideFileDecoration(uri);
      assert.match(String(decoration?.tooltip), /not saved to the panel: press Ctrl\+S/i, 'the tab says why and what to do');

      // The operator finishes typing and presses Ctrl+S (File: Save): that save is sent.
      const finished = VALID_HTML.replace('<p>{{tagline}}</p>', '<p>{{tagline}}</p>\n  <div class="hall">welcome</div>');
      await replaceText(editor, finished);
      await vscode.window.showTextDocument(editor.document);
      await vscode.commands.executeCommand('workbench.action.files.save');
      const puts = putsTo(panel, template.id);
      assert.equal(puts.length, 1, 'Ctrl+S sends one PUT');
      // The html and the version only, each under the name and in the shape the panel gives it (`html` or
      // `markup`, a string or `{value}`; the version a number or its digits).
      const sent = JSON.parse(puts[0].body ?? '{}') as Record<string, unknown>;
      const scalar = (value: unknown) => (typeof value === 'object' && value !== null && 'value' in value ? (value as { value: unknown }).value : value);
      assert.deepEqual(Object.values(sent).map((value) => String(scalar(value))).sort(), [finished, '3'].sort(), puts[0].body);
      assert.equal(panel.data.siteTemplates.get(template.id)?.html, finished);
      assert.equal(editor.document.isDirty, false);
      assert.equal(api.editors.heldSaves.isHeld(uri), false, 'nothing held any more');
      assert.equal(api.editors.heldSaves.provideFileDecoration(uri), undefined);
    });

    it('holds the auto-save of the panel settings (a JSON document) too: no PUT until Ctrl+S', async () => {
      await vscode.commands.executeCommand('panelOps.settings.open');
      const editor = vscode.window.activeTextEditor;
      assert.ok(editor && editor.document.uri.path === '/settings.json');
      const { uri } = editor.document;
      const shown = JSON.parse(editor.document.getText());
      const before = panel.data.settings.panel_name;
      panel.resetRequests();
      const held = nextHold(api, uri, 5_000);
      await replaceText(editor, JSON.stringify({ ...shown, panel_name: 'Half-typed na' }, null, 2));
      await new Promise((resolve) => setTimeout(resolve, 1_500)); // well past the delay
      assert.deepEqual(requestsTo(panel, '/settings').filter((request) => request.method === 'PUT'), [], 'no PUT of the half-typed settings');
      assert.equal(await held, true, 'VS Code auto-saved after the delay, and the save was held');
      assert.equal(panel.data.settings.panel_name, before);
      assert.equal(editor.document.isDirty, true, 'the tab stays dirty');
      assert.match(String(api.editors.heldSaves.provideFileDecoration(uri)?.tooltip), /not saved to the panel: press Ctrl\+S/i);

      await replaceText(editor, JSON.stringify({ ...shown, panel_name: 'Fully typed name' }, null, 2));
      await vscode.window.showTextDocument(editor.document);
      await vscode.commands.executeCommand('workbench.action.files.save');
      const puts = requestsTo(panel, '/settings').filter((request) => request.method === 'PUT');
      assert.deepEqual(puts.map((request) => JSON.parse(request.body ?? '{}')), [{ panel_name: 'Fully typed name' }], 'Ctrl+S sends one PUT of what changed');
      assert.equal(panel.data.settings.panel_name, 'Fully typed name');
      assert.equal(editor.document.isDirty, false);
      assert.equal(api.editors.heldSaves.isHeld(uri), false);
    });
  });

  it('sends nothing when a template or the panel settings are saved as they were read', async () => {
    const template = addTemplate(panel, { name: 'Saved as read', version: 4 });
    const editor = await openFromView(api, template.id);
    const read = editor.document.getText();
    panel.resetRequests();
    // Changed, then typed back: the tab is dirty, its text the panel's.
    await replaceText(editor, `${read}<!-- typing -->`);
    await replaceText(editor, read);
    assert.equal(editor.document.isDirty, true, 'the tab is dirty: the save below reaches the panel file system');
    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('workbench.action.files.save');
    assert.equal(editor.document.isDirty, false, 'saved');
    assert.deepEqual(putsTo(panel, template.id), [], 'no PUT of the text the panel holds');
    assert.equal(panel.data.siteTemplates.get(template.id)?.version, 4, 'no new version of the same template');

    await vscode.commands.executeCommand('panelOps.settings.open');
    const settings = vscode.window.activeTextEditor;
    assert.ok(settings && settings.document.uri.path === '/settings.json');
    const shown = settings.document.getText();
    await replaceText(settings, shown.replace(/\n$/, '\n\n'));
    await replaceText(settings, shown);
    assert.equal(settings.document.isDirty, true);
    await vscode.commands.executeCommand('workbench.action.files.save');
    assert.equal(settings.document.isDirty, false, 'saved');
    assert.deepEqual(requestsTo(panel, '/settings').filter((request) => request.method === 'PUT'), [], 'no PUT of the settings as read');
  });

  it('clears the Problems entries of a template when it is reverted', async () => {
    const template = addTemplate(panel, { name: 'Revert me' });
    const editor = await openFromView(api, template.id);
    await replaceText(editor, VALID_HTML.replace('  <p>{{tagline}}</p>', '  <section>\n  <p>{{tagline}}</p>'));
    assert.equal(await editor.document.save(), false, 'the panel refuses the unclosed <section>');
    await problems(editor.document.uri, 'panel (validate)');
    assert.ok(panelEntries(editor.document.uri).length > 0);
    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('workbench.action.files.revert');
    assert.equal(editor.document.isDirty, false);
    assert.equal(editor.document.getText(), VALID_HTML);
    await problems(editor.document.uri, 'panel (validate)', (found) => found.length === 0);
    assert.deepEqual(panelEntries(editor.document.uri).map((diagnostic) => diagnostic.message), [], 'the reverted text is the panel\'s: nothing to show');
  });

  it('clears the Problems entries of a template when its tabs close', async () => {
    const broken = VALID_HTML.replace('  <p>{{tagline}}</p>', '  <article>\n  <p>{{tagline}}</p>');
    const template = addTemplate(panel, { name: 'Close me', html: broken });
    const editor = await openFromView(api, template.id);
    const { uri } = editor.document;
    assert.equal(await vscode.commands.executeCommand('panelOps.siteTemplates.validate', uri), 1, 'Validate Template finds the unclosed <article>');
    await problems(uri, 'panel (validate)');
    api.input.clear();
    const tabs = allTabs().filter((tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === uri.toString());
    assert.ok(tabs.length > 0, 'the template has a tab');
    await vscode.window.tabGroups.close(tabs);
    await problems(uri, 'panel (validate)', (found) => found.length === 0);
    assert.deepEqual(panelEntries(uri).map((diagnostic) => diagnostic.message), [], 'no entry of a template no tab shows');
  });
});
