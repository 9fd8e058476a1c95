// The panel as a folder (src/panelFolder/), against the simulated panel over real HTTP, demo data (with its
// hostile values) under every reading: pull then plan is empty; a set of edits plans exactly those changes,
// applies, and leaves the panel equal to the folder; a change on the panel between plan and apply is a
// conflict, skipped and reported; a lost answer is read back, never sent again; drift after a change made
// through the API; a snapshot restored; a folder promoted to a second panel; nothing secret written.
import * as assert from 'node:assert/strict';
import { createPanelApi } from '../../../src/api';
import {
  applyFolder, fileJson, isEmptyDrift, isEmptyFolderPlan, isPendingNode, panelDrift, planPanel, pullPanel, STATE_FILE, stateAfterApply, usersWithCreatedIds, type FolderFiles, type FolderPlan,
} from '../../../src/panelFolder';
import { BRANDING_ORDER, NODE_ORDER } from '../../../src/panelFolder/pullFiles';
import { readTable, tableText } from '../../../src/usersTable/tableText';
import type { TableRow } from '../../../src/usersTable/userRows';
import { parseJsonExact } from '../../../src/api/exactJson';
import { READINGS, type PanelOptions, type Reading, type SimulatedPanel } from '../../panel';
import { SECRET_MEMBERS, secretsOf } from '../../support/panelSecrets';
import { useDemoPanels } from '../support/demoPanels';

const VALID_HTML = '<!doctype html>\n<html>\n<head><title>Draft, fixed</title></head>\n<body>\n  <div class="hero"><p>Ready</p></div>\n</body>\n</html>\n';


function json(files: FolderFiles, path: string): Record<string, unknown> {
  const text = files.get(path);
  assert.ok(text !== undefined, `no ${path} in ${[...files.keys()].join(', ')}`);
  return parseJsonExact(text) as Record<string, unknown>;
}

function editJson(files: Map<string, string>, path: string, order: readonly string[], edit: (doc: Record<string, unknown>) => void): void {
  const doc = json(files, path);
  edit(doc);
  files.set(path, fileJson(doc as never, order));
}

function editUsers(files: Map<string, string>, edit: (rows: TableRow[]) => TableRow[]): void {
  files.set('users.csv', tableText('csv', edit(readTable('csv', files.get('users.csv') ?? ''))));
}

function withoutState(files: FolderFiles): Map<string, string> {
  return new Map([...files].filter(([path]) => path !== STATE_FILE));
}

/** A plan as plain facts: `kind action name: fields`, users by count of field. */
function planFacts(plan: FolderPlan): string[] {
  const facts = plan.changes.map((change) => `${change.kind} ${change.action} ${change.name}: ${change.fields.map((field) => field.field).join(',')}`);
  const users = plan.users?.plan;
  if (users) {
    if (users.creates.length) facts.push(`users create ${users.creates.length}`);
    if (users.deletes.length) facts.push(`users delete ${users.deletes.length}`);
    const fields = new Map<string, number>();
    for (const update of users.updates) for (const field of Object.keys(update.fields)) fields.set(field, (fields.get(field) ?? 0) + 1);
    for (const [field, count] of [...fields].sort()) facts.push(`users ${field} ${count}`);
  }
  return facts;
}

/** The ids of ten users whose note an edit may change (not revoked), in the folder's order. */
function tenEditableUsers(panel: SimulatedPanel, files: FolderFiles): string[] {
  return readTable('csv', files.get('users.csv') ?? '').filter((row) => panel.data.keys.get(row.id)?.status !== 'revoked').slice(0, 10).map((row) => row.id);
}

function nodeId(panel: SimulatedPanel, name: string): string {
  const node = [...panel.data.nodes.values()].find((entry) => entry.name === name);
  assert.ok(node, name);
  return node.id;
}

/** The folder's edits of the "exact plan" test: a template, two nodes, a branding field, a setting and ten users. */
function edited(panel: SimulatedPanel, pulled: FolderFiles): { files: Map<string, string>; users: string[] } {
  const files = new Map(pulled);
  files.set('templates/Broken draft/index.html', VALID_HTML);
  editJson(files, 'nodes/fra-2.node.json', NODE_ORDER, (doc) => (doc.region = 'Frankfurt am Main'));
  editJson(files, 'nodes/hel-3.node.json', NODE_ORDER, (doc) => ((doc.blocklist as { entries: string[] }).entries.push('198.51.100.0/24')));
  editJson(files, 'branding/Default.branding.json', BRANDING_ORDER, (doc) => (doc.footer_text = 'Operated by the night shift'));
  editJson(files, 'settings.json', [], (doc) => (doc.timezone = 'Europe/Berlin'));
  const users = tenEditableUsers(panel, pulled);
  editUsers(files, (rows) => rows.map((row) => (users.includes(row.id) ? { ...row, note: `checked ${row.label.length}` } : row)));
  return { files, users };
}

