// Issue 34, nodes and pages: a node's details and the pages of a node, a user or a panel (job history, QR
// codes, node metrics, logs, audit log) ask their own panel's token what it may read, whichever panel is
// active. Two panels are connected, the second one active; everything is done on the first one, whose token
// was created with fewer scopes than the second's (and the second's without nodes:read).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Scope } from '../../src/api/catalog';
import type { SimulatedPanel } from '../panel';
import { closeAll } from './catalogSupport';
import { children, connect, eventually, labelOf, lastPosted, requestsTo, signOut, type TestApi } from './support';
import { twoPanelsConnected } from './twoPanels';

/** The first panel's token: nodes, users and the audit log read, nothing written, no monitoring. */
const FIRST_SCOPES: Scope[] = ['nodes:read', 'users:read', 'audit:read'];
/** The second (active) panel's token: no nodes:read. */
const SECOND_SCOPES: Scope[] = ['users:read', 'monitoring:read', 'audit:read'];

type NodeTreeItem = vscode.TreeItem & { node: { id: string; name?: string }; panelId: string };

describe('One handle per panel: node details and pages check their own panel\'s scopes', function () {
  this.timeout(120_000);
  let api: TestApi;
  let first: SimulatedPanel;
  let second: SimulatedPanel;
  const names = { first: 'First panel', second: 'Second panel' };

  /** Connects the first panel (again) with a token of these scopes. */
  async function connectFirst(scopes: readonly Scope[], panel = first): Promise<void> {
    const { secret } = panel.issueToken({ role: 'owner', scopes: [...scopes] });
    await connect(panel, secret, { scopes, name: names.first });
  }

  const two = twoPanelsConnected(names, (panel) => connectFirst(FIRST_SCOPES, panel), async (panel, name) => {
    const { secret } = panel.issueToken({ role: 'owner', scopes: SECOND_SCOPES });
    await connect(panel, secret, { scopes: SECOND_SCOPES, name });
  });
  before(() => ({ api, first, second } = two));

  beforeEach(async () => {
    if (!api.allPanels.enabled) await vscode.commands.executeCommand('panelOps.views.showAllPanels');
    if (api.session.active?.id !== second.url) await api.session.switchTo(second.url);
    api.input.clear();
    first.resetRequests();
  });

  afterEach(closeAll);

  /** A node item of the first panel, as the all-panels Nodes view shows it. */
  async function firstNode(): Promise<NodeTreeItem> {
    const panelItem = (await children(api.nodes)).find((candidate) => labelOf(candidate) === names.first);
    assert.ok(panelItem, 'the first panel is shown in the Nodes view');
    const node = (await children(api.nodes, panelItem)).find((candidate) => typeof (candidate as Partial<NodeTreeItem>).node?.id === 'string');
    assert.ok(node, 'the first panel shows a node');
    return node as NodeTreeItem;
  }

  it('Show Node Details offers what the node\'s own panel may read, not what the active panel may', async () => {
    const item = await firstNode();
    api.input.queue({ cancel: true });
    await vscode.commands.executeCommand('panelOps.nodes.showDetails', item);
    const asked = api.input.questions.at(-1);
    assert.ok(asked?.items, 'a pick of details was offered');
    // Every detail is nodes:read, which the first panel's token has and the active one's has not.
    assert.deepEqual(asked.items, ['Stats', 'Metrics', 'Probes', 'Profiles', 'Web carriers']);
  });

  it('the job history of a node of a panel without nodes:write says so and asks that panel nothing', async () => {
    const item = await firstNode();
    await vscode.commands.executeCommand('panelOps.nodes.showJobHistory', item);
    const history = api.jobHistories.histories.find((candidate) => candidate.target.panelId === first.url && candidate.target.node.id === item.node.id);
    assert.ok(history, 'the job history opened');
    await history.loaded;
    assert.match(lastPosted(history.probe, 'problem')?.message ?? '', /only to tokens with nodes:write; this token was created without it\.$/);
    assert.deepEqual(requestsTo(first, /\/jobs/), [], 'no jobs read sent to the first panel');
  });

  it('the QR codes of a user of a panel without users:write say so and ask that panel nothing', async () => {
    const user = [...first.data.keys.values()][0];
    await vscode.commands.executeCommand('panelOps.users.showQr', { panelId: first.url, user });
    const view = api.qrViews.views.find((candidate) => candidate.target.panelId === first.url);
    assert.ok(view, 'the QR page opened');
    await view.loaded;
    assert.match(lastPosted(view.probe, 'problem')?.message ?? '', /users:write/);
    assert.deepEqual(requestsTo(first, /\/qr/), [], 'no QR code read sent to the first panel');
  });

  it('the metrics page of a node of a panel without monitoring:read says it cannot read its series, without asking', async () => {
    const item = await firstNode();
    await vscode.commands.executeCommand('panelOps.nodes.showMetrics', item);
    const view = api.nodeMetrics.views.find((candidate) => candidate.spec.panelId === first.url);
    assert.ok(view, 'the metrics page opened');
    await view.loaded;
    const series = lastPosted(view.probe, 'sections')?.sections.find((section) => section.id === 'series');
    assert.match(series?.problem ?? '', /^This token cannot read it: /);
    assert.deepEqual(requestsTo(first, '/monitoring/'), [], 'no series read sent to the first panel');
    assert.equal(requestsTo(first, `/nodes/${item.node.id}/stats`).length, 1, 'the stats it may read were read');
  });

  it('the log of a node of a panel without nodes:write says so and opens no stream', async () => {
    const item = await firstNode();
    await vscode.commands.executeCommand('panelOps.nodes.showLogs', item);
    const viewer = api.logViewers.viewers.find((candidate) => candidate.target.panelId === first.url);
    assert.ok(viewer, 'the log viewer opened');
    try {
      await eventually(() => lastPosted(viewer.probe, 'state')?.state === 'failed', 'the viewer says why it shows nothing');
      assert.match(lastPosted(viewer.probe, 'state')?.message ?? '', /Node logs are shown only to tokens with nodes:write/);
      assert.deepEqual(requestsTo(first, /\/logs/), [], 'no log stream asked of the first panel');
    } finally {
      viewer.dispose();
    }
  });

  it('an audit log opened on a monitoring-scope panel still explains its range once another panel is active', async () => {
    await signOut(first);
    await connectFirst(['monitoring:read', 'audit:read']);
    // This reading's answers give no range: only the token's scopes tell a monitoring caller.
    const reading = first.readings.of('GET /audit');
    first.readings.set('third', ['GET /audit']);
    try {
      await api.session.switchTo(first.url);
      await vscode.commands.executeCommand('panelOps.audit.open');
      const view = api.auditLogs.views.find((candidate) => candidate.panel.id === first.url);
      assert.ok(view, 'the audit log opened');
      await view.loaded;
      assert.match(lastPosted(view.probe, 'state')?.state.rangeNote ?? '', /monitoring caller/);

      await api.session.switchTo(second.url);
      first.resetRequests();
      await view.refresh();
      assert.equal(requestsTo(first, '/audit').length, 1, 'the first panel\'s audit log was read again');
      assert.match(lastPosted(view.probe, 'state')?.state.rangeNote ?? '', /monitoring caller/);
      view.dispose();
    } finally {
      first.readings.set(reading, ['GET /audit']);
      await signOut(first);
      await connectFirst(FIRST_SCOPES);
    }
  });
});
