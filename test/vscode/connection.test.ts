// Connecting, capabilities, a revoked token, switching and signing out, inside a real VS Code against the
// simulated panel. Uses the connect command's argument form (the prompts are the same flow without UI).
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { startPanel, type SimulatedPanel } from '../panel';
import { children, connect, labelOf, requestsTo, runWithAnswers, signOut, testApi, until, type TestApi } from './support';

describe('Connecting to panels', () => {
  let api: TestApi;
  let panel: SimulatedPanel;

  before(async () => {
    api = await testApi();
    panel = await startPanel();
  });

  afterEach(async () => {
    await signOut(panel);
  });

  after(async () => {
    await panel.close();
  });

  it('connects with one verifying read, keeps the token in SecretStorage and names the panel in every view', async () => {
    panel.resetRequests();
    await connect(panel, panel.tokens.owner, { name: 'Demo panel' });
    assert.deepEqual(panel.requests.map((request) => `${request.method} ${request.path}`), ['GET /api/v1/nodes']);
    assert.equal(await api.hasToken(panel.url), true);
    assert.equal(api.session.state, 'connected');
    for (const parts of [api.nodes, api.users, api.alerts, api.siteTemplates]) {
      // The Users view adds the panel's user figures once it has loaded them.
      assert.match(parts.view.description ?? '', /^Demo panel( · |$)/);
    }
    const authorization = panel.requests[0].headers.authorization;
    assert.equal(authorization, `Bearer ${panel.tokens.owner}`);
  });

  it('explains a revoked token (401) in words and saves nothing', async () => {
    await assert.rejects(
      Promise.resolve(connect(panel, panel.tokens.revoked)),
      /rejected the token: it is invalid, expired or revoked/,
    );
    assert.equal(await api.hasToken(panel.url), false);
    assert.equal(api.session.state, 'disconnected');
  });

  it('explains a token that works but lacks the scope of the check (403)', async () => {
    const { secret } = panel.issueToken({ role: 'owner', scopes: ['users:read'] });
    await assert.rejects(Promise.resolve(connect(panel, secret, { preset: 'readOnly' })), /lacks nodes:read/);
    assert.equal(await api.hasToken(panel.url), false);
    // Told the truth about its scopes, the same token connects (checked with a read it may do).
    panel.resetRequests();
    await connect(panel, secret, { scopes: ['users:read'] });
    assert.deepEqual(requestsTo(panel, '/keys').map((request) => request.query.per_page), ['1']);
    assert.equal(api.session.capabilities.hasScope('users:read'), true);
    assert.equal(api.session.capabilities.hasScope('nodes:read'), false);
  });

  it('refuses URLs that are not an https origin (or http on loopback) before sending anything', async () => {
    panel.resetRequests();
    // Each box says what is wrong as the user types; the user then gives up (Escape).
    await runWithAnswers('panelOps.connect', 'http://panel.example.com', `${panel.url}/api/v1`, { cancel: true });
    assert.match(api.input.questions[0].validation[0], /HTTP/i);
    assert.match(api.input.questions[0].validation[1], /origin/i);
    await runWithAnswers('panelOps.connect', panel.url, 'Continue', 'pmt_ with space', { cancel: true });
    assert.match(api.input.questions[2].validation[0], /whitespace/i);
    assert.equal(panel.requests.length, 0);
  });

  it('a read-only token hides write actions: its write scopes are believed absent', async () => {
    await connect(panel, panel.tokens.readOnly, { preset: 'readOnly' });
    assert.equal(api.session.capabilities.can('nodes.list'), true);
    assert.equal(api.session.capabilities.can('keys.disable'), false);
    assert.equal(api.session.capabilities.can('alerts.resolve'), false);
    assert.equal(api.session.capabilities.can('nodes.apply'), false);
    assert.match(api.session.capabilities.explain('keys.disable'), /users:write/);
    await connect(panel, panel.tokens.owner, { preset: 'fullRights' });
    assert.equal(api.session.capabilities.can('keys.disable'), true);
    assert.equal(api.session.capabilities.can('alerts.resolve'), true);
  });

  it('learns from a 403 that the account may not read a view, and says which scope it needs', async () => {
    // The user claims full rights, but the token only has nodes:read and monitoring:read.
    const { secret } = panel.issueToken({ role: 'owner', scopes: ['nodes:read', 'monitoring:read'] });
    await connect(panel, secret, { preset: 'fullRights' });
    assert.equal(api.session.capabilities.hasScope('sites:read'), true);
    const first = await children(api.siteTemplates);
    assert.equal(api.session.capabilities.hasScope('sites:read'), false, 'the 403 was recorded');
    const after = first.some((item) => item.contextValue === 'missingScope') ? first : await children(api.siteTemplates);
    assert.deepEqual(after.map(labelOf), ['This token lacks sites:read']);
    panel.resetRequests();
    await children(api.siteTemplates);
    assert.equal(requestsTo(panel, '/site-templates').length, 0, 'no request is sent for a scope known to be missing');
  });

  it('a revoked token: every view shows the reconnect node, one prompt, and no more requests with it', async () => {
    const { secret } = panel.issueToken({ role: 'owner', scopes: ['nodes:read', 'users:read', 'monitoring:read', 'sites:read'] });
    await connect(panel, secret, { scopes: ['nodes:read', 'users:read', 'monitoring:read', 'sites:read'] });
    let prompts = 0;
    const counting = api.onDidShowReconnectPrompt(() => (prompts += 1));
    try {
      panel.revokeToken(secret);
      const views = [api.nodes, api.users, api.alerts, api.siteTemplates];
      await Promise.all(views.map((parts) => children(parts).catch(() => [])));
      await until(api.session.onDidChange, () => api.session.state === 'tokenRejected');
      for (const parts of views) {
        const items = await children(parts);
        assert.deepEqual(items.map((item) => item.contextValue), ['tokenRejected'], `${parts.view.title ?? ''} shows the reconnect node`);
        assert.equal(labelOf(items[0]), 'Token rejected — reconnect');
        assert.equal(items[0].command?.command, 'panelOps.reconnect');
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal(prompts, 1, 'exactly one reconnect prompt');
      panel.resetRequests();
      await vscode.commands.executeCommand('panelOps.refreshAll');
      await Promise.all(views.map((parts) => children(parts)));
      assert.equal(panel.requests.length, 0, 'nothing retries with the dead token');
      // Reconnecting with a good token for the same panel brings the views back.
      await connect(panel, panel.tokens.owner);
      assert.equal(api.session.state, 'connected');
      const alerts = await children(api.alerts);
      assert.ok(alerts.some((item) => /^alert\.unresolved\b/.test(item.contextValue ?? '')));
    } finally {
      counting.dispose();
    }
  });

  it('switches between connected panels and signs out of one, deleting its secret', async () => {
    const second = await startPanel({ dataset: 'empty' });
    try {
      await connect(panel, panel.tokens.owner, { name: 'First' });
      await connect(second, second.tokens.owner, { name: 'Second' });
      assert.equal(api.session.active?.name, 'Second');
      assert.deepEqual((await children(api.nodes)).map(labelOf), ['First', 'Second'], 'two panels: both shown, the first not hidden');
      await vscode.commands.executeCommand('panelOps.views.showActivePanel');
      // The view names the panel it shows (then, once its nodes are read, their summary: "Second · 0 nodes").
      assert.match(String(api.nodes.view.description), /^Second( · |$)/);
      await api.session.switchTo(panel.url);
      assert.equal(api.session.active?.name, 'First');
      assert.match(String(api.alerts.view.description), /^First( · |$)/);

      await signOut(panel);
      assert.equal(await api.hasToken(panel.url), false);
      assert.equal(await api.hasToken(second.url), true);
      assert.equal(api.session.active?.name, 'Second', 'the other panel stays connected and becomes active');

      await signOut(second);
      assert.equal(await api.hasToken(second.url), false);
      assert.equal(api.session.state, 'disconnected');
      assert.deepEqual(await children(api.alerts), [], 'the welcome view (Connect to Panel) shows instead');
      await vscode.commands.executeCommand('workbench.view.extension.panelOps');
      await until(api.welcome.onDidChangeVisibility, () => api.welcome.visible);
      assert.equal(api.alerts.view.visible, false, 'the panel views are hidden while nothing is connected');
      await connect(panel, panel.tokens.owner, { name: 'First' });
      await until(api.welcome.onDidChangeVisibility, () => !api.welcome.visible);
      await until(api.alerts.view.onDidChangeVisibility, () => api.alerts.view.visible);
      await signOut(panel);
    } finally {
      // Left connected by a failure above, either panel would put the next tests in all-panels mode.
      for (const connected of [panel, second]) if (await api.hasToken(connected.url)) await signOut(connected);
      await second.close();
      await api.allPanels.forgetChoice();
    }
  });

  it('trusts a self-signed HTTPS panel only with its CA in panelOps.caCertificatePath', async () => {
    const secure = await startPanel({ https: true, dataset: 'empty' });
    const folder = mkdtempSync(join(tmpdir(), 'panel-ops-ca-'));
    const settings = vscode.workspace.getConfiguration('panelOps');
    try {
      assert.ok(secure.url.startsWith('https://') && secure.ca);
      // Offered "Trust This Certificate for This Panel" (network.test.ts), declined: the URL step says why.
      api.input.clear();
      api.input.queue(secure.url, 'Continue', secure.tokens.owner, 'Full rights', 'Secure panel', 'Open panel', { cancel: true }, { cancel: true });
      await vscode.commands.executeCommand('panelOps.connect');
      const reopened = api.input.questions.filter((question) => question.kind === 'text' && question.problem);
      assert.match(reopened.map((question) => question.problem).join('\n'), /Could not check the panel.*TLS certificate.*panelOps\.caCertificatePath/);
      api.input.clear();
      assert.equal(await api.hasToken(secure.url), false);
      const caFile = join(folder, 'panel-ca.pem');
      writeFileSync(caFile, secure.ca);
      await settings.update('caCertificatePath', caFile, vscode.ConfigurationTarget.Global);
      await connect(secure, secure.tokens.owner, { name: 'Secure panel' });
      assert.equal(api.session.active?.name, 'Secure panel');
      assert.deepEqual((await children(api.alerts)).map(labelOf), ['No unresolved alerts']);
    } finally {
      await signOut(secure);
      await settings.update('caCertificatePath', undefined, vscode.ConfigurationTarget.Global);
      rmSync(folder, { recursive: true, force: true });
      await secure.close();
    }
  });

  it('lists each connected panel as an account of the Panel Ops authentication provider', async () => {
    await connect(panel, panel.tokens.owner, { name: 'Accounts panel' });
    const accounts = await vscode.authentication.getAccounts('panelOps');
    assert.ok(accounts.some((account) => account.id === panel.url && account.label.startsWith('Accounts panel')));
    await signOut(panel);
    // The provider announces the removal through onDidChangeSessions; the workbench then updates its list.
    let listed = true;
    for (let attempt = 0; attempt < 50 && listed; attempt++) {
      listed = (await vscode.authentication.getAccounts('panelOps')).some((account) => account.id === panel.url);
      if (listed) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.equal(listed, false, 'signed-out panel left the Accounts list');
  });
});
