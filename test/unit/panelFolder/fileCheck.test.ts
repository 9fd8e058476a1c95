// What the editor's live check of a pulled folder's files reads (src/commands/panelFolder/folderFileCheck.ts):
// which file of the layout a path is, and from an absolute path which folder it would be a file of
// (src/panelFolder/layoutFiles.ts); the problems of one file from its text, at their lines (`fileProblems`);
// and which problems are a file's own (`ONE_FILE_PROBLEMS`: the live check shows them, the plan leaves them
// to it while the file is open) rather than the folder's or the panel's.
import * as assert from 'node:assert/strict';
import { fileJson, fileProblems, ONE_FILE_PROBLEMS, readFolder, type FolderProblem } from '../../../src/panelFolder';
import { checkedFileAt, layoutFileKind } from '../../../src/panelFolder/layoutFiles';
import { NODE_ORDER } from '../../../src/panelFolder/pullFiles';

const NODE = { name: 'ams-1', hostname: 'ams-1.proxy.example.net', order: 1, site: { template: 'Minimal landing', upstream: null } };
const nodeText = (doc: Record<string, unknown>) => fileJson(doc as never, NODE_ORDER);
/** The 1-based line of the first line of `text` holding `part`. */
const lineOf = (text: string, part: string) => text.split('\n').findIndex((line) => line.includes(part)) + 1;
const described = (problems: readonly FolderProblem[]) => problems.map((problem) => `${problem.line} ${problem.code} ${problem.field ?? ''}`.trim());

