// The audit log inside a real VS Code, against the simulated panel: a table of the panel's entries with
// the api_token_id column; filtered by action prefix and by a time range (sent as RFC 3339), a time that
// is not one refused before sending; "only this token's changes"; paging; export of the shown entries; and
// a monitoring-scope caller told what range the panel applied.
import * as assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { SimulatedPanel } from '../panel';
import { closeAll } from './catalogSupport';
import { pageElements, uiDriver } from './pageDom';
import { connect, connectedPanel, eventually, lastPosted, requestsTo, signOut, type TestApi } from './support';

type AuditView = TestApi['auditLogs']['views'][number];

function stateOf(view: AuditView) {
  const message = lastPosted(view.probe, 'state');
  assert.ok(message, 'the page was sent its state');
  return message.state;
}

function column(view: AuditView, name: string): string[] {
  const state = stateOf(view);
  const index = state.columns.indexOf(name);
  assert.ok(index >= 0, `column ${name}`);
  return state.rows.map((row) => row.cells[index]);
}

const filters = (changes: Partial<{ action: string; user: string; from: string; to: string; perPage: number }>) => ({
  type: 'query', filters: { action: '', user: '', from: '', to: '', perPage: 50, ...changes },
});

async function openAuditLog(api: TestApi): Promise<AuditView> {
  await vscode.commands.executeCommand('panelOps.audit.open');
  const [view] = api.auditLogs.views;
  assert.ok(view, 'the audit log opened');
  await view.loaded;
  return view;
}