for (const reading of READINGS) {
  describe(`panel as a folder (${reading} reading)`, function () {
    this.timeout(60_000);
    const start = useDemoPanels();
    const panelOf = (options: PanelOptions = {}) => start({ readings: { reading: reading as Reading }, jobStepMs: 60_000, ...options });

    it('pulls the same bytes twice, and plans no change against the panel it came from', async () => {
      const { api } = await panelOf();
      const first = await pullPanel(api);
      const second = await pullPanel(api);
      assert.deepEqual([...second.files], [...first.files]);
      for (const path of ['settings.json', 'nodes/ams-1.node.json', 'templates/Minimal landing/index.html', 'templates/Minimal landing/template.json', 'branding/Default.branding.json', 'users.csv', STATE_FILE]) {
        assert.ok(first.files.has(path), path);
      }
      const ams = json(first.files, 'nodes/ams-1.node.json');
      assert.deepEqual(ams.site, { enabled: true, template: 'Minimal landing', upstream: null, variables: { site_name: 'Amsterdam Bakery' } });
      assert.equal(ams.order, 1);
      // Variables in the shape the panel gave them.
      const variables = parseJsonExact(first.files.get('templates/Minimal landing/variables.json') ?? '');
      assert.equal(Array.isArray(variables), reading !== 'third');
      const plan = await planPanel(api, first.files);
      assert.equal(plan.mode, 'folder');
      assert.deepEqual(planFacts(plan), []);
      assert.deepEqual([plan.conflicts, plan.problems, plan.panelOnly], [[], [], []]);
      assert.ok(isEmptyFolderPlan(plan));
    });

    it('plans exactly the edits to a template, two nodes, a branding field, a setting and ten users; applies them; the panel then equals the folder', async () => {
      const { panel, api } = await panelOf();
      const pulled = await pullPanel(api);
      const { files, users } = edited(panel, pulled.files);
      const plan = await planPanel(api, files);
      assert.deepEqual(plan.problems, []);
      assert.deepEqual(planFacts(plan), [
        'template update Broken draft: html',
        'node update fra-2: region',
        'node update hel-3: blocklist',
        'branding update Default: footer_text',
        'settings update settings: timezone',
        'users note 10',
      ]);
      const result = await applyFolder(api, plan);
      assert.deepEqual(result.outcomes.map((outcome) => `${outcome.name} ${outcome.outcome}`), ['Broken draft applied', 'fra-2 applied', 'hel-3 applied', 'Default applied', 'settings applied']);
      assert.deepEqual(result.users?.outcomes.map((outcome) => outcome.kind), Array(10).fill('applied'));
      assert.deepEqual(result.changedNodes.map((node) => node.name), ['hel-3'], 'the node whose configuration changed');
      assert.equal(panel.data.nodes.get(nodeId(panel, 'fra-2'))?.region, 'Frankfurt am Main');
      assert.equal(panel.data.keys.get(users[0])?.note?.startsWith('checked '), true);
      const again = await pullPanel(api);
      assert.deepEqual([...withoutState(again.files)], [...withoutState(files)], 'a pull after the apply writes the folder as edited');
      assert.deepEqual(planFacts(await planPanel(api, files)), [], 'the next plan is empty');
      assert.deepEqual(planFacts(await planPanel(api, again.files)), []);
      // The state file after the apply: what was applied counts as pulled, so there is no drift.
      assert.equal((await panelDrift(api, files)).changes.length, 5, 'before: the applied resources look changed on the panel');
      files.set(STATE_FILE, (await stateAfterApply(api, files)).state);
      assert.equal(files.get(STATE_FILE), again.files.get(STATE_FILE), 'the same state as a new pull');
      assert.ok(isEmptyDrift(await panelDrift(api, files)));
    });

    it('refuses before anything is sent: a schema violation, an unknown template, template HTML the panel refuses', async () => {
      const { panel, api } = await panelOf();
      const { files } = await pullPanel(api);
      const edits = new Map(files);
      editJson(edits, 'nodes/ams-1.node.json', NODE_ORDER, (doc) => ((doc.site as Record<string, unknown>).template = 'No such template'));
      editJson(edits, 'nodes/fra-2.node.json', NODE_ORDER, (doc) => (doc.order = 'first'));
      editJson(edits, 'branding/Default.branding.json', BRANDING_ORDER, (doc) => (doc.logo_url = 'https://example.com/logo.png'));
      edits.set('templates/Broken draft/index.html', '<!doctype html>\n<html>\n<head><title>T</title></head>\n<body>\n<div>\n</body>\n</html>\n');
      panel.resetRequests();
      const plan = await planPanel(api, edits);
      assert.deepEqual(plan.problems.map((problem) => `${problem.file}:${problem.line} ${problem.code} ${problem.field ?? ''}`).sort(), [
        'branding/Default.branding.json:12 unknownField logo_url',
        'nodes/ams-1.node.json:9 unknownTemplate site.template',
        'nodes/fra-2.node.json:6 wrongType order',
        'templates/Broken draft/index.html:5 templateRefused ',
      ]);
      assert.deepEqual(planFacts(plan), []);
      assert.deepEqual(panel.requests.filter((request) => request.method !== 'GET').map((request) => request.path.replace('/api/v1', '')).filter((path) => path !== '/site-templates/validate'), [], 'nothing but checks sent');
    });

    it('skips and reports what changed on the panel between the plan and the apply; applies the rest', async () => {
      const { panel, api } = await panelOf();
      const { files: pulled } = await pullPanel(api);
      const { files, users } = edited(panel, pulled);
      const plan = await planPanel(api, files);
      // Someone else, through the API: fra-2's blocklist, one of the ten users' label.
      await api.nodes.blocklist.put(nodeId(panel, 'fra-2'), { entries: ['203.0.113.7'] });
      await api.keys.update(users[3], { label: 'Renamed elsewhere' });
      const result = await applyFolder(api, plan);
      const fra = result.outcomes.find((outcome) => outcome.name === 'fra-2');
      assert.equal(fra?.outcome, 'conflict');
      assert.deepEqual(fra?.detail?.kind === 'changed' ? fra.detail.fields.map((field) => field.field) : [], ['region', 'blocklist']);
      assert.equal(panel.data.nodes.get(nodeId(panel, 'fra-2'))?.region, 'Frankfurt', 'not overwritten');
      assert.deepEqual(result.outcomes.filter((outcome) => outcome.name !== 'fra-2').map((outcome) => outcome.outcome), ['applied', 'applied', 'applied', 'applied']);
      const conflicts = result.users?.outcomes.filter((outcome) => outcome.kind === 'conflict').map((outcome) => outcome.id);
      assert.deepEqual(conflicts, [users[3]]);
      assert.equal(panel.data.keys.get(users[3])?.label, 'Renamed elsewhere');
      // Planned again from the same pull: the panel's change is a conflict, listed, never planned.
      const next = await planPanel(api, files);
      assert.deepEqual(next.conflicts.map((conflict) => `${conflict.kind} ${conflict.name} ${conflict.reason}`), ['node fra-2 changedOnPanel', `user ${readTable('csv', files.get('users.csv') ?? '').find((row) => row.id === users[3])?.label} changedOnPanel`]);
      assert.deepEqual(planFacts(next), []);
      // The state after the apply keeps the conflicts: they are still changes on the panel since the pull.
      files.set(STATE_FILE, (await stateAfterApply(api, files)).state);
      const rebased = await planPanel(api, files);
      assert.deepEqual(rebased.conflicts.map((conflict) => `${conflict.kind} ${conflict.reason}`), ['node changedOnPanel', 'user changedOnPanel']);
      const drift = await panelDrift(api, files);
      assert.deepEqual([...drift.changes.map((change) => change.name), ...drift.users.map((user) => user.id)], ['fra-2', users[3]]);
    });

    it('reads back a lost answer and never sends it again: no duplicate template, profile or node', async () => {
      const { panel, api } = await panelOf();
      const { files: pulled } = await pullPanel(api);
      const files = new Map(pulled);
      files.set('templates/Ops landing/template.json', fileJson({ name: 'Ops landing', description: 'For the ops team' }));
      files.set('templates/Ops landing/index.html', VALID_HTML);
      files.set('templates/Ops landing/style.css', 'body { margin: 0; }\n');
      files.set('branding/Ops.branding.json', fileJson({ name: 'Ops', footer_text: 'Ops' }, BRANDING_ORDER));
      files.set('nodes/lis-7.node.json', fileJson({ name: 'lis-7', hostname: 'lis-7.proxy.example.net', region: 'Lisbon', site: { template: 'Ops landing', enabled: true } }, NODE_ORDER));
      editJson(files, 'nodes/fra-2.node.json', NODE_ORDER, (doc) => (doc.region = 'Frankfurt am Main'));
      const plan = await planPanel(api, files);
      assert.deepEqual(planFacts(plan), [
        'template create Ops landing: description,name,html,css',
        'node update fra-2: region',
        'node create lis-7: name,hostname,region,site.enabled,site.template',
        'branding create Ops: name,footer_text',
      ]);
      for (const [method, path] of [['POST', '/site-templates'], ['POST', '/branding/profiles'], ['POST', '/nodes'], ['PATCH', /\/nodes\/[0-9a-f-]+$/]] as const) {
        panel.inject({ kind: 'drop-after-apply', committedOnly: true, match: { method, path } });
      }
      const result = await applyFolder(api, plan);
      assert.deepEqual(result.outcomes.map((outcome) => `${outcome.name} ${outcome.outcome}`), ['Ops landing reconciled', 'fra-2 reconciled', 'lis-7 reconciled', 'Ops reconciled']);
      assert.equal([...panel.data.siteTemplates.values()].filter((template) => template.name === 'Ops landing').length, 1);
      assert.equal([...panel.data.brandingProfiles.values()].filter((profile) => profile.name === 'Ops').length, 1);
      const lis = [...panel.data.nodes.values()].filter((node) => node.name === 'lis-7');
      assert.equal(lis.length, 1);
      assert.equal(panel.data.siteTemplates.get(lis[0].site.template_id ?? '')?.name, 'Ops landing', 'the site bound to the template made once');
      assert.equal(panel.requests.filter((request) => request.method === 'POST' && request.path.endsWith('/site-templates') && request.status !== 400 && request.status !== 422).length, 1, 'the create the panel took was sent once, never again');
      assert.ok(result.changedNodes.some((node) => node.name === 'lis-7'));
    });

    it('binds users to a node the same Apply creates: one apply, the binding waits for the node and takes its new id', async () => {
      const { panel, api } = await panelOf();
      const { files: pulled } = await pullPanel(api);
      const files = new Map(pulled);
      files.set('nodes/lis-7.node.json', fileJson({ name: 'lis-7', hostname: 'lis-7.proxy.example.net', region: 'Lisbon' }, NODE_ORDER));
      const [bound] = tenEditableUsers(panel, pulled);
      editUsers(files, (rows) => [
        ...rows.map((row) => (row.id === bound ? { ...row, nodes: [...row.nodes, 'lis-7'] } : row)),
        { line: 0, id: '', label: 'Lisbon desk', note: '', owner: '', type: 'PERSONAL', expiry: '', enabled: 'true', nodes: ['lis-7'] },
      ]);
      const plan = await planPanel(api, files, { now: Date.now() });
      assert.deepEqual(plan.problems, [], 'a node the plan creates is no unknown node');
      assert.deepEqual(planFacts(plan), ['node create lis-7: name,hostname,region', 'users create 1']);
      const update = plan.users?.plan.updates.find((change) => change.before.id === bound);
      assert.ok(update && update.addNodes.length === 1 && isPendingNode(update.addNodes[0]), 'the binding waits for lis-7');
      assert.equal(plan.names.nameOf(update.addNodes[0]), 'lis-7');

      const result = await applyFolder(api, plan);
      assert.deepEqual(result.outcomes.map((outcome) => `${outcome.name} ${outcome.outcome}`), ['lis-7 applied']);
      assert.deepEqual(result.users?.outcomes.map((outcome) => `${outcome.action} ${outcome.kind}`).sort(), ['create applied', 'update applied']);
      const lis = [...panel.data.nodes.values()].find((node) => node.name === 'lis-7');
      assert.ok(lis, 'lis-7 created');
      const boundKey = panel.data.keys.get(bound);
      assert.ok(boundKey?.bindings.some((binding) => binding.node_id === lis.id), 'the user bound to the new node by its new id');
      const desk = [...panel.data.keys.values()].filter((key) => key.label === 'Lisbon desk');
      assert.deepEqual(desk.map((key) => key.bindings.map((binding) => binding.node_id)), [[lis.id]], 'the new user made once, bound to the new node');
      assert.ok(result.changedNodes.some((node) => node.name === 'lis-7'));

      const withIds = usersWithCreatedIds(files.get('users.csv') ?? '', result.users?.outcomes.filter((outcome) => outcome.action === 'create') ?? []);
      assert.ok(withIds !== undefined, 'the new user\'s id written into users.csv');
      files.set('users.csv', withIds);
      files.set(STATE_FILE, (await stateAfterApply(api, files)).state);
      const next = await planPanel(api, files);
      assert.ok(isEmptyFolderPlan(next) && next.problems.length === 0, `one apply did it all: ${JSON.stringify(planFacts(next))} ${JSON.stringify(next.problems)}`);
    });

    it('holds back users bound to a node the apply could not create, as not sent', async () => {
      const { panel, api } = await panelOf();
      const { files: pulled } = await pullPanel(api);
      const files = new Map(pulled);
      // The hostname of another node: the panel refuses the create (409 duplicate_hostname).
      const taken = [...panel.data.nodes.values()][0]?.hostname ?? '';
      files.set('nodes/lis-7.node.json', fileJson({ name: 'lis-7', hostname: taken, region: 'Lisbon' }, NODE_ORDER));
      const [bound] = tenEditableUsers(panel, pulled);
      editUsers(files, (rows) => rows.map((row) => (row.id === bound ? { ...row, nodes: [...row.nodes, 'lis-7'], note: 'moved to Lisbon' } : row)));
      const before = structuredClone(panel.data.keys.get(bound));
      const result = await applyFolder(api, await planPanel(api, files));
      assert.deepEqual(result.outcomes.map((outcome) => `${outcome.name} ${outcome.outcome}`), ['lis-7 refused']);
      assert.deepEqual(result.users?.outcomes.map((outcome) => [outcome.id, outcome.kind, outcome.detail]), [[bound, 'notSent', { kind: 'nodeNotCreated', node: 'lis-7' }]]);
      assert.deepEqual(panel.data.keys.get(bound), before, 'nothing of that user sent');
    });

    it('makes a hostname edit a problem of the node\'s file: the panel does not let it change, nothing of that node is sent', async () => {
      const { api } = await panelOf();
      const { files: pulled } = await pullPanel(api);
      const files = new Map(pulled);
      editJson(files, 'nodes/fra-2.node.json', NODE_ORDER, (doc) => {
        doc.hostname = 'fra-2-new.proxy.example.net';
        doc.region = 'Frankfurt am Main';
      });
      const plan = await planPanel(api, files);
      assert.deepEqual(plan.problems.map((problem) => [problem.file, problem.code, problem.value]), [['nodes/fra-2.node.json', 'hostnameReadOnly', 'fra-2-new.proxy.example.net']]);
      assert.equal(plan.problems[0].line, (files.get('nodes/fra-2.node.json') ?? '').split('\n').findIndex((line) => line.includes('"hostname"')) + 1);
      assert.deepEqual(planFacts(plan), [], 'neither the hostname nor the region of fra-2 planned');
    });

    it('shows drift after changes made through the API, as what pulling again would write', async () => {
      const { panel, api } = await panelOf();
      const { files } = await pullPanel(api);
      assert.ok(isEmptyDrift(await panelDrift(api, files)));
      await api.nodes.update(nodeId(panel, 'ams-1'), { region: 'Amsterdam-Noord' });
      await api.settings.put({ timezone: 'Asia/Singapore' });
      await api.branding.profiles.create('Made in the web UI');
      const user = tenEditableUsers(panel, files)[0];
      await api.keys.update(user, { note: 'changed in the web UI' });
      const drift = await panelDrift(api, files);
      assert.equal(drift.comparable, true);
      assert.deepEqual(drift.changes.map((change) => `${change.kind} ${change.action} ${change.name}: ${change.action === 'update' ? change.fields.map((field) => `${field.field}=${JSON.stringify(field.to)}`).join(',') : ''}`), [
        'settings update settings: timezone="Asia/Singapore"',
        'node update ams-1: region="Amsterdam-Noord"',
        'branding create Made in the web UI: ',
      ]);
      assert.deepEqual(drift.users.map((entry) => `${entry.action} ${entry.id}`), [`update ${user}`]);
      // The folder's own edits are not drift.
      const local = new Map(files);
      editJson(local, 'nodes/fra-2.node.json', NODE_ORDER, (doc) => (doc.region = 'local edit'));
      assert.equal((await panelDrift(api, local)).changes.length, 3);
    });

    it('restores a snapshot: the changes made since are undone, resources made since deleted when asked', async () => {
      const { panel, api } = await panelOf();
      const snapshot = await pullPanel(api);
      await api.nodes.update(nodeId(panel, 'hel-3'), { region: 'Espoo' });
      await api.nodes.webPolicy.put(nodeId(panel, 'nyc-5'), { mode: 'block', redirect_url: null, allow_countries: ['US'] });
      const draft = [...panel.data.siteTemplates.values()].find((template) => template.name === 'Broken draft');
      await api.siteTemplates.update(draft?.id ?? '', { description: 'Changed since' });
      await api.settings.put({ panel_name: 'Changed' });
      const profiles = [...panel.data.brandingProfiles.values()];
      await api.branding.profiles.update(profiles[0].id, { footer_text: 'changed' });
      await api.branding.profiles.create('Made since');
      const users = tenEditableUsers(panel, snapshot.files).slice(0, 3);
      for (const id of users) await api.keys.update(id, { note: 'changed since' });
      const plan = await planPanel(api, snapshot.files, { mode: 'restore' });
      assert.deepEqual(plan.conflicts, []);
      assert.deepEqual(planFacts(plan).sort(), [
        'branding delete Made since: ',
        `branding update ${profiles[0].name}: footer_text`,
        'node update hel-3: region',
        'node update nyc-5: web_policy',
        'settings update settings: panel_name',
        'template update Broken draft: description',
        'users note 3',
      ].sort());
      const result = await applyFolder(api, plan, { deleteRemoved: true });
      assert.deepEqual(result.outcomes.filter((outcome) => outcome.outcome !== 'applied'), []);
      const after = await pullPanel(api);
      assert.deepEqual([...withoutState(after.files)], [...withoutState(snapshot.files)], 'the panel is as the snapshot');
      // A user deleted since is made again, once: a second restore finds it by its label.
      const deleted = tenEditableUsers(panel, snapshot.files)[5];
      const label = panel.data.keys.get(deleted)?.label ?? '';
      await api.keys.delete(deleted);
      const again = await planPanel(api, snapshot.files, { mode: 'restore' });
      assert.deepEqual(planFacts(again), ['users create 1']);
      await applyFolder(api, again);
      assert.equal([...panel.data.keys.values()].filter((key) => key.label === label).length, 1);
      const third = await planPanel(api, snapshot.files, { mode: 'restore' });
      assert.deepEqual(planFacts(third), [], 'restored again: nothing made twice');
      assert.equal([...panel.data.keys.values()].filter((key) => key.label === label).length, 1);
    });

    it('promotes a folder of one panel to another: matched by name, exactly the differences, nothing else touched unless asked', async () => {
      const staging = await panelOf();
      const production = await panelOf();
      // The same data set started a moment later: its users' dates are the same.
      for (const key of production.panel.data.keys.values()) key.expires_at = staging.panel.data.keys.get(key.id)?.expires_at ?? key.expires_at;
      // Production differs: a region, a setting, a profile's colour, and a node staging does not have.
      await production.api.nodes.update(nodeId(production.panel, 'waw-4'), { region: 'Warszawa' });
      await production.api.settings.put({ timezone: 'Europe/Warsaw' });
      const night = [...production.panel.data.brandingProfiles.values()].find((profile) => profile.name === 'Night ops');
      await production.api.branding.profiles.update(night?.id ?? '', { accent_color: '#000000' });
      await production.api.nodes.create({ name: 'prod-only', hostname: 'prod-only.proxy.example.net', region: 'Oslo' });
      const { files } = await pullPanel(staging.api);
      const plan = await planPanel(production.api, files);
      assert.equal(plan.mode, 'promote');
      assert.deepEqual(planFacts(plan), [
        'node update waw-4: region',
        'branding update Night ops: accent_color',
        'settings update settings: timezone',
        'node delete prod-only: ',
      ]);
      const result = await applyFolder(production.api, plan);
      assert.deepEqual(result.outcomes.map((outcome) => `${outcome.name} ${outcome.outcome}`), ['waw-4 applied', 'Night ops applied', 'settings applied']);
      assert.ok([...production.panel.data.nodes.values()].some((node) => node.name === 'prod-only'), 'not deleted: not asked');
      assert.equal(production.panel.data.nodes.get(nodeId(production.panel, 'waw-4'))?.region, 'Warsaw');
      const next = await planPanel(production.api, files);
      assert.deepEqual(planFacts(next), ['node delete prod-only: ']);
    });

    it('writes nothing secret: no token, user secret, link, subscription address or registration secret in any byte', async () => {
      const { panel, api } = await panelOf();
      // Hostile names of the panel's own resources: paths stay inside their folders.
      await api.nodes.create({ name: '../../etc/passwd <img src=x onerror=alert(1)>', hostname: 'evil.proxy.example.net', region: 'Nowhere' });
      await api.branding.profiles.create('..');
      for (const id of [...panel.data.keys.keys()].slice(0, 5)) await api.keys.subscription.create(id);
      const { files } = await pullPanel(api);
      const secrets = secretsOf(panel);
      assert.ok(secrets.length > 40, `${secrets.length} secrets to look for`);
      for (const [path, text] of files) {
        for (const secret of secrets) assert.ok(!text.includes(secret), `${path} holds a secret`);
        assert.ok(!path.split('/').some((part) => part === '..' || part === '.' || part === ''), path);
        assert.doesNotMatch(text, SECRET_MEMBERS, path);
      }
      assert.ok([...files.keys()].some((path) => /^nodes\/[^/]*etc_passwd[^/]*\.node\.json$/.test(path)), [...files.keys()].join('\n'));
      assert.deepEqual(planFacts(await planPanel(api, files)), []);
    });
  });
}

