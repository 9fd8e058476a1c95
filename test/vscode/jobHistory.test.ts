// The job history webview inside a real VS Code, against the simulated panel: the jobs of a node with their
// statuses, a failed job selected with its raw log and error, a chosen job selected on request (as the
// apply-and-watch does), the limit sent to the panel, and a read-only token told which scope it lacks.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { SimulatedPanel } from '../panel';
import { connectedPanel, eventually, lastPosted, nodeItem, requestsTo, type TestApi } from './support';

type History = TestApi['jobHistories']['histories'][number];

async function openHistory(api: TestApi, name: string): Promise<History> {
  await vscode.commands.executeCommand('panelOps.nodes.showJobHistory', await nodeItem(api, name));
  const history = api.jobHistories.histories.find((candidate) => candidate.target.node.name === name);
  assert.ok(history, 'a job history opened');
  await history.loaded;
  return history;
}

describe('Job history', () => {
  const connected = connectedPanel();
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));
  after(async () => {
    for (const history of api.jobHistories.histories) history.dispose();
  });

  it('lists a node\'s jobs with their statuses and selects the failed one with its log and error', async () => {
    const history = await openHistory(api, 'hel-3');
    assert.equal(history.page.panel.title, 'Jobs: hel-3');
    await eventually(() => history.probe.posted.some((message) => message.type === 'words'), 'the page says it is ready');
    const hel = [...panel.data.nodes.values()].find((node) => node.name === 'hel-3')!;
    const expected = panel.data.jobs.filter((job) => job.node_id === hel.id);
    const shown = lastPosted(history.probe, 'jobs');
    assert.ok(shown);
    assert.deepEqual(shown.rows.map((row) => row.status).sort(), expected.map((job) => job.status).sort());
    const newestFailed = [...expected].filter((job) => job.status === 'failed').sort((a, b) => Date.parse(b.queued_at) - Date.parse(a.queued_at))[0];
    assert.equal(shown.selected, newestFailed.id, 'the newest failed job is selected');
    const row = shown.rows.find((candidate) => candidate.key === newestFailed.id)!;
    assert.equal(row.statusClass, 'failed');
    assert.match(row.error, /engine reload failed/);
    assert.ok(row.log.some((line) => /ERROR engine reload failed/.test(line.text)), 'the raw log is there');
    assert.ok(row.duration.length > 0 && row.started.length > 0 && row.finished.length > 0);
  });

  it('selects the job it is asked to (the apply-and-watch opens a failed job this way), hostile text made plain', async () => {
    const hostile = panel.data.jobs.find((job) => job.id === '7f3c2a10-5b7e-4c1d-9a55-0d6e8f1b2c3d');
    assert.ok(hostile, 'the demo has a hostile failed job');
    const node = [...panel.data.nodes.values()].find((candidate) => candidate.id === hostile.node_id)!;
    const history = api.jobHistories.showJobHistory(api.session.active!.id, { id: node.id, name: node.name }, { selectJob: hostile.id });
    await history.loaded;
    const shown = lastPosted(history.probe, 'jobs');
    assert.equal(shown?.selected, hostile.id);
    const row = shown.rows.find((candidate) => candidate.key === hostile.id)!;
    assert.doesNotMatch(row.error, /[\u0000-\u001f\u202e]/);
    assert.ok(row.log.every((line) => !/[\u0000-\u0008\u000b-\u001f\u202e]/.test(line.text)));
  });

  it('asks the panel for the chosen number of jobs, and refreshes', async () => {
    const history = await openHistory(api, 'sgp-6');
    panel.resetRequests();
    history.probe.deliver({ type: 'setLimit', limit: 2 });
    await eventually(() => lastPosted(history.probe, 'jobs')?.limit === 2, 'the list with the new limit');
    await history.loaded;
    assert.equal(lastPosted(history.probe, 'jobs')?.rows.length, 2);
    assert.deepEqual(requestsTo(panel, /\/jobs$/).map((request) => request.query.limit), ['2']);
    history.probe.deliver({ type: 'refresh' });
    await eventually(() => requestsTo(panel, /\/jobs$/).length === 2, 'a refresh asks again');
    history.probe.deliver({ type: 'setLimit', limit: 1000 });
    history.probe.deliver({ type: 'select', key: 42 });
    assert.equal(requestsTo(panel, /\/jobs$/).length, 2, 'malformed messages are ignored');
  });
});

describe('Job history with a read-only token', () => {
  const connected = connectedPanel({ token: (panel) => panel.tokens.readOnly, connect: { preset: 'readOnly' } });
  let api: TestApi;

  before(() => ({ api } = connected));

  it('says the job history needs nodes:write', async () => {
    const history = await openHistory(api, 'ams-1');
    const problem = lastPosted(history.probe, 'problem');
    assert.match(problem?.message ?? '', /nodes:write/);
    history.dispose();
  });
});