describe('Audit log', () => {
  const connected = connectedPanel();
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));
  afterEach(async () => {
    for (const view of api.auditLogs.views) view.dispose();
    await closeAll();
  });

  it('shows the entries, newest first, with the token column and browser-session entries told apart', async () => {
    const view = await openAuditLog(api);
    const state = stateOf(view);
    assert.equal(state.rows.length, panel.data.audit.length);
    assert.deepEqual(state.columns.slice(0, 5), ['created_at', 'action', 'actor', 'api_token_id', 'target']);
    const tokens = state.rows.map((row) => row.tokenId);
    assert.ok(tokens.includes(undefined) && tokens.some((id) => id !== undefined), 'entries with and without a token');
    assert.match(state.summary, new RegExp(`^${panel.data.audit.length} entries match; page 1 of 1$`));
    assert.equal(state.rangeNote, undefined, 'a full-rights token gets no default range');
  });

  it('filters by action prefix and administrator on the panel', async () => {
    const view = await openAuditLog(api);
    // Actions as this panel names them (the second reading names the group in the singular: `key.create`).
    const prefix = panel.readings.of('GET /audit') === 'second' ? 'key.' : 'keys.';
    panel.resetRequests();
    view.probe.deliver(filters({ action: prefix }));
    await eventually(() => requestsTo(panel, '/audit').length === 1, 'the filtered read');
    await view.loaded;
    assert.equal(requestsTo(panel, '/audit')[0].query.action, prefix);
    const actions = column(view, 'action');
    assert.ok(actions.length > 0);
    assert.ok(actions.every((action) => action.startsWith(prefix)), actions.join(', '));
    assert.equal(actions.length, panel.data.audit.filter((entry) => entry.action.startsWith('keys.')).length);

    panel.resetRequests();
    view.probe.deliver(filters({ action: prefix, user: 'owner' }));
    await eventually(() => requestsTo(panel, '/audit').length === 1, 'the read filtered by administrator too');
    await view.loaded;
    assert.deepEqual([requestsTo(panel, '/audit')[0].query.action, requestsTo(panel, '/audit')[0].query.user], [prefix, 'owner']);
    assert.deepEqual(column(view, 'actor'), panel.data.audit.filter((entry) => entry.action.startsWith('keys.') && entry.actor === 'owner').map(() => 'owner'));
    assert.ok(column(view, 'actor').length > 0);
  });

  it('filters by a time range sent as RFC 3339, and refuses a time that is not one before sending', async () => {
    const view = await openAuditLog(api);
    const times = panel.data.audit.map((entry) => Date.parse(entry.created_at)).sort((a, b) => a - b);
    const from = new Date(times[3] - 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const to = new Date(times[7] + 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    panel.resetRequests();
    view.probe.deliver(filters({ from, to }));
    await eventually(() => requestsTo(panel, '/audit').length === 1, 'the ranged read');
    await view.loaded;
    const [request] = requestsTo(panel, '/audit');
    assert.deepEqual([request.query.from, request.query.to], [from, to]);
    const shown = column(view, 'created_at').map((value) => Date.parse(value));
    assert.equal(shown.length, 5);
    assert.ok(shown.every((at) => at >= Date.parse(from) && at <= Date.parse(to)));

    panel.resetRequests();
    view.probe.deliver(filters({ from: 'last tuesday' }));
    await eventually(() => Boolean(stateOf(view).fieldProblems.from), 'the filter is refused');
    assert.match(stateOf(view).fieldProblems.from, /RFC 3339/);
    assert.equal(requestsTo(panel, '/audit').length, 0, 'nothing was sent');
  });

  it('shows only one token\'s changes, pages with per_page, and exports the shown entries', async () => {
    const view = await openAuditLog(api);
    const tokenId = stateOf(view).rows.find((row) => row.tokenId !== undefined)?.tokenId;
    assert.ok(tokenId);
    view.probe.deliver({ type: 'onlyToken', tokenId });
    const mine = panel.data.audit.filter((entry) => entry.api_token_id === tokenId);
    await eventually(() => stateOf(view).tokenFilter === tokenId, 'the quick filter is on');
    assert.deepEqual(column(view, 'api_token_id'), mine.map(() => tokenId));

    const file = join(mkdtempSync(join(tmpdir(), 'panel-ops-audit-')), 'audit.csv');
    api.input.clear();
    api.input.queue(file);
    view.probe.deliver({ type: 'export', format: 'csv' });
    await eventually(() => { try { return readFileSync(file, 'utf8').length > 0; } catch { return false; } }, 'the CSV is written');
    const lines = readFileSync(file, 'utf8').trimEnd().split('\r\n');
    assert.equal(lines.length, mine.length + 1, 'a header and the shown entries');
    assert.ok(lines.slice(1).every((line) => line.includes(tokenId)));

    const json = join(mkdtempSync(join(tmpdir(), 'panel-ops-audit-')), 'audit.json');
    api.input.queue(json);
    view.probe.deliver({ type: 'export', format: 'json' });
    await eventually(() => { try { return JSON.parse(readFileSync(json, 'utf8')).length === mine.length; } catch { return false; } }, 'the JSON is written');

    view.probe.deliver({ type: 'onlyToken' });
    panel.resetRequests();
    view.probe.deliver(filters({ perPage: 5 }));
    await eventually(() => requestsTo(panel, '/audit').length === 1, 'the first page of 5');
    await view.loaded;
    assert.equal(stateOf(view).rows.length, 5);
    assert.equal(stateOf(view).pageCount, Math.ceil(panel.data.audit.length / 5));
    view.probe.deliver({ type: 'page', page: 3 });
    await eventually(() => requestsTo(panel, '/audit').length === 2, 'page 3');
    await view.loaded;
    assert.deepEqual([requestsTo(panel, '/audit')[1].query.page, requestsTo(panel, '/audit')[1].query.per_page], ['3', '5']);
    assert.equal(stateOf(view).rows.length, panel.data.audit.length - 10);
  });

  it('explains the default range the panel applies to a monitoring-scope caller', async () => {
    const { secret } = panel.issueToken({ role: 'owner', scopes: ['monitoring:read', 'audit:read'] });
    await connect(panel, secret, { scopes: ['monitoring:read', 'audit:read'], name: 'Monitoring' });
    try {
      const view = await openAuditLog(api);
      const state = stateOf(view);
      // The range applied, as the panel's answer gives it; a panel whose answer does not say (the third
      // reading's has no from/to) leaves it out rather than guessing.
      const saysRange = panel.readings.of('GET /audit') !== 'third';
      assert.match(state.rangeNote ?? '', saysRange ? /monitoring caller.*last 24 hours.*Shown: .+ to .+\./ : /monitoring caller.*last 24 hours\.$/);
      const dayAgo = Date.now() - 24 * 3600_000 - 60_000;
      assert.ok(column(view, 'created_at').every((value) => Date.parse(value) >= dayAgo), 'only the last day');
      assert.ok(state.rows.length < panel.data.audit.length);

      view.probe.deliver(filters({ from: '2020-01-01T00:00:00Z' }));
      await eventually(() => /at most 31 days/.test(stateOf(view).rangeNote ?? ''), 'the cap is explained');
    } finally {
      await signOut(panel);
      await connect(panel, panel.tokens.owner);
    }
  });

  it('suggests action prefixes from what a panel with singular actions returned, and the table fits its tab', async function () {
    if (!uiDriver()) this.skip();
    panel.readings.set('second', ['GET /audit']);
    try {
      const view = await openAuditLog(api);
      const suggested = stateOf(view).actionSuggestions;
      assert.ok(suggested.includes('key.') && suggested.includes('node.'), suggested.join(', '));
      assert.ok(suggested.every((prefix) => !/^(keys|nodes)\./.test(prefix)), 'no plural example this panel would not match');
      const chips = await pageElements('#action-suggestions button');
      assert.deepEqual(chips.map((chip) => chip.text), suggested, 'the page shows the suggestions');
      const placeholder = await pageElements('#filter-action', () => true);
      assert.ok(placeholder.length === 1);

      view.probe.deliver(filters({ action: 'node.apply' }));
      await eventually(() => stateOf(view).filters.action === 'node.apply' && !stateOf(view).loading, 'the suggested filter');
      await view.loaded;
      assert.ok(column(view, 'action').every((action) => action.startsWith('node.apply')));
      view.probe.deliver(filters({}));
      await eventually(() => stateOf(view).filters.action === '' && !stateOf(view).loading, 'all entries again');
      await view.loaded;

      // At the width of a normal editor tab, every column is on screen; a long cell is cut and whole in its tooltip.
      const heads = await pageElements('th', (found) => found.some((head) => head.title === 'ip'));
      for (const name of ['ip', 'details']) assert.ok(heads.find((head) => head.title === name)?.inView, `the ${name} column is on screen: ${JSON.stringify(heads)}`);
      const details = await pageElements('td.column-details');
      assert.ok(details.length > 0 && details.every((cell) => cell.inView && cell.title === cell.text), 'details cells on screen, their whole text in the tooltip');
    } finally {
      panel.readings.set('first', ['GET /audit']);
    }
  });

  it('offers to open an export, and opens it in an editor', async () => {
    const view = await openAuditLog(api);
    const file = join(mkdtempSync(join(tmpdir(), 'panel-ops-audit-')), 'opened.csv');
    api.input.clear();
    api.input.queue(file, 'Open');
    view.probe.deliver({ type: 'export', format: 'csv' });
    await eventually(() => vscode.window.activeTextEditor?.document.uri.fsPath === file, 'the exported file opens in an editor');
    const told = api.input.notices.at(-1);
    assert.deepEqual(told?.actions, ['Open']);
    assert.match(vscode.window.activeTextEditor?.document.getText() ?? '', /^created_at,action,actor,api_token_id/);
  });
});
