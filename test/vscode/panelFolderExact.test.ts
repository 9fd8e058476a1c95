// The panel as a folder (issue 29), the done-when of its plan through the commands, as an operator: the demo
// panel (its hostile values included) pulled and planned gives no change; edits to one template (its
// index.html and a variable), two nodes' documents, one branding field, one setting and ten users (rows of
// users.csv) give exactly that plan, nothing else; Apply leaves the panel equal to the folder and the next plan
// empty; a snapshot restored undoes a set of changes made through the API to resources of every kind.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { readTable, tableText } from '../../src/usersTable/tableText';
import { connectedPanelForActions, runWithAnswers, type TestApi } from './support';
import type { SimulatedPanel } from '../panel';
import { HOSTILE } from '../panel/datasets/demo';
import { inShapeOf, memberNamed } from '../../src/api/silentValues';
import {
  cleanUp, DESCRIPTION, folderFiles, HOSTNAME, lastDocument as lastDocumentOf, leafPaths, memberPath, REGION, setScalar, suiteFolder, TIMEZONE,
  VARIABLES, withVariable,
} from './panelFolderSupport';


const NEW_HTML = '<!doctype html>\n<html lang="en">\n<head>\n  <meta charset="utf-8">\n  <title>{{headline}}</title>\n</head>\n<body>\n  <div class="hero"><p>{{headline}}</p></div>\n</body>\n</html>\n';

