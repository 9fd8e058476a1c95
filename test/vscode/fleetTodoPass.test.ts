// Issue 35, the fleet to-do's own pass over each panel's users (`GET /keys?per_page=200`): on two panels
// connected at once, a user shared beyond the threshold (`live.devices_15m`, `live.ips`) and an expired user
// the panel still shows online each appear once, with their severity, panel and document; Disable User sends
// exactly its disable and the finding goes with the panel's answer; the threshold changes the list without a
// read; and while the window is unfocused no pass reads anything, the due pass running when focus returns.
// The same pass reads the fleet updates (one running for 45 minutes is listed on its own update.json) and an
// https panel's certificate by a TLS handshake (the simulator's lives two days: listed as expiring), and a
// self-signed panel trusted on connect is listed, as an error, once it presents another certificate.
// The window loses the focus through the UI driver (POST /focus: the workbench page's own focus, which VS
// Code's window state follows); under a launcher without the driver, through the passes' seam
// (`fleetTodo.passes.setWindowFocused`), as panelsWatch.test.ts does for the watcher. The suite's user
// settings turn the pass off (livePassMinutes 0, test/launch/code-server-process.ts): turned on here.
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { startPanel, type SimulatedPanel } from '../panel';
import { actionsAt, findingsOf } from './fleetTodoSupport';
import { uiDriver } from './pageDom';
import { connect, eventually, requestsTo, signOut, testApi, type TestApi } from './support';

const NAMES = { north: 'North pass', south: 'South pass' };
const SHARED = 'shared-pass-user';
const EXPIRED = 'expired-online-pass-user';
const LATER = 'shared-later-pass-user';
const OFFLINE = { connections: 0, devices: 0, devices_15m: 0, ips: 0, online: false };
const LONG_UPDATE = '0e5c1a52-7f3b-4d2e-9a61-3c0f5e8b2d47';

interface Seeded {
  readonly shared: string;
  readonly expired: string;
  readonly later: string;
}

/** Every user offline, then one shared on 5 devices from 2 addresses, one expired yet online; `later` offline for now. */
function seed(panel: SimulatedPanel): Seeded {
  const keys = [...panel.data.keys.values()];
  for (const key of keys) key.live = { ...OFFLINE };
  const [shared, expired, later] = keys;
  Object.assign(shared, { label: SHARED, status: 'active', expires_at: null, disabled_at: null, revoked_at: null, live: { connections: 3, devices: 6, devices_15m: 5, ips: 2, online: true } });
  Object.assign(expired, { label: EXPIRED, status: 'active', expires_at: new Date(Date.now() - 86_400_000).toISOString(), disabled_at: null, revoked_at: null, live: { connections: 1, devices: 1, devices_15m: 1, ips: 1, online: true } });
  Object.assign(later, { label: LATER, status: 'active', expires_at: null, disabled_at: null, revoked_at: null });
  return { shared: shared.id, expired: expired.id, later: later.id };
}

/** The pass's reads of users: `GET /keys` at the contract's largest page. */
function passReads(panel: SimulatedPanel) {
  return requestsTo(panel, '/keys').filter((request) => request.query.per_page === '200');
}

