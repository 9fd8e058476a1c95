// Branding inside a real VS Code, against the simulated panel: the profiles with the active one marked and
// the live copy from the node; create, edit one field (the panel's 422 reason told), activate; the active
// profile's delete refused before any request, another deleted after the modal; an asset upload previewed
// and sent as multipart, a too-large one refused with the panel's reason; the preview runs no script.
import * as assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { SimulatedPanel } from '../panel';
import { closeAll, noticesOf, runOn } from './catalogSupport';
import { children, connectedPanel, eventually, labelOf, lastPosted, requestsTo, runWithAnswers, type TestApi } from './support';

type ProfileItem = vscode.TreeItem & { profile: { id: string; name: string; active: boolean; fields: Record<string, string | undefined>; assets: { kind: string; filename?: string }[] } };

async function profiles(api: TestApi): Promise<ProfileItem[]> {
  return (await children(api.branding)).filter((item) => /^brandingProfile/.test(item.contextValue ?? '')) as ProfileItem[];
}

async function profileNamed(api: TestApi, name: string): Promise<ProfileItem> {
  const item = (await profiles(api)).find((candidate) => candidate.profile.name === name);
  assert.ok(item, `profile ${name} in the Branding view`);
  return item;
}

/** A PNG signature followed by zeros, `size` bytes in all (the panel checks the size, not the pixels). */
function imageFile(name: string, size: number): string {
  const path = join(mkdtempSync(join(tmpdir(), 'panel-ops-branding-')), name);
  const bytes = Buffer.alloc(size);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  writeFileSync(path, bytes);
  return path;
}

function webviewTabTitles(): string[] {
  return vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => tab.input instanceof vscode.TabInputWebview).map((tab) => tab.label);
}

