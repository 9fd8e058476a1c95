// The panel as a folder (issue 29) between two simulated panels and under faults, through the commands as an
// operator runs them: the demo panel (with its hostile values) pulled with nothing secret in any file
// written; its folder promoted to a second panel (the plan lists every difference, apply makes exactly
// those, nothing of the target outside the folder is touched); a resource changed on the panel between the
// plan and the apply is skipped and reported while the panel keeps that change; answers dropped during
// Apply are reconciled without a duplicate; the Explorer's context menu offers Plan, Apply and Show Drift on a
// pulled folder only (through the UI driver's real menu). The engine under every reading: test/unit/panelFolder/.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { startPanel, type SimulatedPanel } from '../panel';
import { SECRET_MEMBERS, secretsOf } from '../support/panelSecrets';
import { connect, connectedPanelForActions, runOnWithAnswers, runWithAnswers, signOut, type TestApi } from './support';
import { cleanUp, folderFiles, lastDocument as lastDocumentOf, literal, memberPath, NOTE, REGION, setScalar, suiteFolder } from './panelFolderSupport';

const decoder = new TextDecoder();

describe('Panel as a folder: promotion to a second panel, conflicts, lost answers, nothing secret', () => {
  const connected = connectedPanelForActions({ connect: { name: 'Staging panel' } });
  let api: TestApi;
  let staging: SimulatedPanel;
  let production: SimulatedPanel | undefined;
  let root: vscode.Uri;

  before(async () => {
    ({ api, panel: staging } = connected);
    ({ root } = suiteFolder('Staging panel'));
    production = await startPanel();
    // The same data set started a moment later: its users' dates made the same as staging's.
    for (const key of production.data.keys.values()) key.expires_at = staging.data.keys.get(key.id)?.expires_at ?? key.expires_at;
    await connect(production, production.tokens.owner, { name: 'Production panel' });
  });
  after(async () => {
    await cleanUp(root);
    if (production) {
      await signOut(production);
      await production.close();
    }
  });

  const target = (): SimulatedPanel => {
    assert.ok(production, 'the second panel started');
    return production;
  };
  const { read, write } = folderFiles(() => root);
  const editJson = async (path: string, edit: (doc: Record<string, unknown>) => void) => {
    const doc = JSON.parse(await read(path)) as Record<string, unknown>;
    edit(doc);
    await write(path, `${JSON.stringify(doc, null, 2)}\n`);
  };
  const lastDocument = (title: string) => lastDocumentOf(title)?.getText() ?? '';
  const nodeNamed = (panel: SimulatedPanel, name: string) => {
    const node = [...panel.data.nodes.values()].find((entry) => entry.name === name);
    assert.ok(node, `node ${name}`);
    return node;
  };
  const profileNamed = (panel: SimulatedPanel, name: string) => [...panel.data.brandingProfiles.values()].filter((profile) => profile.name === name);
  const mutations = (panel: SimulatedPanel) => panel.requests.filter((request) => request.method !== 'GET' && !request.path.endsWith('/validate'));
  /** Every file under a folder, by relative path. */
  async function filesUnder(folder: vscode.Uri, prefix = ''): Promise<Map<string, string>> {
    const files = new Map<string, string>();
    for (const [name, type] of await vscode.workspace.fs.readDirectory(folder)) {
      const uri = vscode.Uri.joinPath(folder, name);
      if (type === vscode.FileType.Directory) for (const [path, text] of await filesUnder(uri, `${prefix}${name}/`)) files.set(path, text);
      else files.set(`${prefix}${name}`, decoder.decode(await vscode.workspace.fs.readFile(uri)));
    }
    return files;
  }
  const pullStaging = (...more: string[]) => runWithAnswers('panelOps.panelFolder.pull', 'Staging panel', vscode.workspace.asRelativePath(root), ...more);

  it('pulls the demo panel with its hostile values: no token, secret, link or subscription address in any file written', async () => {
    await pullStaging();
    const files = await filesUnder(root);
    assert.ok(files.has('users.csv') && files.has('nodes/hel-3.node.json') && files.has('.panelops/state.json'), [...files.keys()].join(', '));
    assert.ok(files.size > 10, `${files.size} files written`);
    const secrets = [...secretsOf(staging), ...secretsOf(target())];
    assert.ok(secrets.length > 40, `${secrets.length} secrets to look for`);
    for (const [path, text] of files) {
      for (const secret of secrets) assert.ok(!text.includes(secret), `${path} holds a secret or a link`);
      assert.doesNotMatch(text, SECRET_MEMBERS, path);
    }
    assert.ok(![...files.keys()].some((path) => path.split('/').some((part) => part === '..' || part === '')), 'every path stays inside the folder');
  });

  it('promotes the folder to a second panel: the plan lists every difference, apply makes exactly those, nothing outside the folder touched', async () => {
    const prod = target();
    // Production differs from staging: a node's region, a setting, a profile's colour, and a profile staging does not have.
    nodeNamed(prod, 'waw-4').region = 'Warszawa';
    prod.data.settings.timezone = 'Europe/Warsaw';
    const [night] = profileNamed(prod, 'Night ops');
    assert.ok(night, 'the demo has a "Night ops" profile');
    const stagingAccent = profileNamed(staging, 'Night ops')[0]?.accent_color;
    night.accent_color = stagingAccent === '#000000' ? '#111111' : '#000000';
    const prodAccent = night.accent_color;
    const prodOnly = { ...structuredClone(night), id: randomUUID(), name: 'Production only', active: false };
    prod.data.brandingProfiles.set(prodOnly.id, prodOnly);
    staging.resetRequests();
    prod.resetRequests();

    await runOnWithAnswers('panelOps.panelFolder.plan', [root], 'Production panel');
    const plan = lastDocument('Plan — ');
    assert.match(plan, /Promotion from another panel: resources are matched by name\./);
    assert.match(plan, /# 4 changes \(create 0, update 3, delete 1\) · 0 conflicts · 0 problems/);
    const region = literal(memberPath(JSON.parse(await read('nodes/waw-4.node.json')) as Record<string, unknown>, REGION));
    assert.match(plan, new RegExp(`- update node "waw-4"\\n {4}${region}: "Warszawa" → "Warsaw"\\n`));
    assert.ok(plan.includes(`- update branding profile "Night ops"\n    accent_color: "${prodAccent}" → "${stagingAccent}"\n`), plan);
    assert.match(plan, /- update settings "[^"]*"\n {4}timezone: "Europe\/Warsaw" → "UTC"\n/);
    assert.match(plan, /- delete branding profile "Production only" \(only when you confirm deletions\)/);
    assert.deepEqual(mutations(prod), [], 'a plan sends nothing');

    await runOnWithAnswers('panelOps.panelFolder.apply', [root], 'Production panel', 'Keep Them', 'Apply');
    const report = lastDocument('Panel apply report');
    assert.match(report, /- update node "waw-4": applied/);
    assert.match(report, /- update branding profile "Night ops": applied/);
    assert.match(report, /- update settings "[^"]*": applied/);
    assert.doesNotMatch(report, /Production only/, 'the deletion was not confirmed');
    assert.equal(nodeNamed(prod, 'waw-4').region, 'Warsaw');
    assert.equal(prod.data.settings.timezone, 'UTC');
    assert.equal(night.accent_color, stagingAccent);
    assert.equal(profileNamed(prod, 'Production only').length, 1, 'the profile outside the folder is kept');
    assert.equal(prod.data.brandingProfiles.get(prodOnly.id)?.accent_color, prodAccent, 'and not changed');
    const touched = mutations(prod).map((request) => `${request.method} ${request.path.replace(/^\/api\/v1/, '')}`);
    assert.ok(touched.length > 0 && touched.every((line) => line.includes(nodeNamed(prod, 'waw-4').id) || line.includes(night.id) || /\/settings$/.test(line)),
      `only the planned resources were written: ${touched.join(', ')}`);
    assert.deepEqual(mutations(staging), [], 'the source panel is not written');

    await runOnWithAnswers('panelOps.panelFolder.plan', [root], 'Production panel');
    assert.match(lastDocument('Plan — '), /# 1 changes \(create 0, update 0, delete 1\) · 0 conflicts · 0 problems/, 'promoted: only the unconfirmed deletion is left');
  });

  it('skips and reports a node changed on the panel between the plan and the apply; the panel keeps that change, the rest is applied', async () => {
    let note = 'note';
    await editJson('nodes/fra-2.node.json', (doc) => {
      note = memberPath(doc, NOTE);
      setScalar(doc, REGION, 'Frankfurt am Main');
    });
    await editJson('nodes/hel-3.node.json', (doc) => setScalar(doc, REGION, 'Helsinki-Vantaa'));
    const fra = nodeNamed(staging, 'fra-2');
    // Someone changes fra-2 in the web UI while Apply asks for confirmation (after its plan, before anything is sent).
    const subscription = api.input.onDidAsk((question) => {
      if (question.kind === 'confirm') fra.note = 'Changed in the web UI';
    });
    try {
      await runOnWithAnswers('panelOps.panelFolder.apply', [root], 'Staging panel', 'Apply');
    } finally {
      subscription.dispose();
    }
    assert.equal(fra.note, 'Changed in the web UI', 'the confirmation was asked');
    const report = lastDocument('Panel apply report');
    assert.match(report, /# 1 applied · 1 skipped as conflicts · 0 refused · 0 reconciled/);
    assert.match(report, new RegExp(`- update node "fra-2": skipped: changed on the panel — [^\\n]*${literal(note)}: the panel holds "Changed in the web UI"`));
    assert.match(report, /- update node "hel-3": applied/);
    assert.equal(fra.region, 'Frankfurt', 'not overwritten');
    assert.equal(fra.note, 'Changed in the web UI', 'the panel keeps its change');
    assert.equal(nodeNamed(staging, 'hel-3').region, 'Helsinki-Vantaa');
    assert.ok(api.input.notices.some((notice) => notice.severity === 'warning' && /1 skipped as conflicts/.test(notice.message)), 'told as a warning');

    // Planned again: still a conflict, listed and never planned.
    await runOnWithAnswers('panelOps.panelFolder.plan', [root], 'Staging panel');
    const plan = lastDocument('Plan — ');
    assert.match(plan, /# 0 changes \(create 0, update 0, delete 0\) · 1 conflicts · 0 problems/);
    assert.match(plan, /- node "fra-2": changed on the panel/);
  });

  it('reconciles answers dropped during Apply: nothing made twice, nothing sent again, the next plan empty', async () => {
    await pullStaging('Overwrite'); // takes the panel's fra-2 (the conflict above)
    await write('branding/Ops.branding.json', `${JSON.stringify({ name: 'Ops', footer_text: 'Operated by the night shift' }, null, 2)}\n`);
    await editJson('nodes/waw-4.node.json', (doc) => setScalar(doc, REGION, 'Warsaw-Wola'));
    const waw = nodeNamed(staging, 'waw-4');
    staging.resetRequests();
    staging.inject({ kind: 'drop-after-apply', committedOnly: true, match: { method: 'POST', path: '/branding/profiles' } });
    staging.inject({ kind: 'drop-after-apply', committedOnly: true, match: { method: 'PATCH', path: `/nodes/${waw.id}` } });
    await runOnWithAnswers('panelOps.panelFolder.apply', [root], 'Staging panel', 'Apply');
    const report = lastDocument('Panel apply report');
    assert.match(report, /- create branding profile "Ops": reconciled after a lost answer/);
    assert.match(report, /- update node "waw-4": reconciled after a lost answer/);
    assert.equal(profileNamed(staging, 'Ops').length, 1, 'one profile, not two');
    assert.equal(profileNamed(staging, 'Ops')[0].footer_text, 'Operated by the night shift');
    assert.equal(waw.region, 'Warsaw-Wola');
    const sent = (method: string, path: string) => staging.requests.filter((request) => request.method === method && request.path === `/api/v1${path}`).length;
    assert.equal(sent('POST', '/branding/profiles'), 1, 'the create was sent once');
    assert.equal(sent('PATCH', `/nodes/${waw.id}`), 1, 'the update was sent once');

    await runOnWithAnswers('panelOps.panelFolder.plan', [root], 'Staging panel');
    assert.match(lastDocument('Plan — '), /# 0 changes \(create 0, update 0, delete 0\) · 0 conflicts · 0 problems/);
  });

  it('offers Plan, Apply and Show Drift in the Explorer\'s context menu of a pulled folder, not of other folders', async function () {
    this.timeout(120_000);
    const driver = process.env.PANEL_OPS_UI_DRIVER;
    if (!driver) this.skip();
    const menu = async (row: string) => {
      const answer = await fetch(`${driver}/menu`, { method: 'POST', body: JSON.stringify({ view: vscode.workspace.workspaceFolders?.[0]?.name ?? '', row }) });
      const text = await answer.text();
      assert.equal(answer.status, 200, text);
      return (JSON.parse(text) as { items: string[] }).items;
    };
    const explorer = vscode.workspace.getConfiguration('explorer');
    const compact = explorer.inspect<boolean>('compactFolders')?.globalValue;
    await explorer.update('compactFolders', false, vscode.ConfigurationTarget.Global); // "panels" and its folder on rows of their own
    try {
      await vscode.commands.executeCommand('revealInExplorer', vscode.Uri.joinPath(root, 'nodes'));
      const pulled = await menu('Staging panel');
      for (const title of ['Plan Panel Changes', 'Apply Panel Folder', 'Show Panel Drift']) assert.ok(pulled.includes(title), `${title} offered: ${pulled.join(', ')}`);
      const other = await menu('nodes');
      assert.ok(other.length > 0 && !other.some((title) => /Panel Changes|Panel Folder|Panel Drift/.test(title)), `not on a folder without a state file: ${other.join(', ')}`);
    } finally {
      await explorer.update('compactFolders', compact, vscode.ConfigurationTarget.Global);
    }
  });
});
