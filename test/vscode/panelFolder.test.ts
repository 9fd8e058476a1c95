// The panel as a folder (issue 29) through its commands, as an operator would: Pull Panel into Folder… into
// the workspace, edit files on disk, Plan Panel Changes (a plan document, Problems), Apply Panel Folder
// (the panel then holds the edits and the next plan is empty), Show Panel Drift after a change made through
// the API, Snapshot Panel and Restore from Snapshot…, and a read-only panel refusing Apply. The engine's
// behaviour under every reading is in test/unit/panelFolder/.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { connectedPanelForActions, eventually, PROTECTION_LABELS, runWithAnswers, type TestApi } from './support';
import type { SimulatedPanel } from '../panel';
import { cleanUp, folderFiles, lastDocument, literal, memberPath, REGION, setScalar, suiteFolder } from './panelFolderSupport';

const encoder = new TextEncoder();

describe('Panel as a folder: pull, plan, apply, drift, snapshot and restore', () => {
  /** A folder as an earlier window's pull left it, there before this suite's panel connects. */
  const earlier = () => vscode.Uri.joinPath(vscode.workspace.workspaceFolders?.[0]?.uri ?? vscode.Uri.file('/'), 'panels', 'Pulled earlier');
  before(async () => {
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(earlier(), '.panelops', 'state.json'), encoder.encode('{}\n'));
  });
  const connected = connectedPanelForActions({ connect: { name: 'Folder panel' } });
  let api: TestApi;
  let panel: SimulatedPanel;
  let workspace: vscode.Uri;
  let root: vscode.Uri;

  before(() => {
    ({ api, panel } = connected);
    ({ workspace, root } = suiteFolder('Folder panel'));
  });
  after(() => cleanUp(vscode.Uri.joinPath(workspace, 'panels'), vscode.Uri.joinPath(workspace, 'snapshots')));

  /** The panel pick, when more than this suite's panel is connected. */
  const panelAnswer = (): string[] => (api.session.connectedPanels().length > 1 ? ['Folder panel'] : []);
  const { read, write } = folderFiles(() => root);
  /** A node's file with its region set to `region`, in the shape and under the name the pull wrote it. */
  const withRegion = (doc: Record<string, unknown>, region: string): string => {
    const copy = structuredClone(doc);
    setScalar(copy, REGION, region);
    return `${JSON.stringify(copy, null, 2)}\n`;
  };

  it('offers Plan, Apply and Show Drift on a folder pulled in an earlier session, before any folder command ran', async () => {
    try {
      // The workspace is searched when the panel connects: no folder command has run in this window yet.
      await eventually(() => api.pulledFolders.includes(earlier().fsPath), 'the earlier folder in panelOps.pulledFolders');
    } finally {
      await vscode.workspace.fs.delete(earlier(), { recursive: true, useTrash: false });
    }
  });

  it('pulls the panel into a folder of the workspace: one file per resource, nothing secret', async () => {
    await runWithAnswers('panelOps.panelFolder.pull', ...panelAnswer(), vscode.workspace.asRelativePath(root));
    const node = JSON.parse(await read('nodes/ams-1.node.json')) as Record<string, unknown>;
    assert.equal(node.name, 'ams-1');
    assert.match(await read('templates/Minimal landing/index.html'), /<html/i);
    assert.ok((await read('users.csv')).startsWith('id,label,note,owner,type,expiry,enabled,nodes'));
    const everything = (await Promise.all(['users.csv', '.panelops/state.json', 'settings.json', 'nodes/hel-3.node.json'].map(read))).join('\n');
    for (const key of panel.data.keys.values()) assert.ok(!everything.includes(key.secret), 'no user secret');
    for (const node of panel.data.nodes.values()) assert.ok(!everything.includes(node.registration_secret), 'no registration secret');
    // The Explorer offers Plan, Apply and Show Drift on the folder (`resourcePath in panelOps.pulledFolders`).
    assert.ok(api.pulledFolders.includes(root.fsPath), `the pulled folder is in the context key: ${api.pulledFolders.join(', ')}`);
  });

  it('keeps the Explorer\'s folder menus right when a pulled folder is copied in or deleted outside the commands', async () => {
    const copy = vscode.Uri.joinPath(workspace, 'panels', 'Copied folder');
    await vscode.workspace.fs.copy(vscode.Uri.joinPath(root, '.panelops'), vscode.Uri.joinPath(copy, '.panelops'));
    try {
      await eventually(() => api.pulledFolders.includes(copy.fsPath), 'the copied folder offered');
      // Deleted as the Explorer deletes (a workspace edit): one event for the folder, none for its state file.
      const deletion = new vscode.WorkspaceEdit();
      deletion.deleteFile(copy, { recursive: true });
      assert.ok(await vscode.workspace.applyEdit(deletion), 'the folder deleted');
      await eventually(() => !api.pulledFolders.includes(copy.fsPath), 'the deleted folder no longer offered');
      assert.ok(api.pulledFolders.includes(root.fsPath), 'the pulled folder still offered');
    } finally {
      // A failure here leaves no second pulled folder for the tests after it to meet.
      await vscode.workspace.fs.delete(copy, { recursive: true }).then(undefined, () => undefined);
    }
  });

  it('plans the edits of the folder, shows a problem at its line, and applies them', async () => {
    const fra = JSON.parse(await read('nodes/fra-2.node.json')) as Record<string, unknown>;
    await write('nodes/fra-2.node.json', withRegion(fra, 'Frankfurt am Main'));
    const ams = JSON.parse(await read('nodes/ams-1.node.json')) as Record<string, unknown>;
    const amsText = `${JSON.stringify({ ...ams, order: 'first' }, null, 2)}\n`;
    await write('nodes/ams-1.node.json', amsText);
    await runWithAnswers('panelOps.panelFolder.plan', ...panelAnswer());
    const plan = lastDocument('Plan — ');
    assert.ok(plan, 'a plan document');
    assert.match(plan.getText(), new RegExp(`update node "fra-2"\\n {4}${literal(memberPath(fra, REGION))}: "Frankfurt" → "Frankfurt am Main"`));
    const problems = vscode.languages.getDiagnostics(vscode.Uri.joinPath(root, 'nodes', 'ams-1.node.json'));
    const orderLine = amsText.split('\n').findIndex((line) => line.includes('"order"')) + 1;
    assert.deepEqual(problems.map((problem) => [problem.range.start.line + 1, problem.message]), [[orderLine, '"order" must be a whole number from 1.']]);
    assert.equal(panel.requests.filter((request) => request.method !== 'GET' && !request.path.endsWith('/validate')).length, 0, 'a plan sends nothing');

    await write('nodes/ams-1.node.json', `${JSON.stringify(ams, null, 2)}\n`);
    await runWithAnswers('panelOps.panelFolder.apply', ...panelAnswer(), 'Apply');
    const fraId = [...panel.data.nodes.values()].find((node) => node.name === 'fra-2')?.id ?? '';
    await eventually(() => panel.data.nodes.get(fraId)?.region === 'Frankfurt am Main', 'the region applied');
    const report = lastDocument('Panel apply report');
    assert.match(report?.getText() ?? '', /update node "fra-2": applied/);
    await runWithAnswers('panelOps.panelFolder.plan', ...panelAnswer());
    assert.match(lastDocument('Plan — ')?.getText() ?? '', /0 changes \(create 0, update 0, delete 0\) · 0 conflicts · 0 problems/);
  });

  it('says what Apply will do before it does it: counts per kind, the changed members, files left out for Problems', async () => {
    const fra = JSON.parse(await read('nodes/fra-2.node.json')) as Record<string, unknown>;
    await write('nodes/fra-2.node.json', withRegion(fra, 'Frankfurt (summary)'));
    const nyc = await read('nodes/nyc-5.node.json');
    await write('nodes/nyc-5.node.json', `${JSON.stringify({ ...(JSON.parse(nyc) as Record<string, unknown>), order: 0 }, null, 2)}\n`);
    try {
      panel.resetRequests();
      // Cancelled at the question: nothing sent, and the question told the plan.
      await runWithAnswers('panelOps.panelFolder.apply', ...panelAnswer(), { cancel: true });
      const asked = api.input.questions.find((question) => question.kind === 'confirm');
      assert.ok(asked, 'Apply asked before sending');
      assert.match(asked.detail ?? '', /node: create 0, update 1, delete 0/);
      assert.match(asked.detail ?? '', new RegExp(`update node "fra-2": ${literal(memberPath(fra, REGION))}`));
      assert.match(asked.detail ?? '', /1 file left out for Problems: nodes\/nyc-5\.node\.json/);
      assert.deepEqual(panel.requests.filter((request) => request.method !== 'GET' && !request.path.endsWith('/validate')), [], 'nothing sent when not confirmed');
      await runWithAnswers('panelOps.panelFolder.plan', ...panelAnswer());
      assert.match(lastDocument('Plan — ')?.getText() ?? '', /^# Plan of panels\/Folder panel for Folder panel — 1 file left out for Problems\n/);
      assert.ok(vscode.window.tabGroups.all.flatMap((group) => group.tabs).some((tab) => tab.label === 'Plan — Folder panel'), 'the plan\'s tab');
    } finally {
      await write('nodes/fra-2.node.json', `${JSON.stringify(fra, null, 2)}\n`);
      await write('nodes/nyc-5.node.json', nyc);
    }
  });

  it('names a conflict kept at Apply in its notice and report: what the panel holds, what the folder wanted', async () => {
    const fra = JSON.parse(await read('nodes/fra-2.node.json')) as Record<string, unknown>;
    const hel = await read('nodes/hel-3.node.json');
    await write('nodes/fra-2.node.json', withRegion(fra, 'Frankfurt (folder)'));
    await write('nodes/hel-3.node.json', withRegion(JSON.parse(hel) as Record<string, unknown>, 'Helsinki (folder)'));
    const region = literal(memberPath(fra, REGION));
    const node = [...panel.data.nodes.values()].find((entry) => entry.name === 'fra-2');
    assert.ok(node);
    const before = node.region;
    try {
      await runWithAnswers('panelOps.panelFolder.plan', ...panelAnswer());
      // Changed on the panel between Plan and Apply.
      node.region = 'Frankfurt (web UI)';
      await runWithAnswers('panelOps.panelFolder.apply', ...panelAnswer(), 'Apply');
      assert.equal(node.region, 'Frankfurt (web UI)', 'kept as the panel holds it');
      assert.equal([...panel.data.nodes.values()].find((entry) => entry.name === 'hel-3')?.region, 'Helsinki (folder)', 'the rest applied');
      const notice = api.input.notices.at(-1);
      assert.equal(notice?.severity, 'warning');
      assert.match(notice?.message ?? '', /1 skipped as conflicts/);
      assert.match(notice?.message ?? '', new RegExp(`node "fra-2" \\(${region}: the panel holds "Frankfurt \\(web UI\\)", the folder wants "Frankfurt \\(folder\\)"\\)`));
      const report = lastDocument('Panel apply report')?.getText() ?? '';
      assert.match(report, /· 1 skipped as conflicts ·/);
      assert.match(report, new RegExp(`- node "fra-2": changed on the panel\\n {4}${region}: the panel holds "Frankfurt \\(web UI\\)", the folder wants "Frankfurt \\(folder\\)"`));
    } finally {
      // hel-3 back as it was (applied again), fra-2 back on the panel: the folder equals the panel again.
      await write('nodes/hel-3.node.json', hel);
      await runWithAnswers('panelOps.panelFolder.apply', ...panelAnswer(), 'Apply');
      node.region = before;
      await write('nodes/fra-2.node.json', `${JSON.stringify(fra, null, 2)}\n`);
    }
  });

  it('shows what changed on the panel since the pull', async () => {
    const hel = [...panel.data.nodes.values()].find((node) => node.name === 'hel-3');
    assert.ok(hel);
    hel.region = 'Espoo';
    const pulled = JSON.parse(await read('nodes/hel-3.node.json')) as Record<string, unknown>;
    await runWithAnswers('panelOps.panelFolder.showDrift');
    assert.match(lastDocument('Panel drift')?.getText() ?? '', new RegExp(`node "hel-3": changed\\n {4}${literal(memberPath(pulled, REGION))}: "Helsinki" → "Espoo"`));
  });

  it('restores a snapshot: what changed since is undone', async () => {
    await runWithAnswers('panelOps.panelFolder.snapshot', ...panelAnswer());
    const waw = [...panel.data.nodes.values()].find((node) => node.name === 'waw-4');
    assert.ok(waw);
    waw.region = 'Somewhere else';
    const snapshots = await vscode.workspace.fs.readDirectory(vscode.Uri.joinPath(workspace, 'snapshots'));
    assert.equal(snapshots.length, 1);
    const label = vscode.workspace.asRelativePath(vscode.Uri.joinPath(workspace, 'snapshots', snapshots[0][0]));
    await runWithAnswers('panelOps.panelFolder.restore', label, ...panelAnswer(), 'Apply');
    await eventually(() => waw.region === 'Warsaw', 'the snapshot restored');
  });

  it('refuses Apply on a read-only panel: nothing asked, nothing sent; a protected one asks for its name', async () => {
    const fra = JSON.parse(await read('nodes/fra-2.node.json')) as Record<string, unknown>;
    await write('nodes/fra-2.node.json', withRegion(fra, 'Read-only edit'));
    await runWithAnswers('panelOps.setProtection', PROTECTION_LABELS.readOnly);
    try {
      panel.resetRequests();
      await runWithAnswers('panelOps.panelFolder.apply', ...panelAnswer());
      assert.deepEqual(panel.requests.filter((request) => request.method !== 'GET'), [], 'nothing sent');
      assert.match(api.input.notices.at(-1)?.message ?? '', /read-only/);
      assert.deepEqual(api.input.questions.filter((question) => question.kind === 'confirm'), [], 'nothing asked');
      assert.match(lastDocument('Plan — ')?.getText() ?? '', new RegExp(`update node "fra-2"\\n {4}${literal(memberPath(fra, REGION))}: "[^"]*" → "Read-only edit"`), 'what Apply would have done, shown');
      await runWithAnswers('panelOps.setProtection', PROTECTION_LABELS.protected);
      await runWithAnswers('panelOps.panelFolder.apply', ...panelAnswer(), 'Apply…', 'Folder panel');
      // What Apply will do is in the protected panel's one confirmation, before its name is typed.
      const asked = api.input.questions.filter((question) => question.kind === 'confirm');
      assert.equal(asked.length, 1, 'one confirmation, then the name');
      assert.match(asked[0].detail ?? '', new RegExp(`node: create 0, update 1, delete 0\\n• update node "fra-2": ${literal(memberPath(fra, REGION))}`));
      const fraId = [...panel.data.nodes.values()].find((node) => node.name === 'fra-2')?.id ?? '';
      await eventually(() => panel.data.nodes.get(fraId)?.region === 'Read-only edit', 'applied once the name was typed');
    } finally {
      await runWithAnswers('panelOps.setProtection', PROTECTION_LABELS.open);
    }
  });

  it('plans again when a file of a planned folder is saved: Problems follow the file', async () => {
    const uri = vscode.Uri.joinPath(root, 'nodes', 'nyc-5.node.json');
    const document = await vscode.workspace.openTextDocument(uri);
    const text = document.getText();
    const at = text.indexOf('"order": 5');
    assert.ok(at > 0, text);
    const edit = new vscode.WorkspaceEdit();
    edit.replace(uri, new vscode.Range(document.positionAt(at), document.positionAt(at + '"order": 5'.length)), '"order": 0');
    await vscode.workspace.applyEdit(edit);
    await document.save();
    await eventually(() => vscode.languages.getDiagnostics(uri).some((problem) => problem.message === '"order" must be a whole number from 1.'), 'the problem shown after the save');
    const back = new vscode.WorkspaceEdit();
    back.replace(uri, new vscode.Range(0, 0, document.lineCount, 0), text);
    await vscode.workspace.applyEdit(back);
    await document.save();
    await eventually(() => vscode.languages.getDiagnostics(uri).length === 0, 'the problem gone after the next save');
  });
});
