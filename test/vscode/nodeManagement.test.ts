// Creating, editing, deleting and reordering nodes inside a real VS Code against the simulated panel: the
// DNS preflight refuses a name that does not resolve before anything is created, edits send only what
// changed, a node in use is not deleted, and a drop puts nodes where the panel's answered order says.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SimulatedPanel } from '../panel';
import { auditSince, nodeItem, onItem } from './nodeSupport';
import { children, connectedPanel, eventually, labelOf, requestsTo, runWithAnswers, type TestApi } from './support';

describe('Node management', () => {
  const connected = connectedPanel();
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));

  it('creates a node after the panel\'s DNS preflight, asking again for a name that does not resolve', async () => {
    await children(api.nodes);
    panel.resetRequests();
    // Back from the hostname step keeps the name typed so far.
    await runWithAnswers('panelOps.nodes.create', 'lis-6', { back: true }, 'lis-7', 'lis-7.invalid', 'lis-7.example.net', 'Lisbon', '');
    const nameSteps = api.input.questions.filter((question) => question.prompt?.startsWith('Name'));
    assert.deepEqual(nameSteps.map((question) => question.value), ['', 'lis-6']);
    const hostnameSteps = api.input.questions.filter((question) => question.prompt?.startsWith('Hostname'));
    assert.equal(hostnameSteps.length, 3, 'left with Back, then opened again after the failed DNS check');
    assert.equal(hostnameSteps[1].problem, undefined);
    assert.match(hostnameSteps[2].problem ?? '', /DNS check of lis-7\.invalid failed: NXDOMAIN/);
    assert.equal(hostnameSteps[2].value, 'lis-7.invalid', 'keeps what was typed');
    assert.equal(requestsTo(panel, '/nodes/preflight/dns').length, 2);
    assert.equal(requestsTo(panel, '/nodes').filter((request) => request.method === 'POST').length, 1, 'created once');
    const created = [...panel.data.nodes.values()].find((node) => node.name === 'lis-7');
    assert.equal(created?.hostname, 'lis-7.example.net');
    assert.equal(created?.region, 'Lisbon');
    const labels = (await children(api.nodes)).map(labelOf);
    assert.equal(labels.at(-1), 'lis-7', 'the new node is last in the view');
    assert.equal(requestsTo(panel, '/nodes').filter((request) => request.method === 'GET').length, 0, 'the list was not read again');
  });

  it('edits a node with only the changed fields, and the item follows', async () => {
    const item = await nodeItem(api, 'lis-7');
    const audit = panel.data.audit.length;
    await onItem(api, 'panelOps.nodes.edit', item, 'lis-8', 'Lisbon', 'rack 4');
    assert.deepEqual(auditSince(panel, audit, 'nodes.update').map((entry) => entry.details.fields), [['name', 'note']]);
    assert.equal(labelOf(item), 'lis-8');
  });

  it('deletes after the confirmation; a node users are bound to stays, with the panel\'s reason', async () => {
    const item = await nodeItem(api, 'lis-8');
    await onItem(api, 'panelOps.nodes.delete', item, 'Delete');
    assert.match(api.input.questions[0].title, /Delete node "lis-8"\?/);
    assert.equal([...panel.data.nodes.values()].some((node) => node.name === 'lis-8'), false);
    assert.equal((await children(api.nodes)).some((candidate) => labelOf(candidate) === 'lis-8'), false);

    const used = await nodeItem(api, 'ams-1');
    await onItem(api, 'panelOps.nodes.delete', used, 'Delete');
    assert.ok([...panel.data.nodes.values()].some((node) => node.name === 'ams-1'), '409 node_in_use: still there');
    assert.ok((await children(api.nodes)).some((candidate) => labelOf(candidate) === 'ams-1'));
  });

  it('reorders by drag and drop: the dropped nodes go before the target, in the panel\'s answered order', async () => {
    const before = (await children(api.nodes)).map(labelOf);
    const dragged = [await nodeItem(api, 'sgp-6'), await nodeItem(api, 'waw-4')];
    const target = await nodeItem(api, 'fra-2');
    const transfer = new vscode.DataTransfer();
    const controller = api.nodes.dragAndDrop;
    controller.handleDrag(dragged, transfer);
    // What VS Code does with drag data: serialise it. Ids, not items (which point to their sections and back).
    const [mime] = controller.dragMimeTypes;
    assert.deepEqual(JSON.parse(await transfer.get(mime)?.asString() ?? 'null').ids, dragged.map((item) => item.node.id));
    panel.resetRequests();
    await controller.handleDrop(target, transfer, new vscode.CancellationTokenSource().token);

    assert.equal(requestsTo(panel, '/nodes/order').length, 1);
    const expected = before.filter((name) => name !== 'sgp-6' && name !== 'waw-4');
    expected.splice(expected.indexOf('fra-2'), 0, 'waw-4', 'sgp-6');
    const panelOrder = [...panel.data.nodes.values()].sort((a, b) => a.position - b.position).map((node) => node.name);
    assert.deepEqual(panelOrder, expected, 'the panel holds the new order');
    assert.deepEqual((await children(api.nodes)).map(labelOf), expected, 'the view shows it');
    assert.equal(requestsTo(panel, '/nodes').length, 0, 'from the answer of PUT /nodes/order');

    // A user under a node is not a place in the order: dropping there sends nothing.
    const users = (await children(api.nodes, target)).find((section) => labelOf(section) === 'Users');
    assert.ok(users);
    const user = (await children(api.nodes, users))[0];
    panel.resetRequests();
    await controller.handleDrop(user, transfer, new vscode.CancellationTokenSource().token);
    assert.equal(requestsTo(panel, '/nodes/order').length, 0);
  });

  it('reorders when a node is dragged with the mouse onto another in the real Nodes view', async function () {
    // The launcher's UI driver moves the mouse in the workbench page (test/launch/ui-driver.ts).
    const driver = process.env.PANEL_OPS_UI_DRIVER;
    if (!driver) this.skip();
    const before = (await children(api.nodes)).map(labelOf);
    assert.ok(before.length >= 3, before.join(', '));
    // The two top rows: after the whole suite the pane may be short, and these two are always on screen.
    const [moved, target] = [before[1], before[0]];
    await vscode.commands.executeCommand('workbench.view.extension.panelOps');
    await vscode.commands.executeCommand('panelOps.nodes.focus');
    // Earlier tests may leave the pane scrolled, the top row under the view's title: bring it into view.
    await api.nodes.view.reveal((await children(api.nodes))[0], { select: false, focus: false });
    panel.resetRequests();
    const answer = await fetch(`${driver}/drag`, { method: 'POST', body: JSON.stringify({ view: 'Nodes', from: moved, to: target }) });
    assert.equal(answer.status, 200, await answer.text());
    await eventually(() => requestsTo(panel, '/nodes/order').length === 1, 'the drop sent the new order');
    const expected = before.filter((name) => name !== moved);
    expected.splice(expected.indexOf(target), 0, moved);
    const panelOrder = [...panel.data.nodes.values()].sort((a, b) => a.position - b.position).map((node) => node.name);
    assert.deepEqual(panelOrder, expected, `${moved} is now before ${target} on the panel`);
    await eventually(() => api.nodesStore.held?.map((node) => node.name).join() === expected.join(), 'the view shows the panel\'s new order');
  });
});