describe('panel folder: the files the editor checks as they are typed', () => {
  it('tells each file of the layout by its path in the folder', () => {
    const kinds = Object.fromEntries([
      'settings.json', 'users.csv', '.panelops/state.json', 'nodes/ams-1.node.json', 'branding/Night ops.branding.json',
      'templates/Minimal landing/template.json', 'templates/Minimal landing/index.html', 'templates/Minimal landing/variables.json',
      'nodes/ams-1.json', 'nodes/old/ams-1.node.json', 'branding/ams-1.node.json', 'templates/template.json', 'templates/a/b/template.json',
      'README.md', 'panelops/state.json',
    ].map((path) => [path, layoutFileKind(path) ?? '-']));
    assert.deepEqual(kinds, {
      'settings.json': 'settings', 'users.csv': 'users', '.panelops/state.json': 'state', 'nodes/ams-1.node.json': 'node',
      'branding/Night ops.branding.json': 'branding', 'templates/Minimal landing/template.json': 'template',
      'templates/Minimal landing/index.html': 'templatePart', 'templates/Minimal landing/variables.json': 'templatePart',
      'nodes/ams-1.json': '-', 'nodes/old/ams-1.node.json': '-', 'branding/ams-1.node.json': '-', 'templates/template.json': '-',
      'templates/a/b/template.json': '-', 'README.md': '-', 'panelops/state.json': '-',
    });
  });

  it('finds from an absolute path the one folder a node, branding, template.json or state file would belong to', () => {
    assert.deepEqual(checkedFileAt('/work/panels/Staging/nodes/ams-1.node.json'), { root: '/work/panels/Staging', file: 'nodes/ams-1.node.json', kind: 'node' });
    assert.deepEqual(checkedFileAt('/work/panels/Staging/branding/Night ops.branding.json'), { root: '/work/panels/Staging', file: 'branding/Night ops.branding.json', kind: 'branding' });
    assert.deepEqual(checkedFileAt('/work/panels/Staging/templates/Minimal landing/template.json'), { root: '/work/panels/Staging', file: 'templates/Minimal landing/template.json', kind: 'template' });
    assert.deepEqual(checkedFileAt('/work/panels/Staging/.panelops/state.json'), { root: '/work/panels/Staging', file: '.panelops/state.json', kind: 'state' });
    // A folder named like the layout's inside another: the nearest one that puts the file in the layout.
    assert.deepEqual(checkedFileAt('/work/nodes/templates/nodes/template.json'), { root: '/work/nodes', file: 'templates/nodes/template.json', kind: 'template' });
    assert.deepEqual(checkedFileAt('/nodes/ams-1.node.json'), { root: '', file: 'nodes/ams-1.node.json', kind: 'node' });
    // Files the plan reads but the editor does not check, and files outside the layout.
    for (const path of ['/work/p/settings.json', '/work/p/users.csv', '/work/p/templates/a/index.html', '/work/p/templates/a/variables.json',
      '/work/p/nodes/old/ams-1.node.json', '/work/p/ams-1.node.json', '/work/p/templates/template.json', '/work/p/package.json', 'nodes/ams-1.node.json']) {
      assert.equal(checkedFileAt(path), undefined, path);
    }
  });

  it('tells the problems of one file from its text, at their lines; a sound file has none', () => {
    const sound = nodeText(NODE);
    assert.deepEqual(fileProblems('nodes/ams-1.node.json', sound), []);
    const zero = nodeText({ ...NODE, order: 0 });
    assert.deepEqual(described(fileProblems('nodes/ams-1.node.json', zero)), [`${lineOf(zero, '"order"')} wrongType order`]);
    const unnamed = nodeText({ ...NODE, name: '', site: { template: 7 }, colour: 'red' });
    assert.deepEqual(described(fileProblems('nodes/ams-1.node.json', unnamed)).sort(), [
      `${lineOf(unnamed, '"colour"')} unknownField colour`, `${lineOf(unnamed, '"name"')} wrongType name`, `${lineOf(unnamed, '"template"')} wrongType site.template`,
    ].sort());
    const broken = sound.replace('"order": 1,', '"order": ,');
    assert.deepEqual(described(fileProblems('nodes/ams-1.node.json', broken)).map((line) => line.replace(/ .*/, '')), [String(lineOf(broken, '"order"'))]);
    assert.equal(fileProblems('nodes/ams-1.node.json', broken)[0].code, 'notJson');
    assert.deepEqual(described(fileProblems('branding/Night ops.branding.json', '{\n  "name": "Night ops",\n  "panel_name": 7\n}\n')), ['3 wrongType panel_name']);
    assert.deepEqual(described(fileProblems('templates/Minimal landing/template.json', '{\n  "name": "Minimal landing",\n  "html": "<p>"\n}\n')), ['3 unknownField html']);
    assert.deepEqual(described(fileProblems('.panelops/state.json', '{\n  "format": "panel-ops-folder/1"\n}\n')), ['1 badState']);
    // Members whose shape the contract does not give accept any JSON.
    assert.deepEqual(fileProblems('nodes/ams-1.node.json', nodeText({ ...NODE, region: { code: 'ams' }, note: 42, site: { template: null, upstream: { url: 'https://a.example' } } })), []);
  });

  it('the file\'s own problems are those one file shows; a name twice needs the folder', () => {
    const texts = [
      nodeText({ ...NODE, order: 0 }), nodeText({ ...NODE, name: '' }), nodeText({ ...NODE, colour: 'red' }), '{ "name": ', '[]', '{}',
      nodeText({ ...NODE, site: 'none' }),
    ];
    const codes = new Set(texts.flatMap((text) => fileProblems('nodes/ams-1.node.json', text).map((problem) => problem.code)));
    codes.add(fileProblems('.panelops/state.json', '{}')[0].code);
    codes.add(fileProblems('templates/a/template.json', '{ "name": "a", "css": "" }')[0].code);
    assert.deepEqual([...codes].sort(), [...ONE_FILE_PROBLEMS].sort(), 'every code one file shows, and only those');
    const twice = readFolder(new Map([['nodes/a.node.json', nodeText(NODE)], ['nodes/b.node.json', nodeText(NODE)]])).problems;
    assert.deepEqual(twice.map((problem) => problem.code), ['duplicateName', 'duplicateName']);
    assert.ok(!ONE_FILE_PROBLEMS.has('duplicateName'), 'the plan keeps a name twice');
  });
});
