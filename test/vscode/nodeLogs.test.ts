// The node log viewer inside a real VS Code, against the simulated panel streaming continuously: it opens
// titled with the node's name under a CSP with a nonce, its real page script says it is ready, lines follow
// live, pause keeps lines back until resume, the filter narrows them, a hidden tab stops reading, closing the
// tab ends the panel's stream, an offline node and a dropped stream say so, and Open as Document shows the buffer.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { LogStreamRecord, SimulatedPanel } from '../panel';
import { connectedPanel, eventually, lastPosted, nodeItem, requestsTo, type TestApi } from './support';

type Viewer = TestApi['logViewers']['viewers'][number];
type Posted = Viewer['probe']['posted'][number];

function nodeId(panel: SimulatedPanel, name: string): string {
  const node = [...panel.data.nodes.values()].find((candidate) => candidate.name === name);
  assert.ok(node, name);
  return node.id;
}

async function openLogs(api: TestApi, name: string): Promise<Viewer> {
  const before = new Set(api.logViewers.viewers);
  await vscode.commands.executeCommand('panelOps.nodes.showLogs', await nodeItem(api, name));
  const viewer = api.logViewers.viewers.find((candidate) => !before.has(candidate));
  assert.ok(viewer, 'a log viewer opened');
  return viewer;
}

/** Lines the page was sent, after the message at `from` (the last reset starts over). */
function shownLines(viewer: Viewer, from = 0): { n: number; text: string }[] {
  let lines: { n: number; text: string }[] = [];
  for (const message of viewer.probe.posted.slice(from)) {
    if (message.type === 'reset') lines = [...message.lines];
    if (message.type === 'append') lines.push(...message.lines);
  }
  return lines;
}

function lastState(viewer: Viewer): Extract<Posted, { type: 'state' }> | undefined {
  return lastPosted(viewer.probe, 'state');
}

function streamOf(panel: SimulatedPanel, id: string): LogStreamRecord {
  const record = panel.logStreams.filter((stream) => stream.nodeId === id).at(-1);
  assert.ok(record, 'the panel answered a log stream');
  return record;
}