describe('Branding', () => {
  const connected = connectedPanel();
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));
  beforeEach(async () => {
    await vscode.commands.executeCommand('panelOps.branding.showStored');
  });
  after(closeAll);

  it('lists the profiles with the active one marked, and the live copy from the node on request', async () => {
    const items = await profiles(api);
    assert.equal(items.length, panel.data.brandingProfiles.size);
    const active = items.filter((item) => item.contextValue === 'brandingProfile.active');
    assert.deepEqual(active.map((item) => item.profile.name), ['Default']);
    assert.match(String(active[0].description), /active/);
    const fields = (await children(api.branding, active[0])).map(labelOf);
    assert.deepEqual(fields.slice(0, 9), ['name', 'panel_name', 'primary_color', 'accent_color', 'theme_default', 'login_text', 'footer_text', 'support_link', 'custom_css']);

    panel.resetRequests();
    await vscode.commands.executeCommand('panelOps.branding.showLive');
    assert.deepEqual(requestsTo(panel, '/branding/profiles').map((request) => request.query.live), ['1']);
    const live = await profiles(api);
    assert.deepEqual(live.map((item) => [item.profile.name, item.contextValue]), [['Default', 'brandingProfile.live']]);
    assert.match(String(api.branding.view.description), /live from the node/);
  });

  it('Refresh All Views re-reads the branding profiles too', async () => {
    await profiles(api);
    panel.resetRequests();
    await vscode.commands.executeCommand('panelOps.refreshAll');
    assert.deepEqual(requestsTo(panel, '/branding/profiles').map((request) => request.query.live), ['0']);
  });

  it('creates a profile, edits it in its form (the panel\'s refusal beside the field) and by a field of the view, and activates it', async () => {
    await runWithAnswers('panelOps.branding.create', 'Campaign');
    let created = await profileNamed(api, 'Campaign');
    assert.equal(created.contextValue, 'brandingProfile');

    await vscode.commands.executeCommand('panelOps.branding.edit', created);
    const form = api.brandingForms.forms.find((candidate) => candidate.profileId === created.profile.id);
    assert.ok(form, 'the profile\'s form opened');
    const formState = () => {
      const message = lastPosted(form.probe, 'state');
      assert.ok(message, 'the form was sent its state');
      return message.state;
    };
    await eventually(() => lastPosted(form.probe, 'state') !== undefined, 'the form shows the profile');
    assert.equal(formState().fields.name, 'Campaign');
    assert.deepEqual(Object.keys(formState().fields), ['name', 'panel_name', 'primary_color', 'accent_color', 'theme_default', 'login_text', 'footer_text', 'support_link', 'custom_css']);

    api.input.clear();
    panel.resetRequests();
    const panelNameBefore = panel.data.brandingProfiles.get(created.profile.id)?.panel_name;
    form.probe.deliver({ type: 'save', fields: { ...formState().fields, primary_color: 'blue', panel_name: 'Campaign panel' } });
    await eventually(() => requestsTo(panel, `/branding/profiles/${created.profile.id}`).length === 1, 'the PUT');
    await form.saved;
    assert.match(formState().problems.primary_color ?? '', /\S/, 'the panel\'s reason shows beside the field');
    assert.match(noticesOf(api).join('\n'), /^error: Could not change panel_name, primary_color of "Campaign": .*primary_color: /m, 'and is told once');
    assert.equal(panel.data.brandingProfiles.get(created.profile.id)?.panel_name, panelNameBefore, 'the refused PUT changed nothing');
    const savedSince = (from: number) => form.probe.posted.slice(from).filter((message) => message.type === 'state' && message.saved).length;
    assert.equal(savedSince(0), 0, 'a refused save leaves what was typed in the page');
    const beforeSecond = form.probe.posted.length;

    form.probe.deliver({ type: 'save', fields: { ...formState().fields, primary_color: '#123456', panel_name: 'Campaign panel' } });
    await eventually(() => requestsTo(panel, `/branding/profiles/${created.profile.id}`).length === 2, 'the second PUT');
    await form.saved;
    const update = panel.data.audit.filter((entry) => entry.action === 'branding.profiles.update').at(-1);
    assert.deepEqual([...(update?.details.fields as string[])].sort(), ['panel_name', 'primary_color'], 'only the changed fields are sent');
    assert.deepEqual(formState().problems, {});
    assert.equal(savedSince(beforeSecond), 1, 'the page is told the save succeeded');
    assert.equal(panel.data.brandingProfiles.get(created.profile.id)?.primary_color, '#123456');
    created = await profileNamed(api, 'Campaign');
    assert.equal(created.profile.fields.panel_name, 'Campaign panel', 'the view follows the form');

    const colourField = (await children(api.branding, created)).find((item) => labelOf(item) === 'accent_color');
    assert.ok(colourField);
    await runOn(api, 'panelOps.branding.editField', colourField, '#abcdef');
    assert.equal(panel.data.brandingProfiles.get(created.profile.id)?.accent_color, '#abcdef');
    await eventually(() => formState().fields.accent_color === '#abcdef', 'the open form follows the view\'s edit');
    form.dispose();

    await vscode.commands.executeCommand('panelOps.branding.activate', created);
    const after = await profiles(api);
    assert.deepEqual(after.filter((item) => item.profile.active).map((item) => item.profile.name), ['Campaign'], 'only the activated one is active');
    assert.equal((await profileNamed(api, 'Default')).contextValue, 'brandingProfile');
  });

  it('refuses to delete the active profile, saying why, without a request; deletes another after the modal', async () => {
    const active = (await profiles(api)).find((item) => item.profile.active);
    assert.ok(active);
    panel.resetRequests();
    await runOn(api, 'panelOps.branding.delete', active);
    assert.match(noticesOf(api).join('\n'), /^warning: ".+" is the active branding profile.*Activate another profile first/m);
    assert.equal(api.input.questions.length, 0, 'no confirmation is asked for what cannot be done');
    assert.equal(panel.requests.filter((request) => request.method === 'DELETE').length, 0);

    await runWithAnswers('panelOps.branding.create', 'Short-lived');
    const doomed = await profileNamed(api, 'Short-lived');
    await runOn(api, 'panelOps.branding.delete', doomed, { cancel: true });
    assert.ok(panel.data.brandingProfiles.has(doomed.profile.id), 'cancelled: still there');
    await runOn(api, 'panelOps.branding.delete', doomed, 'Delete');
    assert.ok(!panel.data.brandingProfiles.has(doomed.profile.id));
    assert.ok(!(await profiles(api)).some((item) => item.profile.id === doomed.profile.id), 'gone from the view');
    const question = api.input.questions.find((asked) => asked.kind === 'confirm');
    assert.match(question?.title ?? '', /Delete the branding profile "Short-lived"\?/);
  });

  it('previews an image before uploading it as multipart, and tells the panel\'s reason for a too-large one', async () => {
    const target = await profileNamed(api, 'Night ops');
    const small = imageFile('logo.png', 2048);
    const opened: string[] = [];
    const listening = vscode.window.tabGroups.onDidChangeTabs((change) => opened.push(...change.opened.map((tab) => tab.label)));
    try {
      panel.resetRequests();
      await runOn(api, 'panelOps.branding.upload', target, 'logo', small, 'Upload');
      assert.deepEqual(noticesOf(api), ['info: Uploaded logo.png as logo of "Night ops".']);
      await eventually(() => opened.includes('Upload: logo.png'), `the image was shown in a tab before sending (tabs opened: ${opened.join(', ')})`);
      assert.ok(!webviewTabTitles().includes('Upload: logo.png'), 'the preview closes after the answer');
      const [upload] = requestsTo(panel, `/branding/profiles/${target.profile.id}/upload`);
      assert.equal(upload.query.kind, 'logo');
      assert.match(String(upload.headers['content-type']), /^multipart\/form-data; boundary=/);
      assert.equal(panel.data.brandingProfiles.get(target.profile.id)?.assets.logo?.size, 2048);
      assert.ok((await profileNamed(api, 'Night ops')).profile.assets.some((asset) => asset.kind === 'logo' && asset.filename === 'logo.png'));

      const large = imageFile('huge.png', 3 * 1024 * 1024);
      await runOn(api, 'panelOps.branding.upload', target, 'login_bg', large, 'Upload');
      assert.match(noticesOf(api).join('\n'), /^error: Could not upload huge.png as login_bg of "Night ops": .*file: must be at most 2 MiB/m);
      assert.equal(panel.data.brandingProfiles.get(target.profile.id)?.assets.login_bg, undefined);
    } finally {
      listening.dispose();
    }
  });

  it('previews the hostile profile in a page with no script that loads nothing from another origin', async () => {
    const hostile = (await profiles(api)).find((item) => item.profile.name.startsWith('Hostile'));
    assert.ok(hostile, 'the demo\'s hostile profile');
    const page = await vscode.commands.executeCommand<vscode.WebviewPanel>('panelOps.branding.preview', hostile);
    assert.ok(page?.webview, 'the preview page');
    assert.equal(page.webview.options.enableScripts, false);
    const html = page.webview.html;
    assert.ok(html.startsWith(`<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; style-src &#39;unsafe-inline&#39;; img-src data:;`));
    assert.doesNotMatch(html, /<script/i);
    assert.doesNotMatch(html, /href="javascript:/i);
    assert.match(html, /javascript:alert\(document.domain\)<\/code>/, 'the support link shown as text');
    assert.doesNotMatch(html, /--accent: red/, 'a value that is no colour is not used as one');
    page.dispose();
  });
});
