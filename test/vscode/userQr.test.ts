// QR codes inside a real VS Code, against the simulated panel: the panel's PNGs of a user's proxy link and
// subscription with the links beside them for a token with users:write; a read-only token told which scope
// it lacks without any request; the text QR in an untitled document decodes back to the chosen link.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SimulatedPanel } from '../panel';
import { proxyLink } from '../panel/keyView';
import { decodeTextQr } from '../support/textQr';
import { connectedPanel, eventually, lastPosted, requestsTo, userItem, type TestApi } from './support';


const withSubscription = (key: { subscription_short_url?: unknown }) => typeof key.subscription_short_url === 'string';

describe('QR codes of a user', () => {
  const connected = connectedPanel();
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));
  after(async () => {
    for (const view of api.qrViews.views) view.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('shows the panel\'s PNGs for the proxy link and the subscription, with the links beside them', async () => {
    const item = await userItem(api, 'active', withSubscription);
    await vscode.commands.executeCommand('panelOps.users.showQr', item);
    const view = api.qrViews.views.find((candidate) => candidate.target.user.id === item.user.id);
    assert.ok(view, 'a QR view opened');
    await view.loaded;
    await eventually(() => view.probe.posted.some((message) => message.type === 'words'), 'the page says it is ready');
    const codes = lastPosted(view.probe, 'codes');
    assert.ok(codes, JSON.stringify(lastPosted(view.probe, 'problem')));
    const record = panel.data.keys.get(item.user.id)!;
    const [proxy, subscription] = codes.cards;
    assert.match(proxy.image ?? '', /^data:image\/png;base64,iVBORw0KGgo/, 'the panel\'s PNG, as data');
    assert.match(subscription.image ?? '', /^data:image\/png;base64,iVBORw0KGgo/);
    assert.deepEqual(subscription.links.map((link) => link.value), [record.subscription_short_url]);
    assert.equal(proxy.links.length, record.bindings.length * 2, 'the app and web link of every node');
    assert.ok(proxy.links.every((link) => link.value.includes(record.secret)));
    assert.ok(requestsTo(panel, `/keys/${record.id}/qr`).length >= 1 && requestsTo(panel, `/keys/${record.id}/subscription/qr`).length >= 1);
    assert.doesNotMatch(view.probe.html, new RegExp(record.secret), 'no secret in the page\'s HTML');

    // Copy: the page names the link; the extension writes it to the clipboard (the page needs no clipboard access).
    view.probe.deliver({ type: 'copy', card: 'key', link: 1 });
    await eventually(() => lastPosted(view.probe, 'copied')?.link === 1, 'the page is told the link was copied');
    assert.equal(await vscode.env.clipboard.readText(), proxy.links[1].value);
  });

  it('renders a chosen link as a text QR code in an untitled document that decodes back to the link', async () => {
    const item = await userItem(api, 'active', withSubscription);
    const record = panel.data.keys.get(item.user.id)!;
    const first = record.bindings[0].node_id;
    api.input.clear();
    api.input.queue(`${panel.data.nodes.get(first)!.name} (tg link)`, 'Untitled document');
    await vscode.commands.executeCommand('panelOps.users.showQrAsText', item);
    assert.equal(api.input.remaining, 0, 'both prompts were asked');
    const text = vscode.window.activeTextEditor?.document.getText() ?? '';
    assert.equal(decodeTextQr(text), proxyLink(record, first, panel.data.nodes.get(first)).tg);
  });
});

describe('QR codes with a read-only token', () => {
  const connected = connectedPanel({ token: (panel) => panel.tokens.readOnly, connect: { preset: 'readOnly' } });
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));

  it('explains that QR codes need users:write and asks the panel nothing', async () => {
    const item = await userItem(api, 'active', () => true);
    panel.resetRequests();
    await vscode.commands.executeCommand('panelOps.users.showQr', item);
    const view = api.qrViews.views.find((candidate) => candidate.target.user.id === item.user.id);
    assert.ok(view);
    await view.loaded;
    assert.match(lastPosted(view.probe, 'problem')?.message ?? '', /users:write/);
    assert.deepEqual(requestsTo(panel, /\/qr$/), []);
    view.dispose();
  });
});