describe('Node log viewer', () => {
  const connected = connectedPanel({ panel: { logStream: { follow: true, linesPerSecond: 40 } } });
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));
  afterEach(async () => {
    for (const viewer of api.logViewers.viewers) viewer.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('follows a node\'s log live, pauses, filters, and ends the panel\'s stream when the tab closes', async () => {
    const viewer = await openLogs(api, 'ams-1');
    assert.equal(viewer.page.panel.title, 'Logs: ams-1');
    assert.match(viewer.probe.html, /<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; script-src &#39;nonce-/);
    // The page script ran in the workbench and asked for its words: the webview is live, not just created.
    await eventually(() => viewer.probe.posted.some((message) => message.type === 'words'), 'the page says it is ready');
    await eventually(() => shownLines(viewer).length >= 10, 'lines arrive');
    assert.equal(lastState(viewer)?.state, 'live');
    const numbers = shownLines(viewer).map((line) => line.n);
    assert.deepEqual(numbers, [...numbers].sort((a, b) => a - b), 'lines arrive in order, once each');

    // Pause: lines keep arriving from the panel but none reach the page until Resume, which shows them.
    viewer.probe.deliver({ type: 'pause' });
    const pausedAt = viewer.probe.posted.length;
    const lastShown = shownLines(viewer).at(-1)?.n ?? 0;
    const stream = streamOf(panel, nodeId(panel, 'ams-1'));
    const written = stream.lines;
    await eventually(() => stream.lines >= written + 10, 'the panel writes on while paused');
    assert.deepEqual(viewer.probe.posted.slice(pausedAt).filter((message) => message.type === 'append'), [], 'nothing appended while paused');
    viewer.probe.deliver({ type: 'resume' });
    await eventually(() => viewer.probe.posted.slice(pausedAt).some((message) => message.type === 'reset'), 'resume shows the buffer');
    assert.ok((shownLines(viewer).at(-1)?.n ?? 0) > lastShown + 5, 'lines that came while paused are shown on resume');

    // Filter: the page is sent only matching lines, now and later.
    const filteredAt = viewer.probe.posted.length;
    viewer.probe.deliver({ type: 'filter', text: 'HANDSHAKE' });
    await eventually(() => shownLines(viewer, filteredAt).length >= 3, 'matching lines arrive');
    assert.ok(shownLines(viewer, filteredAt).every((line) => /handshake/i.test(line.text)), 'only matching lines are shown');
    viewer.probe.deliver({ type: 'filter', text: '' });

    // Closing the tab stops the stream: the panel sees the client go.
    viewer.page.panel.dispose();
    await eventually(() => stream.endedBy !== undefined, 'the panel sees the stream end');
    assert.equal(stream.endedBy, 'client');
  });

  it('stops reading while the tab is hidden and reads on when it shows again', async () => {
    const viewer = await openLogs(api, 'fra-2');
    await eventually(() => viewer.received >= 5, 'lines arrive');
    const stream = streamOf(panel, nodeId(panel, 'fra-2'));
    await vscode.workspace.openTextDocument({ content: 'in front of the log' }).then((document) => vscode.window.showTextDocument(document, vscode.ViewColumn.Active));
    await eventually(() => !viewer.page.panel.visible, 'the log tab is hidden');
    // Lines already on their way when the tab was hidden may still land; then reading stops.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const received = viewer.received;
    const written = stream.lines;
    await eventually(() => stream.lines >= written + 20, 'the panel writes on');
    assert.ok(viewer.received <= received + 2, `nothing is read while hidden (${viewer.received - received} lines)`);
    viewer.page.panel.reveal();
    await eventually(() => viewer.received >= received + 20, 'reading resumes when the tab shows again');
  });

  it('says an offline node is offline and offers to reconnect', async () => {
    const waw = [...panel.data.nodes.values()].find((node) => node.name === 'waw-4');
    assert.ok(waw);
    panel.resetRequests();
    const viewer = await openLogs(api, 'waw-4');
    await eventually(() => lastState(viewer)?.state === 'offline', 'the offline state');
    assert.equal(requestsTo(panel, new RegExp(`/nodes/${waw.id}/logs`)).length, 1, 'the panel said the node is offline: asked once, not retried');
    const state = lastState(viewer);
    assert.match(state?.message ?? '', /waw-4 is offline/);
    assert.equal(state?.canReconnect, true);
  });

  it('says a dropped stream was dropped, and reconnects on request', async () => {
    panel.inject({ kind: 'reset', match: { path: /\/logs$/ }, times: 3 });
    const viewer = await openLogs(api, 'sgp-6');
    await eventually(() => ['dropped', 'failed'].includes(lastState(viewer)?.state ?? ''), 'the dropped state');
    assert.equal(lastState(viewer)?.canReconnect, true);
    viewer.probe.deliver({ type: 'reconnect' });
    await eventually(() => lastState(viewer)?.state === 'live' && shownLines(viewer).length > 0, 'live again after Reconnect');
  });

  it('shows hostile lines as plain text with colour runs only, and opens the buffer as a document', async () => {
    const viewer = await openLogs(api, 'hel-3');
    await eventually(() => shownLines(viewer).some((line) => line.text.includes('onerror')), 'hostile lines arrive');
    for (const line of shownLines(viewer)) {
      assert.doesNotMatch(line.text, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/, 'no control or bidi characters reach the page');
      assert.ok(line.text.length <= 8300, 'long lines are cut');
    }
    const coloured = shownLines(viewer).find((line) => line.text.startsWith('ERROR engine')) as { runs?: [number, number, string][] } | undefined;
    assert.ok(coloured?.runs?.some(([, , classes]) => classes === 'f1'), 'ANSI red is kept as a colour class');
    viewer.probe.deliver({ type: 'openAsDocument' });
    await eventually(() => vscode.window.activeTextEditor?.document.getText().includes('onerror') === true, 'the buffer opens as a document');
    assert.equal(vscode.window.activeTextEditor?.document.uri.scheme, 'panelops-view', 'a read-only tab');
  });
});