describe('panel as a folder between panels of different readings', function () {
  this.timeout(60_000);
  const start = useDemoPanels();

  for (const [from, to] of [['third', 'first'], ['first', 'third'], ['second', 'third']] as const) {
    it(`promotes a new template with variables, and a changed one, from a ${from}-reading panel to a ${to}-reading one, in the target's shape`, async () => {
      const source = await start({ readings: { reading: from }, jobStepMs: 60_000 });
      const target = await start({ readings: { reading: to }, jobStepMs: 60_000 });
      for (const key of target.panel.data.keys.values()) key.expires_at = source.panel.data.keys.get(key.id)?.expires_at ?? key.expires_at;
      const variables = from === 'third' ? { site_name: 'Ops', tagline: 'Always on' } : [{ name: 'site_name', default: 'Ops' }, { name: 'tagline', default: 'Always on' }];
      await source.api.siteTemplates.create({ name: 'Ops landing', html: '<!doctype html><html><head><title>{{site_name}}</title></head><body><p>{{tagline}}</p></body></html>', css: '', variables });
      const draft = [...source.panel.data.siteTemplates.values()].find((template) => template.name === 'Broken draft');
      await source.api.siteTemplates.update(draft?.id ?? '', { description: 'Promoted description' });
      const { files } = await pullPanel(source.api);
      const plan = await planPanel(target.api, files);
      assert.deepEqual(plan.problems, []);
      assert.deepEqual(planFacts(plan), ['template update Broken draft: description', 'template create Ops landing: name,description,html,css,variables']);
      const result = await applyFolder(target.api, plan);
      assert.deepEqual(result.outcomes.map((outcome) => `${outcome.name} ${outcome.outcome}`), ['Broken draft applied', 'Ops landing applied']);
      const made = [...target.panel.data.siteTemplates.values()].filter((template) => template.name === 'Ops landing');
      assert.equal(made.length, 1);
      assert.deepEqual(made[0].variables.map((variable) => [variable.name, variable.default]), [['site_name', 'Ops'], ['tagline', 'Always on']]);
      assert.deepEqual(planFacts(await planPanel(target.api, files)), [], 'the next plan is empty: variables compared whatever their shape');
    });
  }
});