describe('Panel as a folder: exactly the plan of the edits, applied, and a snapshot restored', () => {
  const connected = connectedPanelForActions({ connect: { name: 'Exact panel' } });
  let api: TestApi;
  let panel: SimulatedPanel;
  let workspace: vscode.Uri;
  let root: vscode.Uri;

  before(() => {
    ({ api, panel } = connected);
    ({ workspace, root } = suiteFolder('Exact panel'));
  });
  after(() => cleanUp(root, vscode.Uri.joinPath(workspace, 'snapshots')));

  const panelAnswer = (): string[] => (api.session.connectedPanels().length > 1 ? ['Exact panel'] : []);
  const { uriOf, read, write } = folderFiles(() => root);
  const lastDocument = (title: string) => lastDocumentOf(title)?.getText() ?? '';
  /** Edits a JSON file as an operator does in the editor: a WorkspaceEdit, then Save. */
  const editJson = async (path: string, edit: (doc: Record<string, unknown>) => void) => {
    const document = await vscode.workspace.openTextDocument(uriOf(path));
    const doc = JSON.parse(document.getText()) as Record<string, unknown>;
    edit(doc);
    const change = new vscode.WorkspaceEdit();
    change.replace(document.uri, new vscode.Range(0, 0, document.lineCount, 0), `${JSON.stringify(doc, null, 2)}\n`);
    assert.ok(await vscode.workspace.applyEdit(change), path);
    assert.ok(await document.save(), `${path} saved`);
  };
  const nodeNamed = (name: string) => {
    const node = [...panel.data.nodes.values()].find((entry) => entry.name === name);
    assert.ok(node, `node ${name}`);
    return node;
  };
  const templateNamed = (name: string) => {
    const template = [...panel.data.siteTemplates.values()].find((entry) => entry.name === name);
    assert.ok(template, `template ${name}`);
    return template;
  };
  const profileNamed = (name: string) => {
    const profile = [...panel.data.brandingProfiles.values()].find((entry) => entry.name === name);
    assert.ok(profile, `profile ${name}`);
    return profile;
  };
  /** The plan's changes as the document lists them: each resource's head line and its fields' names. */
  const listedChanges = (plan: string): string[] => {
    const section = /## Changes\n([\s\S]*?)\n\n/.exec(plan)?.[1] ?? '';
    const listed: string[] = [];
    for (const line of section.split('\n')) {
      if (line.startsWith('- ')) listed.push(line.slice(2));
      else if (line.startsWith('    ')) listed[listed.length - 1] += ` | ${line.trim().split(':')[0]}`;
    }
    return listed;
  };
  /** The users the plan lists: each head line and its fields' names. */
  const listedUsers = (plan: string): string[] => {
    const section = /## Users\n([\s\S]*?)\n\n/.exec(plan)?.[1] ?? '';
    const listed: string[] = [];
    for (const line of section.split('\n').slice(1)) {
      if (line.startsWith('- ')) listed.push(line.slice(2));
      else if (line.startsWith('    ')) listed[listed.length - 1] += ` | ${line.trim().split(':')[0]}`;
    }
    return listed;
  };
  const planAgain = async () => {
    await runWithAnswers('panelOps.panelFolder.plan', ...panelAnswer());
    return lastDocument('Plan — ');
  };
  const EMPTY = /# 0 changes \(create 0, update 0, delete 0\) · 0 conflicts · 0 problems\n/;
  const NO_USERS = /- create 0 · update 0 · disable 0 · enable 0 · delete 0 · node bindings 0 \(\+0 −0\)\n/;

  it('pulls the demo panel (hostile values and all) and plans no change', async () => {
    await runWithAnswers('panelOps.panelFolder.pull', ...panelAnswer(), vscode.workspace.asRelativePath(root));
    const labels = readTable('csv', await read('users.csv')).map((row) => row.label);
    for (const hostile of [HOSTILE.html, HOSTILE.commandLink, HOSTILE.rtl, HOSTILE.long]) assert.ok(labels.includes(hostile), `the hostile label ${JSON.stringify(hostile.slice(0, 40))} pulled as it is`);
    const plan = await planAgain();
    assert.match(plan, EMPTY, plan);
    assert.match(plan, NO_USERS, plan);
    assert.equal(listedChanges(plan).length, 0);
    assert.ok(api.input.notices.some((notice) => /hold the same: nothing to apply/.test(notice.message)), 'told nothing is to apply');
  });

  it('plans exactly the edits of one template, two nodes, one branding field, one setting and ten users; Apply makes them; the next plan is empty', async () => {
    // The template "Broken draft": its index.html and one variable more (in the shape the panel gave them).
    const draftDir = 'templates/Broken draft';
    await write(`${draftDir}/index.html`, NEW_HTML);
    // variables.json is written when the panel gives the template variables; none: the folder adds the first.
    const variables = JSON.parse(await read(`${draftDir}/variables.json`).catch(() => '[]')) as unknown;
    // A variable as this panel writes one (another template's first variable as the model: the draft has
    // none), its name, default and description set in that shape and under those names.
    const model = (JSON.parse(await read('templates/Minimal landing/variables.json').catch(() => '[]')) as unknown[])[0] as Record<string, unknown> | undefined;
    const variable = model === undefined ? { name: 'headline', default: 'Opening soon', description: 'The one line' } : Object.fromEntries(Object.entries(model).map(([name, value]) => [name,
      name === 'name' ? 'headline' : /desc|summary/i.test(name) ? inShapeOf(value, 'The one line') : /default|value/i.test(name) ? inShapeOf(value, 'Opening soon') : value]));
    const withHeadline = Array.isArray(variables) ? [...variables, variable]
      : { ...(variables as Record<string, unknown>), headline: 'Opening soon' };
    await write(`${draftDir}/variables.json`, `${JSON.stringify(withHeadline, null, 2)}\n`);
    // Two nodes: fra-2's region; ams-1's site variable (each in the shape and under the name the pull wrote).
    let region = 'region';
    await editJson('nodes/fra-2.node.json', (doc) => {
      region = memberPath(doc, REGION);
      setScalar(doc, REGION, 'Frankfurt am Main');
    });
    let siteVariable: string[] = [];
    await editJson('nodes/ams-1.node.json', (doc) => {
      const site = doc.site as Record<string, unknown>;
      const before = structuredClone(site);
      const member = memberNamed(site, VARIABLES);
      site[member?.name ?? 'variables'] = withVariable(member?.value, 'site_name', 'Amsterdam Bakery & Cafe');
      siteVariable = leafPaths(before, site, 'site');
    });
    assert.equal(siteVariable.length, 1, `one member of ams-1's site edited: ${siteVariable.join(', ')}`);
    // One branding field, one setting.
    await editJson('branding/Night ops.branding.json', (doc) => (doc.footer_text = 'Run by the night shift'));
    let timezone = 'timezone';
    await editJson('settings.json', (doc) => {
      timezone = memberPath(doc, TIMEZONE);
      setScalar(doc, TIMEZONE, 'Europe/Berlin');
    });
    // Ten users: the notes of ten active users' rows.
    const rows = readTable('csv', await read('users.csv'));
    const now = Date.now();
    // The users with hostile labels first, so that their rows are among the ten edited.
    const hostile = (row: { label: string }) => (Object.values(HOSTILE) as string[]).includes(row.label);
    const chosen = [...rows.filter(hostile), ...rows.filter((row) => !hostile(row))].filter((row) => {
      const key = panel.data.keys.get(row.id);
      return key?.status === 'active' && key.disabled_at === null && (key.expires_at === null || Date.parse(key.expires_at) > now + 86_400_000);
    }).slice(0, 10);
    assert.equal(chosen.length, 10, 'ten active users in the demo');
    assert.ok(chosen.some(hostile), 'a user with a hostile label among them');
    const notes = new Map(chosen.map((row, index) => [row.id, `Audited ${index + 1}`]));
    await write('users.csv', tableText('csv', rows.map((row) => (notes.has(row.id) ? { ...row, note: notes.get(row.id) ?? '' } : row))));
    panel.resetRequests();

    const plan = await planAgain();
    assert.match(plan, /# 5 changes \(create 0, update 5, delete 0\) · 0 conflicts · 0 problems\n/, plan);
    assert.deepEqual(listedChanges(plan), [
      `update site template "Broken draft" | html | ${leafPaths(variables, withHeadline, 'variables').join(' | ')}`,
      `update node "ams-1" | ${siteVariable[0]}`,
      `update node "fra-2" | ${region}`,
      'update branding profile "Night ops" | footer_text',
      `update settings "settings" | ${timezone}`,
    ], plan);
    assert.match(plan, /- create 0 · update 10 \(note 10\) · disable 0 · enable 0 · delete 0 · node bindings 0 \(\+0 −0\)\n/, plan);
    const users = listedUsers(plan);
    assert.equal(users.length, 10, plan);
    for (const line of users) assert.match(line, /^update user ".*" \| note$/, plan);
    for (const row of chosen) assert.ok(plan.includes(` → "${notes.get(row.id)}"\n`), `the note of ${row.id} in the plan`);
    assert.doesNotMatch(plan, /## Changed on the panel|## Problems/, plan);
    assert.deepEqual(panel.requests.filter((request) => request.method !== 'GET' && !request.path.endsWith('/validate')), [], 'a plan sends nothing');

    await runWithAnswers('panelOps.panelFolder.apply', ...panelAnswer(), 'Apply');
    const report = lastDocument('Panel apply report');
    assert.match(report, /# 5 applied · 0 skipped as conflicts · 0 refused · 0 reconciled · 0 not applied · 0 not sent\n/, report);
    const draft = templateNamed('Broken draft');
    assert.equal(draft.html, NEW_HTML);
    assert.deepEqual(draft.variables.map((variable) => [variable.name, variable.default]), [['headline', 'Opening soon']]);
    assert.equal(nodeNamed('fra-2').region, 'Frankfurt am Main');
    assert.equal((nodeNamed('ams-1').site?.variables as Record<string, unknown> | undefined)?.site_name, 'Amsterdam Bakery & Cafe');
    assert.equal(profileNamed('Night ops').footer_text, 'Run by the night shift');
    assert.equal(panel.data.settings.timezone, 'Europe/Berlin');
    for (const [id, note] of notes) assert.equal(panel.data.keys.get(id)?.note, note, `the note of ${id}`);

    const next = await planAgain();
    assert.match(next, EMPTY, next);
    assert.match(next, NO_USERS, next);
  });

  it('shows a hostname edited in a node\'s file as a Problem at its line, and plans nothing of that node', async () => {
    const path = 'nodes/nyc-5.node.json';
    const text = await read(path);
    const hostname = nodeNamed('nyc-5').hostname;
    let hostnameMember = 'hostname';
    await editJson(path, (doc) => {
      hostnameMember = memberNamed(doc, HOSTNAME)?.name ?? 'hostname';
      setScalar(doc, HOSTNAME, 'nyc-5-new.proxy.example.net');
      setScalar(doc, REGION, 'New Jersey');
    });
    try {
      const plan = await planAgain();
      assert.match(plan, /# 0 changes \(create 0, update 0, delete 0\) · 0 conflicts · 1 problems\n/, plan);
      const line = (await read(path)).split('\n').findIndex((entry) => entry.includes(`"${hostnameMember}"`));
      const problems = vscode.languages.getDiagnostics(uriOf(path));
      assert.deepEqual(problems.map((problem) => [problem.range.start.line, problem.message]), [[line,
        `The panel does not let a node's hostname change; the folder has "nyc-5-new.proxy.example.net", the panel "${hostname}": put the panel's hostname back (nothing of this node is sent until then), or create a node with the new hostname.`]]);
    } finally {
      await write(path, text);
    }
  });

  it('restores a snapshot: a set of changes made through the API to resources of every kind is undone', async () => {
    await runWithAnswers('panelOps.panelFolder.snapshot', ...panelAnswer());
    const snapshots = await vscode.workspace.fs.readDirectory(vscode.Uri.joinPath(workspace, 'snapshots'));
    assert.equal(snapshots.length, 1);
    const fra = nodeNamed('fra-2');
    const waw = nodeNamed('waw-4');
    const night = profileNamed('Night ops');
    const draft = templateNamed('Broken draft');
    const [userId] = [...panel.data.keys.values()].filter((key) => key.status === 'active' && key.note?.startsWith('Audited')).map((key) => key.id);
    assert.ok(userId);
    const before = {
      fra: fra.region, waw: waw.region, footer: night.footer_text, timezone: panel.data.settings.timezone,
      description: draft.description, note: panel.data.keys.get(userId)?.note,
    };
    // Someone changes several resources through the API after the snapshot.
    const send = async (method: string, path: string, body: unknown) => {
      const answer = await fetch(`${panel.url}/api/v1${path}`, {
        method, headers: { authorization: `Bearer ${panel.tokens.owner}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
      });
      assert.ok(answer.ok, `${method} ${path}: ${answer.status} ${await answer.text()}`);
    };
    // Where the contract is silent (a node's region, the timezone, a template's description), the body names
    // the member as the panel gives it and wraps the value as it does.
    const sendMember = async (method: string, path: string, names: readonly string[], value: string) => {
      const answer = await fetch(`${panel.url}/api/v1${path}`, { headers: { authorization: `Bearer ${panel.tokens.owner}` } });
      const record = await answer.json() as Record<string, unknown>;
      const member = memberNamed(record, names);
      await send(method, path, { [member?.name ?? names[0]]: member ? inShapeOf(member.value, value) : value });
    };
    await sendMember('PATCH', `/nodes/${fra.id}`, REGION, 'Moved');
    await sendMember('PATCH', `/nodes/${waw.id}`, REGION, 'Moved too');
    await send('PUT', `/branding/profiles/${night.id}`, { footer_text: 'Changed after the snapshot' });
    await sendMember('PUT', '/settings', TIMEZONE, 'Asia/Tokyo');
    await sendMember('PUT', `/site-templates/${draft.id}`, DESCRIPTION, 'Changed after the snapshot');
    await send('PATCH', `/keys/${userId}`, { note: 'Changed after the snapshot' });
    assert.equal(fra.region, 'Moved');
    assert.equal(panel.data.settings.timezone, 'Asia/Tokyo');

    const label = vscode.workspace.asRelativePath(vscode.Uri.joinPath(workspace, 'snapshots', snapshots[0][0]));
    await runWithAnswers('panelOps.panelFolder.restore', label, ...panelAnswer(), 'Apply');
    const plan = lastDocument('Plan — ');
    assert.match(plan, /Restore from a snapshot/);
    const snapshot = (path: string) => vscode.workspace.fs.readFile(vscode.Uri.joinPath(workspace, 'snapshots', snapshots[0][0], ...path.split('/')))
      .then((bytes) => JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>);
    assert.deepEqual(listedChanges(plan), [
      `update site template "Broken draft" | ${memberPath(await snapshot('templates/Broken draft/template.json'), DESCRIPTION)}`,
      `update node "fra-2" | ${memberPath(await snapshot('nodes/fra-2.node.json'), REGION)}`,
      `update node "waw-4" | ${memberPath(await snapshot('nodes/waw-4.node.json'), REGION)}`,
      'update branding profile "Night ops" | footer_text',
      `update settings "settings" | ${memberPath(await snapshot('settings.json'), TIMEZONE)}`,
    ], plan);
    assert.match(plan, /- create 0 · update 1 \(note 1\) · disable 0 · enable 0 · delete 0 · node bindings 0 \(\+0 −0\)\n/, plan);
    assert.match(lastDocument('Panel apply report'), /# 5 applied · 0 skipped as conflicts/);
    assert.deepEqual({
      fra: fra.region, waw: waw.region, footer: night.footer_text, timezone: panel.data.settings.timezone,
      description: draft.description, note: panel.data.keys.get(userId)?.note,
    }, before, 'every change since the snapshot undone');
  });
});
