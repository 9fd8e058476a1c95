// Alert ids beyond 2^53 inside a real VS Code: the Alerts view shows the demo's alert 9007199254740993
// (2^53 + 1; a double would make it 2^53, another open alert's id) and Resolve Alert sends exactly that id.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEMO_ALERT_IDS } from '../panel/datasets/demo';
import { children, connectedPanel, requestsTo, tooltipText, until } from './support';

describe('Alerts view: int64 ids beyond 2^53', () => {
  const connected = connectedPanel({ connect: { name: 'Exact ids panel' } });
  const onPanel = (id: bigint) => connected.panel.data.alerts.find((alert) => alert.id === id);

  it('shows the alert whose id is 2^53 + 1 and resolves exactly that alert', async () => {
    const { api, panel } = connected;
    await vscode.commands.executeCommand('panelOps.alerts.refresh');
    const open = (await children(api.alerts)).filter((item) => /^alert\.unresolved\b/.test(item.contextValue ?? ''));
    // By its id: a panel whose alerts carry no title (the third reading) labels it with its message.
    const offline = open.find((item) => /Alert id: 9007199254740993\b/.test(tooltipText(item)));
    assert.ok(offline, 'the Node offline alert is listed');
    assert.match(tooltipText(offline), /Alert id: 9007199254740993\b/);
    const before = api.alertsStore.unresolved ?? 0;

    panel.resetRequests();
    await vscode.commands.executeCommand('panelOps.alerts.resolve', offline);
    await until(api.alertsStore.onDidChange, () => api.alertsStore.unresolved === before - 1);

    const sent = requestsTo(panel, /^\/alerts\/.+\/resolve$/);
    assert.deepEqual(sent.map((request) => [request.method, request.path, request.status]), [['POST', '/api/v1/alerts/9007199254740993/resolve', 200]]);
    assert.equal(onPanel(DEMO_ALERT_IDS.nodeOffline)?.resolved, true);
    assert.equal(onPanel(DEMO_ALERT_IDS.applyFailed)?.resolved, false, '2^53, what a double makes of 2^53 + 1, stays open');
    const after = (await children(api.alerts)).filter((item) => /^alert\.unresolved\b/.test(item.contextValue ?? '')).map(tooltipText);
    assert.ok(!after.some((tip) => /Alert id: 9007199254740993\b/.test(tip)), 'the view shows it resolved');
    assert.ok(after.some((tip) => /Alert id: 9007199254740992\b/.test(tip)), 'Apply failed (2^53) stays open');
  });
});
