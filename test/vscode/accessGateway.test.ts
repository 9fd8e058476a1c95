// Panels behind an access gateway, connected through the real Connect prompts: a gateway that wants extra
// headers (a Cloudflare Access service token) and one that wants a client certificate (mutual TLS), here
// also reached through http.proxy. The header values are secrets: they must appear in no log line, no
// error or notification, and no request to another origin.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { AskedQuestion } from '../../src/prompts/scriptedUserInput';
import { startPanel } from '../panel';
import { startCountingProxy } from '../support/countingProxy';
import { startTestServer } from '../unit/support/clientTestServer';
import { children, connect, labelOf, runWithAnswers, signOut, suiteTokens, testApi, tooltipText, type TestApi } from './support';

const CLIENT_ID = '4c1f9e2a7b3d.access';
const CLIENT_SECRET = 'e81b5d0c47a9f3e26b8d1c4a0f7e9b2d5c3a6f8e1d4b7c0a9e2f5d8b1c4e7a0f';
const HEADERS = { 'CF-Access-Client-Id': CLIENT_ID, 'CF-Access-Client-Secret': CLIENT_SECRET };
const ADD_HEADERS = ['Add Header…', 'CF-Access-Client-Id', CLIENT_ID, 'Add Header…', 'CF-Access-Client-Secret', CLIENT_SECRET];

/** Every .log file under the extension host's log folder (the Panel Ops channel writes there). */
function logText(api: TestApi): string {
  const texts: string[] = [];
  const visit = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) visit(path);
      else if (name.endsWith('.log')) texts.push(readFileSync(path, 'utf8'));
    }
  };
  visit(join(api.storagePaths.logs, '..'));
  return texts.join('\n');
}

/** The log once it holds `expected` (the channel writes its file a moment later). */
async function logHolding(api: TestApi, expected: RegExp): Promise<string> {
  let text = '';
  for (let attempt = 0; attempt < 150 && !expected.test(text); attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    text = logText(api);
  }
  assert.match(text, expected);
  return text;
}

/** What the alerts view shows: its items' labels, descriptions and tooltips. */
async function alertsText(api: TestApi): Promise<string> {
  return (await children(api.alerts)).map((item) => `${labelOf(item)} ${String(item.description ?? '')} ${tooltipText(item)}`).join('\n');
}