describe('panel as a folder with a token that may read only part of the panel', function () {
  this.timeout(60_000);
  const start = useDemoPanels();

  it('pulls what it may read, names the rest in the state file, and a plan leaves what the folder does not hold alone', async () => {
    const { panel, api } = await start({});
    const partial = createPanelApi({ baseUrl: panel.url, token: panel.issueToken({ role: 'owner', scopes: ['nodes:read', 'sites:read'] }).secret });
    try {
      const { files, state } = await pullPanel(partial);
      assert.deepEqual(state.unread, ['branding', 'settings', 'users']);
      assert.deepEqual([...files.keys()].filter((path) => !path.startsWith('nodes/') && !path.startsWith('templates/')), [STATE_FILE]);
      const plan = await planPanel(api, files);
      assert.deepEqual(planFacts(plan), []);
      assert.equal(plan.users, undefined, 'no users file: users not managed');
    } finally {
      await partial.close();
    }
  });
});

describe('panel as a folder: renames within the panel it was pulled from', function () {
  this.timeout(60_000);
  const start = useDemoPanels();

  it('renames a node and a template (matched by the ids the pull kept) and binds a site to the renamed template', async () => {
    const { panel, api } = await start({});
    const { files: pulled } = await pullPanel(api);
    const files = new Map(pulled);
    const draftId = [...panel.data.siteTemplates.values()].find((template) => template.name === 'Broken draft')?.id ?? '';
    editJson(files, 'templates/Broken draft/template.json', ['name', 'description', 'builtin'], (doc) => (doc.name = 'Fixed draft'));
    files.set('templates/Broken draft/index.html', VALID_HTML);
    editJson(files, 'nodes/fra-2.node.json', NODE_ORDER, (doc) => {
      doc.name = 'fra-2b';
      (doc.site as Record<string, unknown>).template = 'Fixed draft';
    });
    const plan = await planPanel(api, files);
    assert.deepEqual(plan.problems, []);
    assert.deepEqual(planFacts(plan), ['template update Fixed draft: name,html', 'node update fra-2b: name,site.template']);
    const result = await applyFolder(api, plan);
    assert.deepEqual(result.outcomes.map((outcome) => outcome.outcome), ['applied', 'applied']);
    const fra = [...panel.data.nodes.values()].find((node) => node.name === 'fra-2b');
    assert.equal(fra?.site.template_id, draftId);
    assert.equal(panel.data.siteTemplates.get(draftId)?.name, 'Fixed draft');
    assert.deepEqual(planFacts(await planPanel(api, files)), []);
  });
});

