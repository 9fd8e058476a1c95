// Webview pages under their Content-Security-Policy inside a real workbench: the page's module loads with
// the shared chunk of lit and the elements it imports (allowed by script-src through the webview's resource
// origin), and a resource the policy blocks is reported by the page and fails the test that caused it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAll } from './catalogSupport';
import { connectedPanel, eventually, type TestApi } from './support';
import { webviewPolicyViolations } from './webviewPolicy';

describe('Webview pages and their policy', () => {
  const connected = connectedPanel();
  let api: TestApi;

  before(() => ({ api } = connected));
  afterEach(async () => {
    for (const view of api.dashboards.views) view.dispose();
    await closeAll();
  });

  it('loads a page module and its shared chunk under the policy, and reports what the policy blocks', async () => {
    await vscode.commands.executeCommand('panelOps.dashboard.open');
    const [view] = api.dashboards.views;
    assert.ok(view, 'a dashboard opened');
    await eventually(() => view.probe.posted.some((message) => message.type === 'words'), 'the page module ran (it needs the shared chunk)');
    const html = view.probe.html.replace(/&#39;/g, "'");
    assert.match(html, /<script type="module" nonce="[^"]+" src="[^"]+\/dist\/webview\/figures\.js"><\/script>/);
    const policy = /content="([^"]*)"/.exec(html)?.[1] ?? '';
    assert.match(policy, /script-src 'nonce-[^']+' [^;]+;/, `the nonce and the resource origin for the chunks: ${policy}`);
    assert.deepEqual(webviewPolicyViolations(), [], 'the page loaded whole');

    // The same page with an image from elsewhere: the policy blocks it and the page says so.
    const before = view.probe.posted.length;
    view.page.panel.webview.html = view.probe.html.replace('<main id="root"></main>', '<main id="root"></main><img src="https://blocked.example/x.png" alt="">');
    await eventually(() => webviewPolicyViolations().some((text) => text.includes('https://blocked.example/x.png') && text.includes('img-src')), 'the blocked image is reported');
    await eventually(() => view.probe.posted.slice(before).some((message) => message.type === 'words'), 'the page itself still loaded');
    webviewPolicyViolations().splice(0); // expected here; any other test that leaves one fails
  });
});
