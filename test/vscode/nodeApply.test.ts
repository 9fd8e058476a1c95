// Apply Configuration and Apply All Pending inside a real VS Code against the simulated panel: the job is
// watched queued → running → ok and the node turns clean with its users synced; a broken node's failed job
// is told with its error and opened, a rolled-back one too, and nothing is applied a second time.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SimulatedPanel } from '../panel';
import { auditSince, nodeItem, nodeRecord, withSetting } from './nodeSupport';
import { children, connectedPanel, labelOf, requestsTo, runWithAnswers, until, type TestApi } from './support';

interface ApplyReport {
  readonly node: string;
  readonly outcome: string;
  readonly seen: readonly string[];
  readonly error?: string;
  readonly shownIn?: string;
}

describe('Apply Configuration', () => {
  const connected = connectedPanel({ panel: { jobStepMs: 1200 } });
  withSetting('apply.pollIntervalSeconds', 1);
  // The panels' own poll reads `GET /nodes` every interval; off here, so the requests counted are the apply's.
  withSetting('poll.intervalSeconds', 0);
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));

  it('watches the job queued → running → ok; the node turns clean and its users show synced', async () => {
    const item = await nodeItem(api, 'fra-2');
    assert.equal(item.contextValue, 'node.dirty');
    const record = nodeRecord(panel, 'fra-2');
    const pendingKey = [...panel.data.keys.values()].find((key) => key.bindings.some((binding) => binding.node_id === record.id && binding.profile_sync === 'pending'));
    assert.ok(pendingKey, 'a user of fra-2 waits for the apply');
    // The node's Users section is open, so its users are in the store.
    const users = (await children(api.nodes, item)).find((section) => labelOf(section) === 'Users');
    assert.ok(users);
    await children(api.nodes, users);
    const syncOf = () => api.usersStore.get(pendingKey.id)?.nodes?.find((binding) => binding.node_id === record.id)?.profile_sync;
    assert.equal(syncOf(), 'pending');

    panel.resetRequests();
    api.input.clear();
    const report = await vscode.commands.executeCommand<ApplyReport>('panelOps.nodes.apply', item);

    assert.equal(report.outcome, 'ok');
    assert.deepEqual(api.input.notices.map((notice) => notice.message), ['The configuration of "fra-2" is applied.']);
    assert.deepEqual(report.seen, ['queued', 'running', 'ok']);
    assert.equal(item.contextValue, 'node', 'the item turned clean');
    assert.doesNotMatch(String(item.description), /not applied/);
    assert.match(String(item.description), /applied (now|.* ago)$/);
    assert.equal(syncOf(), 'synced', 'the user shows synced without a refresh');
    assert.equal(requestsTo(panel, `/nodes/${record.id}/apply`).length, 1, 'one apply');
    assert.ok(requestsTo(panel, `/nodes/${record.id}`).length >= 3, 'the node was polled');
    assert.ok(requestsTo(panel, `/nodes/${record.id}/jobs`).length >= 3, 'its jobs were polled');
    assert.equal(requestsTo(panel, '/nodes').length, 0, 'the node list was not read again');
  });

  it('reads a clean node\'s users again only when it turns clean, not on every later copy of it', async () => {
    const record = nodeRecord(panel, 'fra-2');
    await api.nodesStore.refresh(record.id);
    assert.equal(api.nodesStore.get(record.id)?.dirty, false, 'fra-2 is clean (applied above)');
    const [bound] = api.usersStore.boundTo(record.id);
    assert.ok(bound, 'a user of fra-2 is in the store');
    // A user whose sync on fra-2 never becomes "synced" (the panel says "failed").
    api.usersStore.update({ ...bound, nodes: (bound.nodes ?? []).map((binding) => (binding.node_id === record.id ? { ...binding, profile_sync: 'failed' } : binding)) });
    panel.resetRequests();
    await api.nodesStore.refresh(record.id);
    await api.nodesStore.refresh(record.id);
    await new Promise((resolve) => setTimeout(resolve, 300)); // a re-read would have been sent by now
    assert.equal(requestsTo(panel, `/nodes/${record.id}`).length, 2);
    assert.equal(requestsTo(panel, `/keys/${bound.id}`).length, 0, 'the user is not read again while the node stays clean');
  });

  it('once the apply has landed, the node never shows "● not applied" with its Apply button again, even while its users are read', async () => {
    const record = nodeRecord(panel, 'sgp-6');
    record.dirty = true;
    await api.nodesStore.refresh(record.id);
    const item = await nodeItem(api, 'sgp-6');
    assert.equal(item.contextValue, 'node.dirty');
    // Every state the item is drawn in, as the tree is told to redraw it.
    const drawn: { description: string; contextValue: string | undefined }[] = [];
    const provider = api.nodes.provider as vscode.TreeDataProvider<vscode.TreeItem> & { onDidChangeTreeData: vscode.Event<vscode.TreeItem | undefined> };
    const subscription = provider.onDidChangeTreeData((changed) => {
      if (changed === undefined || changed === item) drawn.push({ description: String(item.description), contextValue: item.contextValue });
    });
    // The users of the node are read again after the apply lands: slowly here, as on a busy panel.
    panel.inject({ kind: 'latency', ms: 800, match: { method: 'GET', path: '/keys' }, times: 5 });
    try {
      const report = await vscode.commands.executeCommand<ApplyReport>('panelOps.nodes.apply', item);
      assert.equal(report.outcome, 'ok');
    } finally {
      subscription.dispose();
      panel.clearFaults();
    }
    const landed = drawn.findIndex((state) => /Applying: ok/.test(state.description) || state.contextValue === 'node');
    assert.ok(landed >= 0, JSON.stringify(drawn));
    const after = drawn.slice(landed);
    assert.deepEqual(after.filter((state) => state.contextValue === 'node.dirty' || /not applied/.test(state.description)), [], `drawn after it landed: ${JSON.stringify(after)}`);
    assert.ok(drawn.filter((state) => /Applying/.test(state.description)).every((state) => state.contextValue !== 'node.dirty'), 'no Apply button while the apply is watched');
    assert.equal(item.contextValue, 'node');
  });

  it('tells a broken node\'s failed job with its error, opens its log, and applies nothing more', async () => {
    const item = await nodeItem(api, 'hel-3');
    const record = nodeRecord(panel, 'hel-3');
    panel.resetRequests();
    api.input.clear();
    const report = await vscode.commands.executeCommand<ApplyReport>('panelOps.nodes.apply', item);

    assert.equal(report.outcome, 'failed');
    assert.equal(api.input.notices.length, 1, `one notification: ${JSON.stringify(api.input.notices)}`);
    assert.equal(api.input.notices[0].severity, 'warning');
    assert.match(api.input.notices[0].message, /The apply on "hel-3" failed: engine reload failed: .*address already in use/);
    assert.equal(report.seen.at(-1), 'failed');
    assert.match(report.error ?? '', /address already in use/);
    assert.equal(item.contextValue, 'node.dirty', 'still not applied');
    // The Job History view opens on the failed job, with its error and raw log.
    assert.equal(report.shownIn, 'jobHistory');
    const failedJob = panel.data.jobs.filter((job) => job.node_id === record.id && job.status === 'failed').at(-1);
    const history = api.jobHistories.histories.find((candidate) => candidate.target.node.id === record.id);
    assert.ok(history && failedJob, 'the job history of hel-3 is open');
    assert.equal(history.selectedJob, failedJob.id, 'on the job that failed');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    assert.equal(requestsTo(panel, `/nodes/${record.id}/apply`).length, 1, 'no second apply to "fix" it');
  });

  it('says a rolled-back job was rolled back', async () => {
    const report = await vscode.commands.executeCommand<ApplyReport>('panelOps.nodes.apply', await nodeItem(api, 'nyc-5'));
    assert.equal(report.outcome, 'rolled_back');
    assert.match(report.error ?? '', /previous configuration restored/);
  });

  it('applies the node selected in the Nodes view when run without an item (its key binding)', async () => {
    const item = await nodeItem(api, 'nyc-5');
    await vscode.commands.executeCommand('workbench.view.extension.panelOps');
    await api.nodes.view.reveal(item, { select: true, focus: true });
    await until(api.nodes.view.onDidChangeSelection, () => api.nodes.view.selection.length === 1);
    const name = labelOf(api.nodes.view.selection[0]);
    const record = nodeRecord(panel, name);
    panel.resetRequests();
    const reports = await vscode.commands.executeCommand<ApplyReport | ApplyReport[]>('panelOps.nodes.apply');
    assert.equal(Array.isArray(reports) ? reports.length : 1, 1, 'one node applied');
    assert.equal(requestsTo(panel, `/nodes/${record.id}/apply`).filter((request) => request.method === 'POST').length, 1, `${name} was applied`);
  });

  it('after a lost 202 it reads the jobs, finds the queued apply and watches it, without applying again', async () => {
    const item = await nodeItem(api, 'ams-1');
    const record = nodeRecord(panel, 'ams-1');
    panel.inject({ kind: 'drop-after-apply', match: { method: 'POST', path: new RegExp(`/nodes/${record.id}/apply$`) } });
    api.input.clear();
    const report = await vscode.commands.executeCommand<ApplyReport>('panelOps.nodes.apply', item);
    assert.equal(report.outcome, 'ok');
    assert.equal(report.seen.at(-1), 'ok');
    assert.ok(api.input.notices.some((notice) => notice.message === 'The panel queued the apply on "ams-1"; watching it now.'), JSON.stringify(api.input.notices));
    assert.equal(panel.data.jobs.filter((job) => job.node_id === record.id && job.queued_at > new Date(Date.now() - 60_000).toISOString()).length, 1, 'one job: the apply was not sent again');
  });

  it('applies every pending node after one confirmation, leaving out the offline one', async () => {
    const dirty = [...panel.data.nodes.values()].filter((node) => node.dirty && node.status !== 'offline');
    const audit = panel.data.audit.length;
    assert.ok(dirty.some((node) => node.name === 'hel-3'), 'hel-3 is still dirty after its failed apply');
    const reports = await runWithAnswers('panelOps.nodes.applyAllPending', `Apply to ${dirty.length} Nodes`) as ApplyReport[];
    assert.deepEqual(reports.map((report) => report.node).sort(), dirty.map((node) => node.name).sort());
    assert.equal(auditSince(panel, audit, 'nodes.apply').length, dirty.length, 'one apply per node');
    assert.ok(reports.every((report) => report.outcome !== 'notQueued'));
    const asked = api.input.questions[0];
    assert.equal(asked.kind, 'confirm');
    assert.ok(dirty.every((node) => asked.detail?.includes(node.name)), asked.detail);
  });
});
