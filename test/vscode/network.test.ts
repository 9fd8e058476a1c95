// The network is VS Code's: http.proxy and http.proxySupport as the extension host applies them, the OS
// certificate store, and a self-signed panel trusted for that panel only.
import * as assert from 'node:assert/strict';
import { readFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { startPanel } from '../panel';
import { startCountingProxy } from '../support/countingProxy';
import { children, connect, labelOf, signOut, testApi, type TestApi } from './support';

const TRUST = 'Trust This Certificate for This Panel';

describe('network: VS Code proxy and certificates', () => {
  let api: TestApi;
  before(async () => {
    api = await testApi();
  });

  it('reaches a panel name only the proxy knows through http.proxy, and directly with http.proxySupport off', async () => {
    const name = 'panel.internal.test';
    const panel = await startPanel({ https: { names: [name] }, dataset: 'empty' });
    const proxy = await startCountingProxy({ [name]: '127.0.0.1' });
    const folder = mkdtempSync(join(tmpdir(), 'panel-ops-ca-'));
    const http = vscode.workspace.getConfiguration('http');
    const settings = vscode.workspace.getConfiguration('panelOps');
    const url = panel.url.replace('127.0.0.1', name);
    const target = { url };
    try {
      writeFileSync(join(folder, 'ca.pem'), panel.ca ?? '');
      await settings.update('caCertificatePath', join(folder, 'ca.pem'), vscode.ConfigurationTarget.Global);
      await http.update('proxy', proxy.url, vscode.ConfigurationTarget.Global);
      await connect(target, panel.tokens.owner, { name: 'Behind the proxy' });
      assert.ok(proxy.tunnels.length > 0 && proxy.tunnels.every((tunnel) => tunnel === new URL(url).host), proxy.tunnels.join());
      assert.ok(panel.requests.length > 0, 'the panel was reached through the tunnel');
      await signOut(target);

      await http.update('proxySupport', 'off', vscode.ConfigurationTarget.Global);
      const tunnels = proxy.tunnels.length;
      await assert.rejects(Promise.resolve(connect(target, panel.tokens.owner)), /ENOTFOUND|not found|getaddrinfo/i);
      assert.equal(proxy.tunnels.length, tunnels, 'no tunnel: the request went directly (and the name is unknown outside the proxy)');
    } finally {
      await signOut(target);
      await http.update('proxySupport', undefined, vscode.ConfigurationTarget.Global);
      await http.update('proxy', undefined, vscode.ConfigurationTarget.Global);
      await settings.update('caCertificatePath', undefined, vscode.ConfigurationTarget.Global);
      rmSync(folder, { recursive: true, force: true });
      await proxy.close();
      await panel.close();
    }
  });

  it('reuses its connections to a loopback panel (an SSH tunnel), where VS Code would build one per request', async () => {
    const panel = await startPanel({ dataset: 'demo' });
    // The views' reads only: the fleet watcher's reads, running beside them, need connections of their own.
    await api.fleetWatching.setWindowFocused(false);
    try {
      await connect(panel, panel.tokens.owner, { name: 'Through a tunnel' });
      await children(api.alerts);
      for (let i = 0; i < 3; i++) await vscode.commands.executeCommand('panelOps.refreshAll');
      await children(api.alerts);
      const requests = panel.requests.length;
      assert.ok(requests >= 6, `${requests} requests`);
      assert.ok(panel.connections * 2 <= requests, `${requests} requests on ${panel.connections} connections`);
    } finally {
      await signOut(panel);
      await panel.close();
      await api.fleetWatching.setWindowFocused(undefined);
    }
  });

  it('connects with no setting to a panel whose CA only the OS certificate store holds', async function () {
    const dir = process.env.PANEL_OPS_OS_STORE_PANEL;
    if (!dir) this.skip(); // needs root (the launcher installs the CA); CI runs as root
    assert.equal(process.env.NODE_EXTRA_CA_CERTS, undefined);
    const given = { ca: '', cert: readFileSync(join(dir, 'cert.pem'), 'utf8'), key: readFileSync(join(dir, 'key.pem'), 'utf8') };
    const panel = await startPanel({ https: { given }, dataset: 'empty' });
    try {
      assert.equal(vscode.workspace.getConfiguration('panelOps').get('caCertificatePath'), '');
      await connect(panel, panel.tokens.owner, { name: 'OS store panel' });
      assert.deepEqual((await children(api.alerts)).map(labelOf), ['No unresolved alerts']);
    } finally {
      await signOut(panel);
      await panel.close();
    }
  });

  it('trusts a self-signed panel on connect, only after the operator trusted it, and refuses a changed certificate', async () => {
    const panel = await startPanel({ https: { selfSigned: true }, dataset: 'empty' });
    try {
      api.input.clear();
      api.input.queue(panel.url, 'Continue', panel.tokens.owner, 'Full rights', 'Self-signed panel', 'Open panel', TRUST);
      await vscode.commands.executeCommand('panelOps.connect');
      const asked = api.input.questions.find((question) => question.kind === 'confirm');
      assert.ok(asked, 'the certificate was shown');
      const fingerprint = new (await import('node:crypto')).X509Certificate(panel.ca ?? '').fingerprint256;
      assert.match(asked.detail ?? '', /Subject: .*Self-signed simulated panel/);
      assert.match(asked.detail ?? '', /Issuer: .*Self-signed simulated panel/);
      assert.match(asked.detail ?? '', /Valid from .* to /);
      assert.ok((asked.detail ?? '').includes(`SHA-256 fingerprint: ${fingerprint}`));
      assert.equal(api.session.active?.name, 'Self-signed panel');
      assert.ok(panel.requests.length > 0);
      // The first request the panel ever saw came after the trust: nothing reached it before.
      assert.ok(panel.requests.every((request) => request.headers.authorization === `Bearer ${panel.tokens.owner}`));
      assert.deepEqual((await children(api.alerts)).map(labelOf), ['No unresolved alerts']);

      const changed = await panel.replaceCertificate();
      const newFingerprint = new (await import('node:crypto')).X509Certificate(changed).fingerprint256;
      const seen = panel.requests.length;
      api.input.clear();
      await vscode.commands.executeCommand('panelOps.refreshAll');
      const items = await children(api.alerts);
      const shown = [...items.map((item) => `${labelOf(item)} ${String(item.tooltip ?? '')}`), ...api.input.notices.map((notice) => notice.message)].join('\n');
      assert.ok(shown.includes(fingerprint) && shown.includes(newFingerprint), shown);
      assert.match(shown, /Forget Trusted Certificate/);
      assert.doesNotMatch(shown, /caCertificatePath/, 'a changed trusted certificate is not a missing CA');
      assert.equal(panel.requests.length, seen, 'nothing was sent to the changed certificate');

      api.input.clear();
      await vscode.commands.executeCommand('panelOps.forgetTrustedCertificate');
      assert.match(api.input.notices.map((notice) => notice.message).join('\n'), /no longer trusts the certificate/);
    } finally {
      api.input.clear();
      await signOut(panel);
      await panel.close();
    }
  });
});