describe('Access gateway: panels behind Cloudflare Access, an API-key proxy or mutual TLS', () => {
  let api: TestApi;
  before(async () => {
    api = await testApi();
  });

  it('is let in with the gateway\'s headers from the Connect prompts, and their values reach no log, error or other origin', async () => {
    const panel = await startPanel({ dataset: 'demo', gateway: { headers: HEADERS } });
    const other = await startPanel({ dataset: 'empty' });
    const elsewhere = await startTestServer();
    // The hygiene check after the suite looks for these values in every file too.
    suiteTokens.add(CLIENT_ID);
    suiteTokens.add(CLIENT_SECRET);
    try {
      // Without the headers the gateway refuses the check (403, its own page): the gateway step opens again and says so.
      api.input.clear();
      api.input.queue(panel.url, 'Continue', panel.tokens.owner, 'Full rights', 'Behind Access', 'Open panel', { cancel: true });
      await vscode.commands.executeCommand('panelOps.connect');
      const reopened = api.input.questions.filter((question) => question.kind === 'pick' && question.problem);
      assert.equal(reopened.length, 1, api.input.questions.map((question) => question.title).join(' | '));
      assert.match(reopened[0].problem ?? '', /in front of the panel.*403.*HTML page.*access gateway/s);
      // The reason is a row of its own, kept while the operator types; the row that fixes it starts highlighted, not Continue.
      assert.equal(reopened[0].items?.[0], '$(warning) Something in front of the panel refused the check (HTTP 403).');
      assert.match(reopened[0].details?.[0] ?? '', /HTML page.*"Add Header…" in this step/);
      assert.deepEqual(reopened[0].alwaysShown, [reopened[0].items?.[0]]);
      assert.deepEqual(reopened[0].picked, ['$(add) Add Header…']);
      const first = api.input.questions.find((question) => question.kind === 'pick' && question.title === reopened[0].title);
      assert.ok(first && first !== reopened[0] && first.picked?.length === 0 && !first.items?.some((label) => label.startsWith('$(warning)')), 'before any check, nothing but the rows');
      assert.equal(await api.hasToken(panel.url), false);
      assert.ok(panel.gatewayRefusals.length > 0 && panel.requests.length === 0, 'the gateway refused, the panel saw nothing');

      const asked: AskedQuestion[] = [];
      const listening = api.input.onDidAsk((question) => asked.push(question));
      try {
        await connect(panel, panel.tokens.owner, { name: 'Behind Access', gateway: ADD_HEADERS });
      } finally {
        listening.dispose();
      }
      assert.equal(api.session.active?.name, 'Behind Access');
      assert.ok((await children(api.alerts)).length > 0);
      assert.ok(panel.requests.length > 0);
      for (const request of panel.requests) {
        assert.equal(request.headers['cf-access-client-id'], CLIENT_ID);
        assert.equal(request.headers['cf-access-client-secret'], CLIENT_SECRET);
      }
      // The gateway step showed the header names, never a value.
      const shownPicks = asked.filter((question) => question.kind === 'pick').flatMap((question) => [...(question.items ?? []), ...(question.descriptions ?? []).map(String)]).join('\n');
      assert.match(shownPicks, /CF-Access-Client-Secret/);
      assert.ok(!shownPicks.includes(CLIENT_SECRET) && !shownPicks.includes(CLIENT_ID));

      // A check redirected to another origin (a gateway's login page) is not followed, and the gateway step says so.
      other.inject({ kind: 'redirect', status: 302, location: `${elsewhere.url}/login`, match: { path: '/nodes' }, times: 5 });
      api.input.clear();
      api.input.queue(other.url, 'Continue', other.tokens.owner, 'Full rights', 'Elsewhere', 'Open panel', { cancel: true });
      await vscode.commands.executeCommand('panelOps.connect');
      const redirectedCheck = api.input.questions.filter((question) => question.kind === 'pick' && question.problem);
      assert.equal(redirectedCheck.length, 1, api.input.questions.map((question) => question.title).join(' | '));
      assert.equal(redirectedCheck[0].items?.[0], `$(warning) Something in front of the panel redirected the check to ${new URL(elsewhere.url).origin}.`);
      assert.match(redirectedCheck[0].details?.[0] ?? '', /not followed/);
      assert.deepEqual(redirectedCheck[0].picked, ['$(add) Add Header…']);
      assert.equal(elsewhere.calls.length, 0, 'the redirect\'s target saw no request');
      other.clearFaults();

      // Another panel (another origin) connected beside it never receives the gateway's headers.
      await connect(other, other.tokens.owner, { name: 'Elsewhere' });
      await children(api.alerts);
      // From here the views show the active panel alone (the operator's choice), its alerts at the root.
      await vscode.commands.executeCommand('panelOps.views.showActivePanel');
      assert.ok(other.requests.length > 0);
      for (const request of other.requests) {
        const sent = JSON.stringify(request.headers);
        assert.ok(!sent.includes(CLIENT_SECRET) && !sent.includes(CLIENT_ID) && request.headers['cf-access-client-id'] === undefined, sent);
      }

      // Back on the gateway's panel: a redirect to another origin is refused, never followed with the headers.
      api.input.clear();
      api.input.queue(panel.url);
      await vscode.commands.executeCommand('panelOps.switchPanel');
      panel.inject({ kind: 'redirect', status: 302, location: `${elsewhere.url}/api/v1/alerts`, match: { path: '/alerts' }, times: 5 });
      api.input.clear();
      await vscode.commands.executeCommand('panelOps.refreshAll');
      const redirected = await alertsText(api);
      assert.match(redirected, /another origin/);
      assert.equal(elsewhere.calls.length, 0, 'the redirect\'s target saw no request');
      panel.clearFaults();
      // A panel (or gateway) that echoes the values in its error: the view and the log say [redacted].
      panel.inject({ kind: 'answer-after-apply', status: 422, json: { error: { code: 'validation', message: `bad service token ${CLIENT_ID} ${CLIENT_SECRET}` } }, match: { path: '/alerts' }, times: 5 });
      await vscode.commands.executeCommand('panelOps.refreshAll');
      const echoed = await alertsText(api);
      assert.match(echoed, /bad service token \[redacted\] \[redacted\]/);
      panel.clearFaults();

      const log = await logHolding(api, /bad service token \[redacted\]/);
      const notices = api.input.notices.map((notice) => notice.message).join('\n');
      for (const text of [log, redirected, echoed, notices]) {
        assert.ok(!text.includes(CLIENT_SECRET) && !text.includes(CLIENT_ID), 'a header value was shown or logged');
      }
      // The other panel, polled all along beside it, never received the gateway's headers.
      for (const request of other.requests) assert.equal(request.headers['cf-access-client-secret'], undefined);
      // Set Access Gateway… checks before saving: a wrong secret is refused by the gateway and not saved.
      api.input.clear();
      await runWithAnswers('panelOps.setAccessGateway', 'CF-Access-Client-Secret', 'not-the-secret-0000', 'Save', { cancel: true });
      const refusedEdit = api.input.questions.filter((question) => question.kind === 'pick' && question.problem);
      assert.match(refusedEdit[0]?.problem ?? '', /in front of the panel.*403/s);
      assert.deepEqual(refusedEdit[0]?.picked, ['CF-Access-Client-Id'], 'a header set already: its row is the fix');
      await vscode.commands.executeCommand('panelOps.refreshAll');
      assert.doesNotMatch(await alertsText(api), /403/, 'the saved headers still let the extension in');
      assert.equal(panel.requests.at(-1)?.headers['cf-access-client-secret'], CLIENT_SECRET);

      // Settings and the panel's record name the headers at most, never a value.
      const settings = JSON.stringify(vscode.workspace.getConfiguration().inspect('panelOps'));
      assert.ok(!settings.includes(CLIENT_SECRET));
    } finally {
      await api.allPanels.forgetChoice();
      api.input.clear();
      await signOut(other);
      await signOut(panel);
      await other.close();
      await elsewhere.close();
      await panel.close();
    }
  });

  it('reaches a panel that wants a client certificate with it, through http.proxy, and is refused without it', async () => {
    const name = 'mtls.internal.test';
    const panel = await startPanel({ https: { names: [name] }, clientCertificate: true, dataset: 'empty' });
    const proxy = await startCountingProxy({ [name]: '127.0.0.1' });
    const folder = mkdtempSync(join(tmpdir(), 'panel-ops-mtls-'));
    const http = vscode.workspace.getConfiguration('http');
    const settings = vscode.workspace.getConfiguration('panelOps');
    const target = { url: panel.url.replace('127.0.0.1', name) };
    const certificates = panel.clientCertificates!;
    const pfx = join(folder, 'operator.p12');
    const pem = join(folder, 'operator.pem');
    suiteTokens.add(certificates.passphrase);
    try {
      writeFileSync(join(folder, 'ca.pem'), panel.ca ?? '');
      writeFileSync(pfx, certificates.pfx);
      writeFileSync(pem, certificates.pem);
      await settings.update('caCertificatePath', join(folder, 'ca.pem'), vscode.ConfigurationTarget.Global);
      await http.update('proxy', proxy.url, vscode.ConfigurationTarget.Global);

      // Without a certificate the TLS handshake is refused: the gateway step opens again and says a certificate is wanted.
      api.input.clear();
      api.input.queue(target.url, 'Continue', panel.tokens.owner, 'Full rights', 'Mutual TLS', 'Open panel', { cancel: true });
      await vscode.commands.executeCommand('panelOps.connect');
      const reopened = api.input.questions.filter((question) => question.kind === 'pick' && question.problem);
      assert.equal(reopened.length, 1, api.input.questions.map((question) => `${question.title} ${question.problem ?? ''}`).join(' | '));
      assert.match(reopened[0].problem ?? '', /^The access gateway asked for a client certificate \(mutual TLS\) and none was given\./);
      assert.match(reopened[0].details?.[0] ?? '', /ended the TLS handshake: .*Choose "Client Certificate…" in this step/);
      // Set Access Gateway… needs a connected panel; OpenSSL's internals are not words for an operator.
      for (const text of [reopened[0].problem ?? '', reopened[0].details?.[0] ?? '']) assert.doesNotMatch(text, /Set Access Gateway|ERR_SSL|error:0A|alert number/);
      assert.deepEqual(reopened[0].picked, ['$(key) Client Certificate…']);
      assert.equal(await api.hasToken(target.url), false);
      assert.equal(panel.requests.length, 0);
      assert.ok(panel.refusedHandshakes > 0);
      // With its PKCS#12 file and passphrase (a PKCS#12 file is asked one), chosen in the gateway step: connected, and through the proxy.
      const tunnels = proxy.tunnels.length;
      await connect(target, panel.tokens.owner, { name: 'Mutual TLS', gateway: ['Client Certificate…', pfx, certificates.passphrase] });
      assert.equal(api.session.active?.name, 'Mutual TLS');
      assert.deepEqual((await children(api.alerts)).map(labelOf), ['No unresolved alerts']);
      assert.ok(panel.requests.length > 0, 'the panel was reached');
      assert.ok(proxy.tunnels.length > tunnels && proxy.tunnels.every((tunnel) => tunnel === new URL(target.url).host), proxy.tunnels.join());

      // Set Access Gateway…: without the certificate the check fails and nothing is saved.
      api.input.clear();
      await runWithAnswers('panelOps.setAccessGateway', 'Remove Client Certificate', 'Save', { cancel: true });
      const refused = api.input.questions.filter((question) => question.kind === 'pick' && question.problem);
      assert.match(refused[0]?.problem ?? '', /client certificate/);
      assert.deepEqual((await children(api.alerts)).map(labelOf), ['No unresolved alerts'], 'the saved certificate is still used');
      // A PEM file whose key is not encrypted: no passphrase is asked (runWithAnswers fails on an answer left or missing).
      await runWithAnswers('panelOps.setAccessGateway', 'Client Certificate…', pem, 'Save');
      assert.ok(!api.input.questions.some((question) => question.kind === 'text'), api.input.questions.map((question) => question.prompt ?? question.title).join(' | '));
      assert.match(api.input.notices.at(-1)?.message ?? '', /client certificate operator\.pem/);
      assert.deepEqual((await children(api.alerts)).map(labelOf), ['No unresolved alerts'], 'the PEM certificate lets the extension in');
      const log = await logHolding(api, /mtls\.internal\.test/);
      assert.ok(!log.includes(certificates.passphrase), 'the passphrase is never logged');
    } finally {
      api.input.clear();
      await signOut(target);
      await http.update('proxy', undefined, vscode.ConfigurationTarget.Global);
      await settings.update('caCertificatePath', undefined, vscode.ConfigurationTarget.Global);
      rmSync(folder, { recursive: true, force: true });
      await proxy.close();
      await panel.close();
    }
  });
});
