// Each connected panel has one scope belief of its own (issue 34): with two panels connected and the second
// one active, a refresh forgets the 403 answers of the panels it reads again, the first one's included, and
// switching panels keeps what each panel refused.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { SCOPES, type Scope } from '../../src/api/catalog';
import type { SimulatedPanel } from '../panel';
import { connect, eventually, type TestApi, type ViewParts, under } from './support';
import { twoPanelsConnected } from './twoPanels';

/** The first panel's token lacks these; the operator says "Full rights", so the extension learns it from the 403s. */
const WITHHELD: readonly Scope[] = ['sites:read', 'monitoring:read'];

describe('One scope belief per panel: refreshes forget each shown panel\'s 403 answers (two panels, the second active)', function () {
  this.timeout(120_000);
  let api: TestApi;
  let first: SimulatedPanel;
  let second: SimulatedPanel;
  let firstTokenId: string;
  const names = { first: 'First panel', second: 'Second panel' };

  const two = twoPanelsConnected(names, async (panel, name) => {
    const issued = panel.issueToken({ role: 'owner', scopes: SCOPES.filter((scope) => !WITHHELD.includes(scope)) });
    firstTokenId = issued.id;
    await connect(panel, issued.secret, { name, preset: 'fullRights' });
  });
  before(() => ({ api, first, second } = two));

  beforeEach(async () => {
    if (!api.allPanels.enabled) await vscode.commands.executeCommand('panelOps.views.showAllPanels');
    if (api.session.active?.id !== second.url) await api.session.switchTo(second.url);
  });


  /** The scopes the first panel's token holds on that panel (a test changes them as an owner would). */
  function firstTokenScopes(): Scope[] {
    const record = first.data.tokens.find((token) => token.id === firstTokenId);
    assert.ok(record, 'the first panel\'s token record');
    return record.scopes;
  }

  /** Reads a panel's part of a view until it shows an item `matches` accepts. */
  async function shownUnder(view: ViewParts, panelName: string, matches: (item: vscode.TreeItem) => boolean, what: string): Promise<void> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const items = await under(view, panelName);
      if (items.some(matches)) return;
      if (Date.now() > deadline) assert.fail(`${what}: not within 15 s (shown: ${items.map((item) => item.contextValue).join(', ')})`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }


  /** Reads the first panel's part of a view until it says the token lacks the scope (its 403 learned). */
  async function deniedOnFirst(view: ViewParts, route: 'siteTemplates.list' | 'alerts.list'): Promise<void> {
    await under(view, names.first);
    await eventually(() => api.session.wasDeniedOn(first.url, route), `the first panel's 403 for ${route} is learned`);
    const items = await under(view, names.first);
    assert.deepEqual(items.map((item) => item.contextValue), ['missingScope'], 'the first panel shows the missing scope');
    assert.equal(api.session.wasDeniedOn(second.url, route), false, 'the second panel refused nothing');
  }

  it('Refresh Site Templates forgets the first (non-active) panel\'s 403 and shows its templates', async () => {
    await deniedOnFirst(api.siteTemplates, 'siteTemplates.list');
    firstTokenScopes().push('sites:read');
    await vscode.commands.executeCommand('panelOps.siteTemplates.refresh');
    assert.equal(api.session.wasDeniedOn(first.url, 'siteTemplates.list'), false, 'the first panel forgot its 403');
    await shownUnder(api.siteTemplates, names.first, (item) => item.contextValue?.startsWith('siteTemplate.') === true, 'the first panel\'s templates are shown');
  });

  it('Refresh All forgets the first (non-active) panel\'s 403 and shows its alerts', async () => {
    await deniedOnFirst(api.alerts, 'alerts.list');
    firstTokenScopes().push('monitoring:read');
    await vscode.commands.executeCommand('panelOps.refreshAll');
    assert.equal(api.session.wasDeniedOn(first.url, 'alerts.list'), false, 'the first panel forgot its 403');
    await shownUnder(api.alerts, names.first, (item) => item.contextValue === 'alert.unresolved', 'the first panel\'s alerts are shown');
  });

  it('switching panels keeps what each panel refused: the first panel\'s 403 is still known once it is active', async () => {
    const scopes = firstTokenScopes();
    scopes.splice(scopes.indexOf('branding:read'), 1);
    try {
      await assert.rejects(api.panels.require(first.url).call((panelApi, signal) => panelApi.branding.profiles.list({}, { signal })));
      assert.equal(api.session.wasDeniedOn(first.url, 'branding.profiles.list'), true, 'the 403 is the first panel\'s');
      assert.equal(api.session.capabilities.wasDenied('branding.profiles.list'), false, 'the active (second) panel refused nothing');
      await api.session.switchTo(first.url);
      assert.equal(api.session.capabilities.wasDenied('branding.profiles.list'), true, 'the first panel, now active, still knows its 403');
      assert.equal(api.session.capabilities.can('branding.profiles.list'), false);
      assert.equal(api.panels.require(second.url).scopes.can('branding.profiles.list'), true, 'the second panel still may');
      // The Branding view shows the active panel: its refresh forgets that panel's 403 and reads again.
      scopes.push('branding:read');
      await vscode.commands.executeCommand('panelOps.branding.refresh');
      assert.equal(api.session.capabilities.wasDenied('branding.profiles.list'), false, 'the branding refresh forgot the active panel\'s 403');
    } finally {
      if (!scopes.includes('branding:read')) scopes.push('branding:read');
    }
  });
});
