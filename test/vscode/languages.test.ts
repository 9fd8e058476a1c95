// The extension in VS Code's display language (issue 36), run by the launchers again with the workbench in
// Persian (right to left) and in Simplified Chinese (suiteReadings.ts LANGUAGE_PASSES), and in English with
// the whole suite. What each checks is read from the bundle of the language VS Code shows, so the same file
// holds in every language: the views, a confirmation and a notification speak it; a page is laid out in its
// direction (`<html dir="rtl">` in Persian, read from the page's DOM); a node named in Latin letters and a
// user's label mixing Persian and Latin keep their order, in sentences (isolated between U+2068 and U+2069
// in a right-to-left language) and in the page (drawn in their own direction).
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { isRightToLeft } from '../../src/text/bidi';
import { localizeFrom } from '../../src/text/localize';
import type { SimulatedPanel } from '../panel';
import { startPanel } from '../panel';
import { readJson } from '../l10n/messages';
import { closeAll } from './catalogSupport';
import { onItem } from './nodeSupport';
import { pageElements, uiDriver } from './pageDom';
import { children, labelOf, signOut, suitePanels, suiteTokens, testApi, type TestApi } from './support';
import { suiteDisplayLanguage } from './suiteReadings';

const FSI = '\u2068';
const PDI = '\u2069';
const RLI = '\u2067';
/** A user's label mixing Persian and Latin: its first letter is Persian, so it reads right to left, "VIP alice-2" inside it left to right. */
const MIXED_LABEL = 'کاربر VIP alice-2';

const language = vscode.env.language;
const rightToLeft = isRightToLeft(language);
const bundle = language === 'en' ? undefined : readJson(`l10n/bundle.l10n.${language}.json`) as Record<string, string>;
/** What `vscode.l10n.t` says in this language: the extension's bundle, read from the repository. */
const tr = localizeFrom(bundle);
/** A panel value inside a sentence, as the extension isolates it in this language. */
const value = (text: string) => (rightToLeft ? `${FSI}${text}${PDI}` : text);
/** A whole sentence where VS Code lays it out left to right (a notification, a confirmation, a description): in reading order. */
const sentence = (text: string) => (rightToLeft ? `${RLI}${text}${PDI}` : text);
const reversed = (text: string) => [...text].reverse().join('');

