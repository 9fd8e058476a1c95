// Settings inside a real VS Code, against the simulated panel: the subscription page preview in a webview
// with no script; a test notification through the messenger named in panelOps.messengerName sent by the
// owner with the panel's answer shown, and refused for an admin (owner only) with the reason told.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startPanel, type SimulatedPanel } from '../panel';
import { closeAll, noticesOf } from './catalogSupport';
import { connect, connectedPanel, requestsTo, runWithAnswers, signOut, type TestApi } from './support';


describe('Settings: subscription page preview and test notification', () => {
  const connected = connectedPanel();
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));
  after(closeAll);

  it('previews the subscription page in a webview that runs no script', async () => {
    panel.resetRequests();
    const page = await vscode.commands.executeCommand<vscode.WebviewPanel>('panelOps.settings.previewSubscriptionPage');
    assert.ok(page?.webview, 'a preview page opened');
    assert.equal(requestsTo(panel, '/settings/subscription-page/preview').length, 1);
    assert.equal(page.webview.options.enableScripts, false);
    const html = page.webview.html;
    assert.ok(html.startsWith('<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;;'), html.slice(0, 80));
    assert.ok(html.includes((panel.data.settings.subscription_page as { title: string }).title), 'the panel\'s page is shown');
    page.dispose();
  });

  it('sends a test notification as the owner through the configured messenger and shows the answer', async () => {
    panel.resetRequests();
    await runWithAnswers('panelOps.settings.sendTestNotification', 'Hello from the tests');
    const [request] = requestsTo(panel, '/settings/telegram/test');
    assert.ok(request, 'POST /settings/telegram/test');
    assert.equal(request.method, 'POST');
    // The answer's shape is not in the contract: its members in any order and under any name, a flag as true or 1.
    const told = noticesOf(api).find((notice) => notice.startsWith('info: The panel answered the test notification through telegram: '));
    assert.ok(told, noticesOf(api).join('\n'));
    assert.match(told, /: telegram(, |$)/, 'the messenger');
    assert.match(told, /\bsent: (true|1)(, |$)/, 'sent');
    assert.match(told, /: Hello from the tests(, |$)/, 'the message');
    assert.match(told, /\bsent_?at: /i, 'when it was sent');
  });

  it('keeps the messenger each panel was connected with; the setting is only the default for new panels', async () => {
    const config = vscode.workspace.getConfiguration('panelOps');
    const other = await startPanel({ messenger: 'signal' });
    try {
      await config.update('messengerName', 'signal', vscode.ConfigurationTarget.Global);
      await connect(other, other.tokens.owner, { name: 'Signal panel' });
      await config.update('messengerName', undefined, vscode.ConfigurationTarget.Global);
      other.resetRequests();
      await runWithAnswers('panelOps.settings.sendTestNotification', '');
      assert.equal(requestsTo(other, '/settings/signal/test')[0]?.status, 200, 'the panel connected with "signal" still uses it');
      assert.equal(requestsTo(other, '/settings/telegram/test').length, 0);
    } finally {
      await config.update('messengerName', undefined, vscode.ConfigurationTarget.Global);
      await signOut(other);
      await other.close();
    }
    assert.equal(api.session.active?.url, panel.url);
    panel.resetRequests();
    await runWithAnswers('panelOps.settings.sendTestNotification', '');
    assert.equal(requestsTo(panel, '/settings/telegram/test')[0]?.status, 200, 'the first panel keeps "telegram"');
  });

  it('is refused for an admin, who is told it needs an owner account; the settings stay as they were', async () => {
    await connect(panel, panel.tokens.admin, { name: 'Admin' });
    try {
      const before = JSON.stringify(panel.data.settings);
      panel.resetRequests();
      await runWithAnswers('panelOps.settings.sendTestNotification', '');
      assert.match(noticesOf(api).join('\n'), /^error: Could not send a test notification through telegram: .*needs settings:write and an owner account/m);
      assert.equal(requestsTo(panel, '/settings/telegram/test')[0]?.status, 403);
      assert.equal(JSON.stringify(panel.data.settings), before);
    } finally {
      await signOut(panel);
      await connect(panel, panel.tokens.owner);
    }
  });
});
