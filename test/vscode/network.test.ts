// The network is VS Code's: http.proxy and http.proxySupport as the extension host applies them, the OS
// certificate store, and a self-signed panel trusted for that panel only, also through a proxy;
// connections kept across a pause, and the request timeout on every route.
import * as assert from 'node:assert/strict';
import { X509Certificate } from 'node:crypto';
import { readFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { startPanel } from '../panel';
import { startCountingProxy } from '../support/countingProxy';
import { children, connect, labelOf, signOut, testApi, type TestApi } from './support';

const TRUST = 'Trust This Certificate for This Panel';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Settings changed by a test, put back after it. */
async function withSettings(settings: Record<string, unknown>, body: () => Promise<void>): Promise<void> {
  const target = vscode.ConfigurationTarget.Global;
  const entries = Object.entries(settings).map(([key, value]) => ({ section: key.slice(0, key.indexOf('.')), name: key.slice(key.indexOf('.') + 1), value }));
  try {
    for (const { section, name, value } of entries) await vscode.workspace.getConfiguration(section).update(name, value, target);
    await body();
  } finally {
    for (const { section, name } of entries) await vscode.workspace.getConfiguration(section).update(name, undefined, target);
  }
}

/** The machine's first non-loopback IPv4 address: a panel there is remote to VS Code. */
function remoteAddress(): string | undefined {
  return Object.values(networkInterfaces()).flat().find((address) => address?.family === 'IPv4' && !address.internal)?.address;
}

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
    // The views' reads only: the panels watcher's reads, running beside them, need connections of their own.
    await api.panelsWatching.setWindowFocused(false);
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
      await api.panelsWatching.setWindowFocused(undefined);
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

  it('keeps its connection through http.proxy across a pause the panel outlasts, when the panel does not say how long (nginx)', async () => {
    const name = 'kept.internal.test';
    const panel = await startPanel({ https: { names: [name] }, dataset: 'demo', keepAlive: { idleSeconds: 75, hint: false } });
    const proxy = await startCountingProxy({ [name]: '127.0.0.1' });
    const folder = mkdtempSync(join(tmpdir(), 'panel-ops-ca-'));
    const target = { url: panel.url.replace('127.0.0.1', name) };
    writeFileSync(join(folder, 'ca.pem'), panel.ca ?? '');
    // The views' reads only: the panels watcher's, beside them, would open connections of their own.
    await api.panelsWatching.setWindowFocused(false);
    try {
      await withSettings({ 'http.proxy': proxy.url, 'panelOps.caCertificatePath': join(folder, 'ca.pem') }, async () => {
        await connect(target, panel.tokens.owner, { name: 'Kept behind the proxy' });
        const refresh = async () => {
          await vscode.commands.executeCommand('panelOps.refreshAll');
          assert.equal((await children(api.nodes)).length, panel.data.nodes.size);
        };
        await refresh();
        await refresh();
        // Connections of one-off reads (Connect's check) may close meanwhile: what the refreshes keep is counted
        // once those have gone, then kept through a pause longer than the 4 s undici keeps a connection the
        // panel said nothing about.
        await sleep(4_500);
        const [open, connections, requests] = [panel.openConnections, panel.connections, panel.requests.length];
        assert.ok(open > 0, 'the refreshes left connections open');
        await sleep(6_000);
        assert.equal(panel.openConnections, open, 'no connection was closed during the pause');
        await refresh();
        const after = panel.requests.slice(requests);
        assert.ok(after.length > 0, 'the refresh read the panel again');
        // A refresh whose reads overlap more than before may add a connection to the pool; the kept ones carry it.
        const kept = after.filter((request) => (request.connection ?? Infinity) <= connections);
        assert.ok(after[0].connection !== undefined && after[0].connection <= connections, `the first read after the pause came on a kept connection (${after[0].connection}, ${connections} before)`);
        assert.ok(kept.length * 2 >= after.length, `${kept.length} of the ${after.length} reads after the pause came on kept connections (${panel.connections - connections} new)`);
        assert.ok(proxy.tunnels.every((tunnel) => tunnel === new URL(target.url).host), proxy.tunnels.join());
      });
    } finally {
      await signOut(target);
      await api.panelsWatching.setWindowFocused(undefined);
      rmSync(folder, { recursive: true, force: true });
      await proxy.close();
      await panel.close();
    }
  });

  it('offers to trust a self-signed panel reachable only through http.proxy, and refuses it once changed', async () => {
    const name = 'selfsigned.internal.test';
    const panel = await startPanel({ https: { selfSigned: true, names: [name] }, dataset: 'empty' });
    const proxy = await startCountingProxy({ [name]: '127.0.0.1' });
    const url = panel.url.replace('127.0.0.1', name);
    let requestsWhenAsked: number | undefined;
    const asked = api.input.onDidAsk((question) => {
      if (question.kind === 'confirm') requestsWhenAsked = panel.requests.length;
    });
    try {
      await withSettings({ 'http.proxy': proxy.url }, async () => {
        api.input.clear();
        api.input.queue(url, 'Continue', panel.tokens.owner, 'Full rights', 'Self-signed behind the proxy', 'Open panel', TRUST);
        await vscode.commands.executeCommand('panelOps.connect');
        const question = api.input.questions.find((q) => q.kind === 'confirm');
        assert.ok(question, `the certificate was shown; asked: ${api.input.questions.map((q) => `${q.kind} ${q.title ?? ''} ${(q.validation ?? []).join(' ')}`).join(' | ')}`);
        const fingerprint = new X509Certificate(panel.ca ?? '').fingerprint256;
        assert.ok((question.detail ?? '').includes(`SHA-256 fingerprint: ${fingerprint}`), question.detail);
        assert.match(question.detail ?? '', /Subject: .*Self-signed simulated panel/);
        assert.equal(requestsWhenAsked, 0, 'nothing reached the panel before the operator answered');
        assert.equal(api.session.active?.name, 'Self-signed behind the proxy');
        assert.ok(panel.requests.length > 0 && panel.requests.every((request) => request.headers.authorization === `Bearer ${panel.tokens.owner}`));
        assert.ok(proxy.tunnels.length > 0 && proxy.tunnels.every((tunnel) => tunnel === new URL(url).host), proxy.tunnels.join());
        assert.deepEqual((await children(api.alerts)).map(labelOf), ['No unresolved alerts']);

        const changed = await panel.replaceCertificate();
        const newFingerprint = new X509Certificate(changed).fingerprint256;
        const seen = panel.requests.length;
        api.input.clear();
        await vscode.commands.executeCommand('panelOps.refreshAll');
        const items = await children(api.alerts);
        const shown = [...items.map((item) => `${labelOf(item)} ${String(item.tooltip ?? '')}`), ...api.input.notices.map((notice) => notice.message)].join('\n');
        assert.ok(shown.includes(fingerprint) && shown.includes(newFingerprint), shown);
        assert.equal(panel.requests.length, seen, 'nothing was sent to the changed certificate');
      });
    } finally {
      asked.dispose();
      api.input.clear();
      await signOut({ url });
      await proxy.close();
      await panel.close();
    }
  });

  it('ends a stalled read with the request timeout on every route: VS Code\'s own pool, and through http.proxy', async function () {
    const address = remoteAddress();
    if (!address) this.skip(); // no non-loopback address on this machine
    const name = 'slow.internal.test';
    const remote = await startPanel({ https: { names: [address as string] }, host: address, dataset: 'empty' });
    const proxied = await startPanel({ https: { names: [name] }, dataset: 'empty' });
    const proxy = await startCountingProxy({ [name]: '127.0.0.1' });
    const folder = mkdtempSync(join(tmpdir(), 'panel-ops-ca-'));
    writeFileSync(join(folder, 'ca.pem'), `${remote.ca ?? ''}\n${proxied.ca ?? ''}`);
    const targets = [
      // No proxy setting: VS Code decides the route, and its own pool (which takes no timeout of ours) sends.
      { panel: remote, url: remote.url, proxy: '' },
      { panel: proxied, url: proxied.url.replace('127.0.0.1', name), proxy: proxy.url },
    ];
    try {
      for (const { panel, url, proxy: proxyUrl } of targets) {
        await withSettings({ 'http.proxy': proxyUrl || undefined, 'panelOps.caCertificatePath': join(folder, 'ca.pem'), 'panelOps.requestTimeoutSeconds': 1 }, async () => {
          await connect({ url }, panel.tokens.owner, { name: `Slow ${url}` });
          try {
            // Longer than the timeout, for the read and both of its retries.
            panel.inject({ kind: 'latency', ms: 4_000, match: { method: 'GET', path: '/alerts' }, times: 3 });
            const started = Date.now();
            await vscode.commands.executeCommand('panelOps.alerts.refresh');
            const items = await children(api.alerts);
            const elapsed = Date.now() - started;
            assert.equal(items[0]?.contextValue, 'error', `${url}: ${items.map(labelOf).join()}`);
            assert.match(`${labelOf(items[0])} ${String(items[0].tooltip ?? '')}`, /did not answer GET \/alerts in time \(headers timeout of 1000 ms\)/);
            assert.ok(elapsed < 8_000, `${url}: ended after ${elapsed} ms, before the panel's 4 s answers to its three attempts`);
          } finally {
            panel.clearFaults();
            await signOut({ url });
          }
        });
      }
      assert.ok(proxy.tunnels.length > 0, 'the second panel was reached through the proxy');
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await proxy.close();
      await remote.close();
      await proxied.close();
    }
  });
});