describe('Fleet to-do: its own pass over the users\' live figures', function () {
  this.timeout(60_000);
  let api: TestApi;
  let north: SimulatedPanel;
  let south: SimulatedPanel;
  let seeded: { north: Seeded; south: Seeded };
  let passMinutes: unknown;
  const settings = () => vscode.workspace.getConfiguration('panelOps.todo');

  before(async () => {
    api = await testApi();
    passMinutes = settings().inspect('livePassMinutes')?.globalValue;
    await settings().update('livePassMinutes', 15, vscode.ConfigurationTarget.Global);
    api.fleetTodo.passes.setWindowFocused(true);
    [north, south] = await Promise.all([startPanel(), startPanel()]);
    seeded = { north: seed(north), south: seed(south) };
    north.data.fleetUpdates.set(LONG_UPDATE, {
      id: LONG_UPDATE, status: 'running', node_ids: [], nodes: [], engine: 'engine', target_version: '2.1.8',
      created_at: new Date(Date.now() - 45 * 60_000).toISOString(), finished_at: null, stopped_at: null, created_by: 'owner',
    });
    await connect(north, north.tokens.owner, { name: NAMES.north });
    await connect(south, south.tokens.owner, { name: NAMES.south });
  });

  after(async () => {
    // The window's focus back, whatever a failed test left: every later suite's watchers read only while focused.
    const driver = uiDriver();
    if (driver) await fetch(`${driver}/focus`, { method: 'POST', body: JSON.stringify({ focused: true }) });
    api?.fleetTodo.passes.setWindowFocused(undefined);
    await settings().update('sharingThreshold', undefined, vscode.ConfigurationTarget.Global);
    await settings().update('livePassMinutes', passMinutes, vscode.ConfigurationTarget.Global);
    for (const panel of [north, south]) {
      if (!panel) continue;
      await signOut(panel);
      await panel.close();
    }
  });

  it('lists a shared user and an expired user still online on both panels, once each, on the user\'s document', async () => {
    await eventually(() => [NAMES.north, NAMES.south].every((name) => findingsOf(name, 'userSharing').length > 0 && findingsOf(name, 'userOnlineExpired').length > 0), 'both panels\' user findings');
    for (const [name, panel, ids] of [[NAMES.north, north, seeded.north], [NAMES.south, south, seeded.south]] as const) {
      const sharing = findingsOf(name, 'userSharing');
      assert.equal(sharing.length, 1, `${name}: one shared user`);
      const [uri, diagnostic] = sharing[0];
      assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Warning);
      assert.match(uri.path, new RegExp(`^/users/${SHARED}~${ids.shared}/user\\.json$`));
      assert.equal(uri.authority, `http~${new URL(panel.url).host}`, 'on its own panel\'s document');
      assert.match(diagnostic.message, /devices in the last 15 minutes: 5; IP addresses: 2\./, 'the panel\'s own figures');
      const text = (await vscode.workspace.openTextDocument(uri)).getText();
      assert.equal((JSON.parse(text) as { id: string }).id, ids.shared);

      const online = findingsOf(name, 'userOnlineExpired');
      assert.equal(online.length, 1, `${name}: one expired user online`);
      assert.equal(online[0][1].severity, vscode.DiagnosticSeverity.Error);
      assert.match(online[0][0].path, new RegExp(`^/users/${EXPIRED}~${ids.expired}/user\\.json$`));
      assert.match(online[0][1].message, /is expired but the panel still shows it online \(1 connections/);
      assert.equal(passReads(panel).length, 1, `${name}: one page of 200 read the panel's users`);
    }
  });

  it('lists a fleet update running for 45 minutes on its own document, with only Ignore', async () => {
    await eventually(() => findingsOf(NAMES.north, 'fleetUpdateLong').length === 1, 'the long fleet update');
    assert.deepEqual(findingsOf(NAMES.south, 'fleetUpdateLong'), [], 'the other panel has none');
    const [[uri, diagnostic]] = findingsOf(NAMES.north, 'fleetUpdateLong');
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Warning);
    assert.match(uri.path, new RegExp(`^/fleet-updates/[^/]*~${LONG_UPDATE}/update\\.json$`));
    assert.match(diagnostic.message, /is running since .* \(45 minutes, over 30\)/);
    assert.equal((JSON.parse((await vscode.workspace.openTextDocument(uri)).getText()) as { id: string }).id, LONG_UPDATE, 'the update as the panel gave it');
    assert.deepEqual((await actionsAt(uri, diagnostic)).map((action) => action.command?.command), ['panelOps.todo.ignore']);
    assert.equal(requestsTo(north, '/fleet/updates').length, 1, 'read once, in the pass');
  });

  it('Disable User sends exactly its disable, and the finding goes with the panel\'s answer', async () => {
    for (const [kind, id] of [['userSharing', seeded.north.shared], ['userOnlineExpired', seeded.north.expired]] as const) {
      const [[uri, diagnostic]] = findingsOf(NAMES.north, kind);
      const titles = (await actionsAt(uri, diagnostic)).map((action) => action.command?.command);
      assert.deepEqual(titles, ['panelOps.todo.disableUser', 'panelOps.todo.ignore']);
      const disable = (await actionsAt(uri, diagnostic)).find((action) => action.command?.command === 'panelOps.todo.disableUser');
      assert.ok(disable?.command);
      north.resetRequests();
      south.resetRequests();
      await vscode.commands.executeCommand(disable.command.command, ...(disable.command.arguments ?? []));
      assert.deepEqual(north.requests.filter((request) => request.method !== 'GET').map((request) => `${request.method} ${request.path}`), [`POST /api/v1/keys/${id}/disable`]);
      assert.deepEqual(south.requests.filter((request) => request.method !== 'GET'), [], 'nothing to the other panel');
      await eventually(() => findingsOf(NAMES.north, kind).length === 0, `${kind}: the disabled user leaves the list`);
      assert.equal(findingsOf(NAMES.south, kind).length, 1, 'the other panel\'s stays');
    }
  });

  it('the sharing threshold changes the list, with no read', async () => {
    south.resetRequests();
    await settings().update('sharingThreshold', 5, vscode.ConfigurationTarget.Global);
    await eventually(() => findingsOf(NAMES.south, 'userSharing').length === 0, '5 devices are not above 5');
    await settings().update('sharingThreshold', 4, vscode.ConfigurationTarget.Global);
    await eventually(() => findingsOf(NAMES.south, 'userSharing').length === 1, 'but above 4');
    await settings().update('sharingThreshold', undefined, vscode.ConfigurationTarget.Global);
    assert.deepEqual(passReads(south), [], 'the figures held serve the new threshold');
  });

  it('reads nothing while the window is unfocused; the due pass runs when focus returns', async () => {
    const key = [...north.data.keys.values()].find((candidate) => candidate.id === seeded.north.later);
    assert.ok(key);
    key.live = { connections: 4, devices: 9, devices_15m: 9, ips: 7, online: true };
    // The real window loses the focus (the UI driver, as when the operator switches application); without a
    // driver (the desktop launcher) the passes are told through their seam.
    const driver = uiDriver();
    const focus = async (focused: boolean) => {
      if (!driver) {
        api.fleetTodo.passes.setWindowFocused(focused);
        return;
      }
      api.fleetTodo.passes.setWindowFocused(undefined);
      const answer = await fetch(`${driver}/focus`, { method: 'POST', body: JSON.stringify({ focused }) });
      const said = await answer.text();
      assert.equal(answer.status, 200, said);
      await eventually(() => vscode.window.state.focused === focused, `VS Code's window state ${focused ? 'focused' : 'unfocused'} (${said})`);
    };
    await focus(false);
    north.resetRequests();
    south.resetRequests();
    api.fleetTodo.passes.makeDue(north.url);
    api.fleetTodo.passes.makeDue(south.url);
    assert.ok(api.fleetTodo.passes.waitsForFocus(north.url) && api.fleetTodo.passes.waitsForFocus(south.url), 'both passes are due and wait for focus');
    // The store's own re-reads still happen while unfocused; the pass must not: a second later, no page of 200.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.deepEqual([...passReads(north), ...passReads(south)], [], 'no pass read while unfocused');
    assert.equal(findingsOf(NAMES.north, 'userSharing').length, 0, 'the new sharer is not known yet');
    await focus(true);
    await eventually(() => findingsOf(NAMES.north, 'userSharing').length === 1, 'the pass ran when focus returned');
    assert.match(findingsOf(NAMES.north, 'userSharing')[0][0].path, new RegExp(`~${seeded.north.later}/user\\.json$`));
    assert.equal(passReads(north).length, 1);
    await eventually(() => passReads(south).length === 1, 'and on the other panel');
    assert.ok(!api.fleetTodo.passes.waitsForFocus(north.url));
  });

  it('lists a self-signed panel whose certificate is no longer the one trusted, at its next pass, and sends it nothing', async () => {
    const panel = await startPanel({ https: { selfSigned: true }, dataset: 'empty' });
    const name = 'Self-signed pass';
    const changedOf = () => findingsOf(name, 'certificateExpiring').filter(([, diagnostic]) => diagnostic.message.includes('changed'));
    try {
      api.input.clear();
      api.input.queue(panel.url, 'Continue', panel.tokens.owner, 'Full rights', name, 'Open panel', 'Trust This Certificate for This Panel');
      await vscode.commands.executeCommand('panelOps.connect');
      assert.equal(api.session.active?.name, name, 'connected after trusting its certificate');
      const trusted = new (await import('node:crypto')).X509Certificate(panel.ca ?? '').fingerprint256;
      // Its first pass reads the certificate it trusts: nothing changed.
      await eventually(() => !api.fleetTodo.passes.waitsForFocus(panel.url) && api.fleetTodo.passes.holdings(panel.url)?.certificate !== undefined, 'the first pass read the certificate');
      assert.deepEqual(changedOf(), [], 'the trusted certificate is no finding');

      const presented = new (await import('node:crypto')).X509Certificate(await panel.replaceCertificate()).fingerprint256;
      const seen = panel.requests.length;
      api.fleetTodo.passes.makeDue(panel.url);
      await eventually(() => changedOf().length === 1, 'the changed certificate');
      const [[uri, diagnostic]] = changedOf();
      assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
      assert.ok(diagnostic.message.includes(presented) && diagnostic.message.includes(trusted), `both fingerprints: ${diagnostic.message}`);
      assert.match(uri.path, /^\/certificate\/[^/]*~panel\/certificate\.json$/);
      assert.equal(panel.requests.length, seen, 'the pass sent nothing to the changed certificate (a handshake only)');
    } finally {
      api.input.clear();
      await signOut(panel);
      await panel.close();
    }
  });

  it('reads an https panel\'s certificate by a TLS handshake and lists it when it ends within 14 days', async () => {
    const secure = await startPanel({ https: true, dataset: 'empty' });
    const folder = mkdtempSync(join(tmpdir(), 'panel-ops-ca-'));
    const panelOps = vscode.workspace.getConfiguration('panelOps');
    try {
      assert.ok(secure.ca);
      writeFileSync(join(folder, 'ca.pem'), secure.ca);
      await panelOps.update('caCertificatePath', join(folder, 'ca.pem'), vscode.ConfigurationTarget.Global);
      await connect(secure, secure.tokens.owner, { name: 'Secure pass' });
      await eventually(() => findingsOf('Secure pass', 'certificateExpiring').length === 1, 'the certificate that lives two days');
      const [[uri, diagnostic]] = findingsOf('Secure pass', 'certificateExpiring');
      assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Warning);
      assert.match(diagnostic.message, /^The TLS certificate of panel "Secure pass" expires .* \(within 14 days\)\.$/);
      assert.match(uri.path, /^\/certificate\/[^/]*~panel\/certificate\.json$/);
      assert.ok('sha256' in (JSON.parse((await vscode.workspace.openTextDocument(uri)).getText()) as object), 'the certificate as read');
      assert.deepEqual(findingsOf(NAMES.north, 'certificateExpiring'), [], 'an http panel has no certificate to read');
    } finally {
      await signOut(secure);
      await panelOps.update('caCertificatePath', undefined, vscode.ConfigurationTarget.Global);
      rmSync(folder, { recursive: true, force: true });
      await secure.close();
    }
  });
});