describe(`In VS Code's display language (${language})`, () => {
  let api: TestApi;
  let panel: SimulatedPanel;
  let mixedUserId: string;

  before(async function () {
    const asked = suiteDisplayLanguage();
    // The launcher set this language in the workbench: it must be the one VS Code gives the extension.
    if (asked) assert.equal(language, asked, 'vscode.env.language is the language the launcher set');
    api = await testApi();
    panel = await startPanel();
    // A user whose label mixes Persian and Latin, disabled, with an access date that has passed.
    const template = [...panel.data.keys.values()][0];
    mixedUserId = randomUUID();
    panel.data.keys.set(mixedUserId, {
      ...structuredClone(template), id: mixedUserId, label: MIXED_LABEL, owner_label: 'تیم Berlin', note: null, type: 'PERSONAL', status: 'active',
      expires_at: new Date(Date.now() - 86_400_000).toISOString(), disabled_at: new Date().toISOString(), revoked_at: null,
    });
    // Connect as a person does, answering the prompts in this language.
    suiteTokens.add(panel.tokens.owner);
    suitePanels.add(panel);
    api.input.clear();
    api.input.queue(panel.url, tr('Continue'), panel.tokens.owner, tr('Full rights'), 'Languages panel', tr('Open panel'));
    await vscode.commands.executeCommand('panelOps.connect');
    api.input.clear();
    assert.ok(api.session.panel(panel.url), 'connected through the prompts in this language');
  });

  after(async () => {
    for (const view of [...api.nodeMetrics.views, ...api.qrViews.views]) view.dispose();
    await closeAll();
    await signOut(panel);
    await panel.close();
  });

  it('the views and the manifest speak the language', async () => {
    if (language !== 'en') assert.ok(bundle && Object.keys(bundle).length > 1000, `the extension ships l10n/bundle.l10n.${language}.json`);
    const groups = (await children(api.users)).map(labelOf);
    assert.deepEqual(groups, ['active', 'pending', 'expiring', 'expired', 'disabled', 'revoked'].map((state) => tr(state)));
    if (language !== 'en') assert.notDeepEqual(groups, ['active', 'pending', 'expiring', 'expired', 'disabled', 'revoked'], 'not English');
    // The Nodes view's description: the panel's name, then the counts of the language, in reading order.
    const described = String(api.nodes.view.description);
    assert.ok(described.includes(value('Languages panel')), described);
    if (rightToLeft) assert.match(described, /^\u2067.*\u2069$/u, 'the view\'s description in reading order');
    if (language === 'fa') assert.match(described, /[۰-۹]/u, 'its counts in Persian digits');
    const manifest = readJson(language === 'en' ? 'package.nls.json' : `package.nls.${language}.json`);
    const views = (vscode.extensions.getExtension('panel-ops.panel-ops')?.packageJSON as { contributes: { views: Record<string, { id: string; name: string }[]> } }).contributes.views;
    const nodesView = Object.values(views).flat().find((view) => view.id === 'panelOps.nodes');
    assert.equal(nodesView?.name, manifest['view.panelOps.nodes.name'], 'the Nodes view is named from package.nls of the language');
  });

  it('a confirmation and a notification speak the language, a node named in Latin letters isolated in them', async () => {
    const item = (await children(api.nodes)).find((candidate) => labelOf(candidate) === 'ams-1');
    assert.ok(item, 'node ams-1 in the Nodes view, its name as the panel gives it');
    await onItem(api, 'panelOps.nodes.restart', item, tr('Restart'));
    const confirmation = api.input.questions.find((question) => question.kind === 'confirm');
    assert.equal(confirmation?.title, sentence(tr('Restart "{0}"?', value('ams-1'))));
    assert.deepEqual(api.input.notices.map((notice) => notice.message), [sentence(tr('"{0}" restarted.', value('ams-1')))]);
    if (rightToLeft) assert.ok(api.input.notices[0].message.includes(`${FSI}ams-1${PDI}`), 'the name between FSI and PDI');
    const restarted = (await children(api.nodes)).find((candidate) => labelOf(candidate) === 'ams-1');
    if (rightToLeft && restarted?.description) assert.match(String(restarted.description), /^\u2067.*\u2069$/u, 'the node\'s description in reading order');
    else assert.doesNotMatch(api.input.notices[0].message, /[\u2066-\u2069]/, 'no isolates in a left-to-right language');
  });

  it('a user\'s label mixing Persian and Latin keeps its order in the view, a notification and a page', async function () {
    api.users.provider.setFilter({ q: 'alice-2' });
    const group = (await children(api.users)).find((candidate) => labelOf(candidate) === tr('disabled'));
    assert.ok(group, 'the disabled group');
    const item = (await children(api.users, group)).find((candidate) => labelOf(candidate) === MIXED_LABEL);
    assert.ok(item, `the user labelled ${MIXED_LABEL}, the label as the panel gives it`);
    const description = String(item.description);
    assert.ok(description.includes(tr('owner: {0}', value('تیم Berlin'))), description);
    if (rightToLeft) assert.ok(description.startsWith(RLI) && description.endsWith(PDI), 'the description in reading order');

    await onItem(api, 'panelOps.users.enable', item);
    assert.deepEqual(api.input.notices.map((notice) => notice.message),
      [sentence(tr('"{0}" is enabled, but its access date has passed, so it stays expired. Edit its expiry to give access again.', value(MIXED_LABEL)))]);

    if (!uiDriver()) this.skip();
    const expired = (await children(api.users)).find((candidate) => labelOf(candidate) === tr('expired'));
    const enabled = expired && (await children(api.users, expired)).find((candidate) => labelOf(candidate) === MIXED_LABEL);
    assert.ok(enabled, 'the user moved to the expired group');
    await vscode.commands.executeCommand('panelOps.users.showQr', enabled);
    const view = api.qrViews.views.find((candidate) => candidate.target.user.id === mixedUserId);
    assert.ok(view, 'a QR page opened');
    await view.loaded;
    const [page] = await pageElements('html');
    assert.equal(page.dir, rightToLeft ? 'rtl' : 'ltr');
    const [label] = await pageElements('h1 bdi', (found) => found.some((element) => element.text === MIXED_LABEL));
    assert.equal(label.text, MIXED_LABEL, 'the label as the panel gives it, in its own <bdi>');
    assert.equal(label.direction, 'rtl', 'the label takes the direction of its first letter, Persian, in every language');
    assert.equal(label.leftToRight, `VIPalice-2${reversed('کاربر')}`, '"VIP alice-2" drawn left of the Persian word and left to right, as a Persian reader reads the label');
  });

  it('a page is laid out in the language\'s direction; a Latin node name inside it keeps its order', async function () {
    if (!uiDriver()) this.skip();
    const item = (await children(api.nodes)).find((candidate) => labelOf(candidate) === 'ams-1');
    await vscode.commands.executeCommand('panelOps.nodes.showMetrics', item);
    const view = api.nodeMetrics.views.find((candidate) => candidate.spec.title.includes('ams-1'));
    assert.ok(view, 'the metrics page of ams-1');
    await view.loaded;
    const [page] = await pageElements('html');
    assert.deepEqual([page.dir, page.direction], rightToLeft ? ['rtl', 'rtl'] : ['ltr', 'ltr'], 'the page\'s document direction');
    const [heading] = await pageElements('h1', (found) => found.some((element) => element.text !== ''));
    assert.equal(heading.text, tr('Metrics of {0}', value('ams-1')));
    const around = tr('Metrics of {0}', '').replace(/\s/g, '');
    // The Latin name is drawn as one run, in its own order, wherever the sentence of the language puts it.
    assert.ok(heading.leftToRight.includes('ams-1'), heading.leftToRight);
    if (rightToLeft) {
      assert.equal(heading.leftToRight, `ams-1${reversed(around)}`, 'in Persian the sentence runs right to left and ends, on the left, with the name');
    }
    const routes = await pageElements('.source');
    assert.ok(routes.length > 0 && routes.every((route) => route.dir === 'ltr' && route.direction === 'ltr'), 'the routes (GET /nodes/{id}/stats) stay left to right');
  });
});
