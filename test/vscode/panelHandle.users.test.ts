// One handle per connected panel (issue 34), users, users table and alerts: with two panels connected and the
// second one active, what is done on the first one acts on the first one. The Apply Configuration a users-table
// apply offers applies the table's own panel's nodes, and Refresh Alerts forgets the 403 of every panel it reads
// again, not only the active one's.
import * as assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { SimulatedPanel } from '../panel';
import type { KeyRecord, NodeRecord } from '../panel/types';
import { endEditorTest } from './editorSupport';
import { eventually, labelOf, requestsTo, runOnWithAnswers, type TestApi, under } from './support';
import { twoPanelsConnected } from './twoPanels';

describe('Two panels connected, the second active: users, users table and alerts act on the first panel', function () {
  this.timeout(120_000);
  let api: TestApi;
  let first: SimulatedPanel;
  let second: SimulatedPanel;
  const names = { first: 'First handle panel', second: 'Second handle panel' };

  const two = twoPanelsConnected(names);
  before(() => ({ api, first, second } = two));

  beforeEach(() => {
    assert.equal(api.session.active?.id, second.url, 'the second panel is active');
    api.input.clear();
  });


  function documentNamed(name: string): vscode.TextDocument | undefined {
    return [...vscode.workspace.textDocuments].reverse().find((document) => document.uri.path.endsWith(`/${name}`));
  }

  /** A user only the first panel holds, bound to `node`, with a label of its own. */
  function firstPanelUser(prefix: string, node: NodeRecord): KeyRecord {
    const template = [...first.data.keys.values()][0];
    const user: KeyRecord = {
      ...structuredClone(template), id: randomUUID(), label: `${prefix} ${randomUUID().slice(0, 8)}`, note: null, type: 'PERSONAL', status: 'active',
      expires_at: null, disabled_at: null, revoked_at: null, created_at: new Date().toISOString(),
      bindings: [{ node_id: node.id, profile_sync: 'synced' }],
    };
    first.data.keys.set(user.id, user);
    return user;
  }

  /** Edit Users as Table on the first panel's "active" group in the Users view; resolves once the table holds `label`. */
  async function firstPanelTable(label: string): Promise<vscode.TextDocument> {
    await vscode.commands.executeCommand('panelOps.users.refresh');
    const group = (await under(api.users, names.first)).find((candidate) => labelOf(candidate) === 'active');
    assert.ok(group, 'the first panel shows its active users');
    const uri = await runOnWithAnswers('panelOps.users.editAsTable', [group]) as vscode.Uri;
    const opened = () => vscode.workspace.textDocuments.find((document) => document.uri.toString() === uri.toString());
    await eventually(() => opened()?.getText().includes(label) === true, 'the table holds the first panel\'s user');
    return opened() as vscode.TextDocument;
  }

  /** The first panel's nodes with names no other node has, online. */
  function firstPanelNodes(): NodeRecord[] {
    return [...first.data.nodes.values()].filter((node, _i, all) => all.filter((other) => other.name === node.name).length === 1 && node.status !== 'offline');
  }

  it('Edit Users as Table on a state group of the first panel reads the first panel\'s users', async () => {
    const user = firstPanelUser('Table of first', firstPanelNodes()[0]);
    const document = await firstPanelTable(user.label);
    assert.ok(document.uri.authority.endsWith(new URL(first.url).host), `the table is a document of the first panel: ${document.uri.authority}`);
    await endEditorTest(api);
  });

  it('the Apply Configuration offered after a users-table apply on the first panel applies the first panel\'s rebound nodes', async () => {
    const [from, to] = firstPanelNodes() as [NodeRecord, NodeRecord];
    const user = firstPanelUser('Rebound', from);
    // The table is opened while the first panel is active; the second is active again when it is applied.
    await api.session.switchTo(first.url);
    const document = await firstPanelTable(user.label);
    await api.session.switchTo(second.url);
    const uri = document.uri;
    const lines = document.getText().split('\n');
    const at = lines.findIndex((line) => line.includes(user.label));
    const fields = lines[at].split(',');
    fields[7] = to.name;
    lines[at] = fields.join(',');
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(0, 0, document.lineCount, 0), lines.join('\n'));
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.ok(await document.save(), 'the table is saved (its plan made)');
    await eventually(() => documentNamed('users-plan.diff') !== undefined, 'the plan opened');
    first.resetRequests();
    second.resetRequests();

    await runOnWithAnswers('panelOps.users.applyPlan', [(documentNamed('users-plan.diff') as vscode.TextDocument).uri], 'Apply Configuration');
    assert.deepEqual(first.data.keys.get(user.id)?.bindings.map((binding) => binding.node_id), [to.id], 'the user is rebound on the first panel');
    const applied = (panel: SimulatedPanel) => requestsTo(panel, /\/nodes\/[^/]+\/apply$/).filter((request) => request.method === 'POST').map((request) => request.path);
    await eventually(() => applied(first).length === 2, 'both rebound nodes of the first panel are applied');
    assert.deepEqual(applied(first).sort(), [`/api/v1/nodes/${from.id}/apply`, `/api/v1/nodes/${to.id}/apply`].sort());
    assert.deepEqual(applied(second), [], 'nothing is applied on the active panel');
    await endEditorTest(api);
  });

  it('Refresh Alerts forgets the first panel\'s 403 on the alerts and reads them again', async () => {
    const handle = api.panels.get(first.url);
    assert.ok(handle, 'the first panel has its handle');
    // The first panel's token loses monitoring:read on the panel: its alerts read is answered 403.
    const digest = createHash('sha256').update(first.tokens.owner).digest('hex');
    const token = first.data.tokens.find((record) => record.digest === digest);
    assert.ok(token, 'the token of the first panel');
    const scopes = [...token.scopes];
    token.scopes = scopes.filter((scope) => scope !== 'monitoring:read');
    try {
      await handle.alerts.refresh();
    } finally {
      token.scopes = scopes;
    }
    assert.equal(handle.scopes.wasDenied('alerts.list'), true, 'the first panel answered 403');
    assert.deepEqual((await under(api.alerts, names.first)).map((item) => item.contextValue), ['missingScope']);
    first.resetRequests();

    await vscode.commands.executeCommand('panelOps.alerts.refresh');
    assert.equal(handle.scopes.wasDenied('alerts.list'), false, 'the first panel\'s 403 is forgotten');
    await eventually(() => requestsTo(first, '/alerts').some((request) => request.method === 'GET' && request.status === 200), 'the first panel\'s alerts are read again');
    await eventually(() => handle.alerts.held.kind === 'loaded', 'the first panel\'s alerts are held');
    const shown = await under(api.alerts, names.first);
    assert.ok(!shown.some((item) => item.contextValue === 'missingScope'), JSON.stringify(shown.map(labelOf)));
  });
});
