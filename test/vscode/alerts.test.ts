// The Alerts view, its badge and the status-bar count inside a real VS Code, against the simulated panel.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startPanel, type SimulatedPanel } from '../panel';
import { children, connect, connectedPanel, iconId, labelOf, signOut, tooltipOf, tooltipText, until, type TestApi } from './support';

function unresolvedOnPanel(panel: SimulatedPanel): number {
  return panel.data.alerts.filter((alert) => !alert.resolved).length;
}

describe('Alerts view and status bar', () => {
  const connected = connectedPanel({ connect: { name: 'Alerts panel' } });
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));

  afterEach(() => panel.clearFaults());

  it('lists unresolved alerts first with severity icons and age, resolved ones in a collapsed group', async () => {
    await vscode.commands.executeCommand('panelOps.alerts.refresh');
    const items = await children(api.alerts);
    const unresolved = items.filter((item) => /^alert\.unresolved\b/.test(item.contextValue ?? ''));
    assert.equal(unresolved.length, unresolvedOnPanel(panel));
    assert.equal(items.indexOf(unresolved[0]), 0, 'unresolved alerts come first');
    assert.equal(iconId(unresolved[0]), 'error', 'the critical alert leads with the error icon');
    assert.ok(unresolved.every((item) => ['error', 'warning', 'info'].includes(iconId(item) ?? '')));
    assert.ok(unresolved.every((item) => /^\d+ (sec\.|min\.|hr\.|days?|mo\.|yr\.) ago( · |$)/.test(String(item.description))), 'each shows its age');

    const group = items[items.length - 1];
    const resolvedCount = panel.data.alerts.length - unresolvedOnPanel(panel);
    assert.equal(labelOf(group), `Resolved (${resolvedCount})`);
    assert.equal(group.collapsibleState, vscode.TreeItemCollapsibleState.Collapsed);
    const resolved = await children(api.alerts, group);
    assert.equal(resolved.length, resolvedCount);
    assert.ok(resolved.every((item) => /^alert\.resolved\b/.test(item.contextValue ?? '')));
  });

  it('a poll that returns the same alerts redraws nothing; one alert changed on the panel redraws that alert\'s item only', async () => {
    await vscode.commands.executeCommand('panelOps.alerts.refresh');
    const items = await children(api.alerts);
    const item = items.find((candidate) => /^alert\.unresolved\b/.test(candidate.contextValue ?? ''));
    assert.ok(item, 'an unresolved alert is shown');
    const id = String((item as vscode.TreeItem & { alert: { id: unknown } }).alert.id);
    const record = panel.data.alerts.find((alert) => String(alert.id) === id);
    assert.ok(record, 'its record on the panel');
    const provider = api.alerts.provider as vscode.TreeDataProvider<vscode.TreeItem> & { onDidChangeTreeData: vscode.Event<vscode.TreeItem | undefined> };
    const fired: (vscode.TreeItem | undefined)[] = [];
    const subscription = provider.onDidChangeTreeData((changed) => fired.push(changed as vscode.TreeItem | undefined));
    const saved = { title: record.title, message: record.message };
    try {
      await api.alertsStore.refresh();
      await api.alertsStore.refresh();
      assert.deepEqual(fired, [], 'a poll that changes nothing redraws nothing');
      record.title = `${saved.title} (again)`;
      record.message = `${saved.message} (again)`;
      await api.alertsStore.refresh();
      assert.equal(fired.length, 1, 'one redraw');
      assert.equal(fired[0], item, 'of that alert\'s item, not the whole list');
      assert.match(tooltipText(item), /again/, 'the item shows the new text (its tooltip escapes Markdown, brackets included)');
    } finally {
      subscription.dispose();
      Object.assign(record, saved);
      await api.alertsStore.refresh();
    }
  });

  it('shows hostile alert text as plain text and escapes it in an untrusted tooltip', async () => {
    const items = await children(api.alerts);
    // Found by its id: a panel whose alerts carry no title (the third reading) shows the message instead.
    const record = panel.data.alerts.find((alert) => alert.title === 'Disk almost full');
    const disk = items.find((item) => new RegExp(`Alert id: ${record?.id}\\b`).test(tooltipText(item)));
    assert.ok(disk, 'the alert with HTML in its message');
    if (panel.readings.of('GET /alerts') !== 'third') assert.equal(labelOf(disk), 'Disk almost full');
    else assert.match(labelOf(disk), /^<b>Disk<\/b> usage at 91%/, 'its message, as text (a tree label renders no markup)');
    const tooltip = tooltipOf(disk);
    assert.equal(tooltip.isTrusted, false);
    assert.equal(tooltip.supportHtml, false);
    assert.doesNotMatch(tooltip.value, /(^|[^\\])<script/, 'no unescaped HTML');
    assert.doesNotMatch(tooltip.value, /(^|[^\\])\]\(/, 'no Markdown link');
    assert.match(tooltip.value, /script/, 'the text itself is still readable');
  });

  it('tolerates odd items: nulls, a 10,000-character title, control characters, a repeated id', async () => {
    const odd = [
      { id: 101, severity: null, title: null, message: null, node_id: null, created_at: null, resolved: false, resolved_at: null },
      { id: 901, severity: 'warning', title: 'A'.repeat(10_000), message: 'long', node_id: null, created_at: new Date().toISOString(), resolved: false, resolved_at: null },
      { id: 902, severity: 'weird', title: 'bell\u0007\nnew line \u202Eevil', message: '[x](command:panelOps.signOut)', node_id: null, created_at: 'not a date', resolved: false, resolved_at: null },
    ];
    panel.data.alerts.push(...(odd as unknown as typeof panel.data.alerts));
    try {
      await vscode.commands.executeCommand('panelOps.alerts.refresh');
      const items = await children(api.alerts);
      assert.ok(items.every((item) => item.contextValue !== 'error'));
      assert.ok(items.every((item) => labelOf(item).length <= 200), 'labels are truncated');
      const bell = items.find((item) => /Alert id: 902\b/.test(tooltipText(item)));
      assert.ok(bell);
      // Its title, or where the panel sends none (the third reading), its message: plain one-line text either way.
      assert.equal(labelOf(bell), panel.readings.of('GET /alerts') !== 'third' ? 'bell new line evil' : '[x](command:panelOps.signOut)');
      assert.doesNotMatch(tooltipOf(bell).value, /(^|[^\\])\]\(/, 'the command link stays text');
      assert.ok(items.some((item) => labelOf(item) === '(untitled alert)'));
    } finally {
      panel.data.alerts.splice(panel.data.alerts.length - odd.length, odd.length);
    }
  });

  it('keeps the status-bar count and the view badge equal to the unresolved alerts, following resolutions', async () => {
    await api.alertsStore.refresh();
    const start = unresolvedOnPanel(panel);
    assert.ok(start > 1);
    assert.equal(api.statusBarItem.text, `$(bell-dot) ${start}`);
    assert.equal((api.statusBarItem.backgroundColor)?.id, 'statusBarItem.warningBackground');
    assert.equal(api.statusBarItem.command, 'panelOps.alerts.focus');
    assert.equal(api.alerts.view.badge?.value, start);

    // Resolve one through the view's command, as a user would from the inline action.
    const first = (await children(api.alerts)).find((item) => /^alert\.unresolved\b/.test(item.contextValue ?? ''));
    assert.ok(first);
    await vscode.commands.executeCommand('panelOps.alerts.resolve', first);
    await until(api.alertsStore.onDidChange, () => api.alertsStore.unresolved === start - 1);
    assert.equal(unresolvedOnPanel(panel), start - 1, 'the panel resolved it');
    assert.equal(api.statusBarItem.text, `$(bell-dot) ${start - 1}`);
    assert.equal(api.alerts.view.badge?.value, start - 1);

    // Everything resolved on the panel (e.g. by a colleague): a refresh clears the count and the warning.
    for (const alert of panel.data.alerts) alert.resolved = true;
    await vscode.commands.executeCommand('panelOps.alerts.refresh');
    assert.equal(api.statusBarItem.text, '$(bell) 0');
    assert.equal(api.statusBarItem.backgroundColor, undefined);
    assert.equal(api.alerts.view.badge, undefined);
    const items = await children(api.alerts);
    assert.equal(labelOf(items[0]), 'No unresolved alerts');
  });

  it('polls at the configured interval while the window is focused, without a refresh', async function () {
    if (!vscode.window.state.focused) this.skip(); // polling pauses in an unfocused window, by design
    await api.alertsStore.refresh();
    const before = api.alertsStore.unresolved ?? 0;
    const alert = panel.data.alerts.find((candidate) => candidate.resolved);
    assert.ok(alert);
    await vscode.workspace.getConfiguration('panelOps').update('alerts.pollIntervalSeconds', 1, vscode.ConfigurationTarget.Global);
    try {
      alert.resolved = false;
      alert.resolved_at = null;
      await until(api.alertsStore.onDidChange, () => api.alertsStore.unresolved === before + 1, 10_000);
      assert.equal(api.statusBarItem.text, `$(bell-dot) ${before + 1}`);
    } finally {
      alert.resolved = true;
      await vscode.workspace.getConfiguration('panelOps').update('alerts.pollIntervalSeconds', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('shows an error node with the reason and a retry when the load fails, and recovers on retry', async () => {
    panel.inject({ kind: 'status', status: 503, match: { method: 'GET', path: '/alerts' }, times: 10 });
    await vscode.commands.executeCommand('panelOps.alerts.refresh');
    const items = await children(api.alerts);
    assert.equal(items.length, 1);
    assert.equal(items[0].contextValue, 'error');
    assert.match(String(items[0].tooltip), /503/);
    assert.equal(items[0].command?.command, 'panelOps.retryLoad');
    panel.clearFaults();
    await vscode.commands.executeCommand('panelOps.retryLoad', items[0]);
    await api.alertsStore.refresh(); // joins the load the retry started
    const after = await children(api.alerts);
    assert.notEqual(after[0].contextValue, 'error');
  });

  it('connecting another panel while an alerts read is slow shows the new panel\'s alerts at once; the first panel keeps its own read', async () => {
    const other = await startPanel({ dataset: 'empty' });
    try {
      panel.inject({ kind: 'latency', ms: 4000, match: { method: 'GET', path: '/alerts' }, times: 1 });
      const first = api.alertsStore;
      const slow = first.refresh();
      await connect(other, other.tokens.owner, { name: 'Other panel' });
      await vscode.commands.executeCommand('panelOps.views.showActivePanel');
      const started = Date.now();
      assert.deepEqual((await children(api.alerts)).map(labelOf), ['No unresolved alerts'], 'the other panel\'s alerts, not a blank view');
      assert.ok(Date.now() - started < 2000, 'the other panel\'s alerts do not wait for the slow answer');
      await slow;
      assert.equal(first.held.kind, 'loaded', 'the first panel\'s store took its own answer, for its own panel');
    } finally {
      await signOut(other);
      await other.close();
      await api.session.switchTo(panel.url);
      await api.allPanels.forgetChoice();
    }
  });

  it('a read-only token still lists alerts but cannot resolve them', async () => {
    await connect(panel, panel.tokens.readOnly, { preset: 'readOnly', name: 'Alerts panel' });
    try {
      assert.equal(api.session.capabilities.hasScope('monitoring:read'), true);
      assert.equal(api.session.capabilities.can('alerts.resolve'), false, 'panelOps.scope.monitoring.write is false: Resolve is hidden');
      const items = await children(api.alerts);
      assert.ok(items.length > 0 && items.every((item) => item.contextValue !== 'error'));
    } finally {
      await connect(panel, panel.tokens.owner, { name: 'Alerts panel' });
    }
  });

  it('hides the status-bar item when the token cannot read alerts', async () => {
    const { secret } = panel.issueToken({ role: 'owner', scopes: ['nodes:read'] });
    await connect(panel, secret, { scopes: ['nodes:read'], name: 'Alerts panel' });
    try {
      const items = await children(api.alerts);
      assert.deepEqual(items.map(labelOf), ['This token lacks monitoring:read']);
      assert.equal(api.alerts.view.badge, undefined);
    } finally {
      await connect(panel, panel.tokens.owner, { name: 'Alerts panel' });
    }
  });
});