describe('panel as a folder: users created and deleted', function () {
  this.timeout(60_000);
  const start = useDemoPanels();

  for (const reading of READINGS) {
    it(`creates a user once, deletes one only when asked, and writes the new id into the folder (${reading} reading)`, async () => {
      const { panel, api } = await start({ readings: { reading } });
      const { files: pulled } = await pullPanel(api);
      const files = new Map(pulled);
      const gone = tenEditableUsers(panel, pulled)[0];
      editUsers(files, (rows) => [...rows.filter((row) => row.id !== gone), { line: 0, id: '', label: 'Made in the folder', note: 'new', owner: 'ops', type: 'PERSONAL', expiry: '', enabled: 'true', nodes: ['ams-1'] }]);
      const plan = await planPanel(api, files);
      assert.deepEqual(planFacts(plan), ['users create 1', 'users delete 1']);
      const kept = await applyFolder(api, plan);
      assert.deepEqual(kept.users?.outcomes.map((outcome) => `${outcome.action} ${outcome.kind}`), ['create applied']);
      assert.ok(panel.data.keys.has(gone), 'not deleted: not asked');
      const written = usersWithCreatedIds(files.get('users.csv') ?? '', kept.users?.outcomes.filter((outcome) => outcome.action === 'create') ?? []);
      assert.ok(written);
      files.set('users.csv', written);
      const made = [...panel.data.keys.values()].filter((key) => key.label === 'Made in the folder');
      assert.equal(made.length, 1);
      assert.ok(written.includes(made[0].id));
      const next = await planPanel(api, files);
      assert.deepEqual(planFacts(next), ['users delete 1'], 'created once: the folder now names it by its id');
      const deleted = await applyFolder(api, next, { deleteRemoved: true });
      assert.deepEqual(deleted.users?.outcomes.map((outcome) => `${outcome.action} ${outcome.kind}`), ['delete applied']);
      assert.ok(!panel.data.keys.has(gone));
      assert.equal([...panel.data.keys.values()].filter((key) => key.label === 'Made in the folder').length, 1);
      assert.deepEqual(planFacts(await planPanel(api, files)), []);
    });
  }
});
