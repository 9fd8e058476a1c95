// The pure parts of the panel file system: paths, placeholders, field errors to lines, file bodies, bundles,
// document states, the preview page and template records.
import * as assert from 'node:assert/strict';
import { plainLocalize } from '../support/plainLocalize';
import { DocumentStates } from '../../../src/editors/documentStates';
import { lineOfMember, problemsOf, unknownFields } from '../../../src/editors/fieldErrorLines';
import { authorityOf, panelAuthority, brandingProfilePath, folderName, nodeDocumentPath, panelIdOf, parsePanelPath, recordPath, templateFilePath, usersTablePath } from '../../../src/editors/panelPaths';
import { fillPlaceholders, placeholderPositions, placeholderUses, undeclaredPlaceholders } from '../../../src/editors/placeholders';
import { bundleOf, importBodyOf } from '../../../src/editors/templateBundle';
import { fileOfField, fileText, filesOf, putBody, UnsavableTextError } from '../../../src/editors/templateFiles';
import { parseTemplateRecord } from '../../../src/state/siteTemplateRecord';
import { siteRows } from '../../../src/views/nodes/nodeSiteRows';
import { PREVIEW_CSP, previewPage, siteDocument } from '../../../src/webviews/sitePreviewPage';

describe('editors: panel paths', () => {
  it('names the panel in the authority by its host, and reads it back', () => {
    assert.equal(panelAuthority('https://panel.example.com'), 'panel.example.com');
    assert.equal(panelAuthority('https://panel.example.com:8443'), 'panel.example.com:8443');
    assert.equal(panelAuthority('http://127.0.0.1:44073'), 'http~127.0.0.1:44073');
    for (const id of ['https://panel.example.com', 'https://panel.example.com:8443', 'http://127.0.0.1:44073', 'https://[::1]:9443']) {
      assert.equal(panelIdOf(panelAuthority(id)), id, id);
    }
    assert.equal(panelIdOf('not a host!'), undefined);
    assert.equal(panelIdOf('http~'), undefined);
  });

  it('still reads the hex addresses of earlier versions', () => {
    const authority = authorityOf('https://Panel.example.com:8443');
    assert.match(authority, /^[0-9a-f]+$/);
    assert.equal(panelIdOf(authority), 'https://Panel.example.com:8443');
    assert.equal(panelIdOf('cafe'), 'https://cafe', 'a short hex-looking host is a host, not an old address');
  });

  it('reads the template id from the folder name, whatever the name holds', () => {
    const path = templateFilePath('Café / "landing" ~ v2', 'id~with/odd%chars', 'style.css');
    assert.equal(path.split('/').length, 4, 'the name cannot add path segments');
    assert.deepEqual(parsePanelPath(path), { kind: 'templateFile', templateId: 'id~with/odd%chars', label: 'Café _ _landing_ _ v2', file: 'style.css' });
    assert.deepEqual(parsePanelPath(nodeDocumentPath('fra-2', 'n1', 'web-policy')), { kind: 'nodeDocument', nodeId: 'n1', label: 'fra-2', document: 'web-policy' });
    assert.deepEqual(parsePanelPath('/settings.json'), { kind: 'settings' });
    assert.deepEqual(parsePanelPath(brandingProfilePath('Night ops', 'p-1')), { kind: 'brandingProfile', profileId: 'p-1', label: 'Night ops' });
    // The tab shows the profile's name alone; the id lives in the folder. The earlier file still opens.
    assert.equal(brandingProfilePath('Night ops', 'p-1'), '/branding/Night ops~p-1/Night ops.json');
    assert.equal(brandingProfilePath('a/b~c', 'p-2').split('/').pop(), 'a_b_c.json');
    assert.deepEqual(parsePanelPath('/branding/Night ops~p-1'), { kind: 'brandingFolder', profileId: 'p-1', label: 'Night ops' });
    assert.deepEqual(parsePanelPath('/branding/Night ops~p-1.json'), { kind: 'brandingProfile', profileId: 'p-1', label: 'Night ops' });
    assert.equal(parsePanelPath('/branding/Night ops~p-1/Night ops.txt'), undefined);
    assert.equal(parsePanelPath('/branding/Night ops~p-1/a/b.json'), undefined);
    assert.deepEqual(parsePanelPath('/'), { kind: 'root' });
    assert.equal(parsePanelPath('/site-templates/x~1/other.txt'), undefined);
    assert.equal(parsePanelPath('/site-templates/no-id/index.html'), undefined);
    assert.equal(folderName('', 'a'), 'unnamed~a');
  });

  it('names a users table by words alone (its tab title), numbered when a second has the same name', () => {
    assert.equal(usersTablePath('Users — active', 'csv'), '/users/Users — active.csv');
    assert.equal(usersTablePath('Users — active', 'csv', 2), '/users/Users — active (2).csv');
    assert.equal(usersTablePath('Пользователи узла fra-1', 'json'), '/users/Пользователи узла fra-1.json');
    assert.deepEqual(parsePanelPath('/users/Users — active (2).csv'), { kind: 'usersTable', name: 'Users — active (2)', format: 'csv' });
    // A node's name may hold anything: it adds no path segment and never reads as `name~id`.
    const hostile = usersTablePath('Users of a/b\\c~d:e?f#g\nh', 'csv');
    assert.equal(hostile, '/users/Users of a_b_c_d_e_f_g_h.csv');
    assert.deepEqual(parsePanelPath(hostile), { kind: 'usersTable', name: 'Users of a_b_c_d_e_f_g_h', format: 'csv' });
    // A long name is cut before the number, so the numbers still tell tables apart.
    const long = 'Users of ' + 'x'.repeat(200);
    assert.notEqual(usersTablePath(long, 'csv', 2), usersTablePath(long, 'csv', 3));
    assert.match(usersTablePath(long, 'csv', 12), / \(12\)\.csv$/);
    assert.equal(parsePanelPath('/users/.csv'), undefined);
    assert.equal(parsePanelPath('/users/table.txt'), undefined);
  });

  it('names the read-only document of a node, a user or an alert by its id, whatever its name holds', () => {
    assert.equal(recordPath('node', 'ams-1', 'n-1'), '/nodes/ams-1~n-1/node.json');
    assert.deepEqual(parsePanelPath('/nodes/ams-1~n-1/node.json'), { kind: 'record', record: 'node', id: 'n-1', label: 'ams-1' });
    assert.deepEqual(parsePanelPath('/nodes/ams-1~n-1/blocklist.json'), { kind: 'nodeDocument', nodeId: 'n-1', label: 'ams-1', document: 'blocklist' }, 'the node\'s other documents are unchanged');
    const user = recordPath('user', 'a/b~c\n<x>', 'u~1/2');
    assert.equal(user, '/users/a_b_c__x_~u%7E1%2F2/user.json', 'the name adds no path segment');
    assert.deepEqual(parsePanelPath(user), { kind: 'record', record: 'user', id: 'u~1/2', label: 'a_b_c__x_' });
    assert.equal(recordPath('alert', 'Disk full', '9223372036854775807'), '/alerts/Disk full~9223372036854775807/alert.json');
    assert.deepEqual(parsePanelPath(recordPath('alert', 'Disk full', '9223372036854775807')), { kind: 'record', record: 'alert', id: '9223372036854775807', label: 'Disk full' });
    assert.deepEqual(parsePanelPath('/users/Users — active.csv'), { kind: 'usersTable', name: 'Users — active', format: 'csv' }, 'a users table is still one');
    assert.equal(parsePanelPath('/alerts/no-id/alert.json'), undefined);
    assert.equal(parsePanelPath('/alerts/x~1/other.json'), undefined);
  });
});

describe('editors: placeholders', () => {
  it('finds undeclared placeholders with their offsets, and fills declared ones', () => {
    const text = 'a {{ site_name }} b {{other}} {{site_name}}';
    assert.deepEqual(undeclaredPlaceholders(text, ['site_name']), [{ name: 'other', offset: 20, length: 9 }]);
    assert.equal(fillPlaceholders(text, { site_name: 'X' }), 'a X b {{other}} X');
  });

  it('gives each use its line and column in one pass', () => {
    const text = '{{a}}\n\nx {{b}} {{c}}\r\n  {{d}}\n';
    const at = placeholderPositions(text, placeholderUses(text)).map(({ name, line, column }) => [name, line, column]);
    assert.deepEqual(at, [['a', 0, 0], ['b', 2, 2], ['c', 2, 8], ['d', 3, 2]]);
    assert.deepEqual(placeholderPositions('', []), []);
  });
});

describe('editors: where a field error points', () => {
  it('splits "line N: message" parts and keeps messages without a line on line 1', () => {
    assert.deepEqual(problemsOf('line 6: <div> is not closed; line 9: unexpected closing tag </p>; the document has no <title>'), [
      { line: 6, message: '<div> is not closed' },
      { line: 9, message: 'unexpected closing tag </p>' },
      { line: 1, message: 'the document has no <title>' },
    ]);
    assert.deepEqual(problemsOf('bad value (line 3)'), [{ line: 3, message: 'bad value' }]);
  });

  it('finds unknown fields of a 400 and the line of a JSON member', () => {
    assert.deepEqual(unknownFields('unknown fields: comment, extra'), ['comment', 'extra']);
    assert.deepEqual(unknownFields('unknown field: "colour"'), ['colour']);
    assert.deepEqual(unknownFields('malformed'), []);
    assert.equal(lineOfMember('{\n  "entries": [],\n  "comment": "x"\n}', 'comment'), 3);
    assert.equal(lineOfMember('{}', 'absent'), 1);
  });

  it('finds the member, not an earlier string value equal to its name', () => {
    assert.equal(lineOfMember('{\n  "note": "colour",\n  "colour" : "red"\n}', 'colour'), 3);
    assert.equal(lineOfMember('{\n  "a": "a.b",\n  "a.b":1\n}', 'a.b'), 3, 'the name is matched literally');
    assert.equal(lineOfMember('{\n  "list": ["colour"]\n}', 'colour'), 1, 'only a value: not found');
  });
});

describe('editors: template files and bundles', () => {
  const record = parseTemplateRecord({ id: 't1', name: 'T', html: '<p>', css: 'p{}', variables: [{ name: 'a', default: 'x' }], version: 4, builtin: false, updated_by: 'ann' });

  it('reads templates defensively', () => {
    assert.ok(record);
    assert.deepEqual([record.version, record.updatedBy, record.variables], [4, 'ann', [{ name: 'a', default: 'x' }]]);
    const bare = parseTemplateRecord({ id: 'b', body: '<p>' });
    assert.deepEqual([bare?.version, bare?.variables, bare?.html, bare?.builtin], [undefined, undefined, '<p>', false]);
    // An object of values: a number default reads as its text, as it does in a list of {name, default}.
    assert.deepEqual(parseTemplateRecord({ id: 'c', variables: { a: 'x', b: 1 } })?.variables, [{ name: 'a', default: 'x' }, { name: 'b', default: '1' }]);
    assert.equal(parseTemplateRecord([1]), undefined);
  });

  it('maps files to fields and back; variables.json only where the panel declares variables', () => {
    assert.ok(record);
    assert.deepEqual(filesOf(record), ['index.html', 'style.css', 'variables.json']);
    assert.deepEqual(filesOf({ ...record, variables: undefined }), ['index.html', 'style.css']);
    assert.equal(fileText(record, 'variables.json'), '[\n  {\n    "name": "a",\n    "default": "x"\n  }\n]\n');
    assert.deepEqual(putBody('style.css', 'b{}'), { css: 'b{}' });
    assert.deepEqual(putBody('variables.json', '[{"name":"z"}]'), { variables: [{ name: 'z' }] });
    assert.throws(() => putBody('variables.json', '[\n{"name":'), UnsavableTextError);
    // Echo what was read: variables.json holds the panel's shape, an object of name → value included.
    assert.deepEqual(putBody('variables.json', '{"site_name": "Cafe"}'), { variables: { site_name: 'Cafe' } });
    assert.equal(fileText({ ...record, variablesAsRead: { a: 'x' } }, 'variables.json'), '{\n  "a": "x"\n}\n');
    assert.throws(() => putBody('variables.json', '"a"'), UnsavableTextError);
    assert.deepEqual([fileOfField('html'), fileOfField('variables[2].name'), fileOfField('name')], ['index.html', 'variables.json', undefined]);
  });

  it('exports a bundle and builds import bodies from bundles and HTML pages', () => {
    assert.ok(record);
    const bundle = bundleOf(record);
    assert.deepEqual(bundle, { format: 'site-template/1', name: 'T', description: '', html: '<p>', css: 'p{}', variables: [{ name: 'a', default: 'x' }] });
    assert.deepEqual(importBodyOf('t.json', JSON.stringify({ ...bundle, id: 'dropped', version: 3 })), bundle);
    assert.deepEqual(importBodyOf('page.HTML', '<p>'), { html: '<p>' });
    assert.throws(() => importBodyOf('t.json', '{"name": "no html"}'), /needs at least "html"/);
    assert.throws(() => importBodyOf('t.json', 'nope'), /neither an HTML page nor a template bundle/);
  });
});

describe('editors: document states', () => {
  it('keeps the mtime VS Code took from its stat when it reads a changed text (open, revert)', () => {
    let now = 1000;
    const states = new DocumentStates(() => now);
    assert.equal(states.reread('k', 'typed', undefined).mtime, 1000, 'a first read takes the time');
    now = 2000;
    assert.equal(states.reread('k', 'as the panel lays it out', undefined).mtime, 1000, 'the stat before this read said 1000');
    assert.equal(states.get('k')?.base, 'as the panel lays it out');
    assert.equal(states.read('k', 'saved', undefined).mtime, 2000, 'a save still moves it');
  });

  it('keeps the mtime while the text stays, follows the panel\'s version for unchanged text, and overrides on request', () => {
    let now = 1000;
    const states = new DocumentStates(() => now);
    const first = states.read('k', 'a', 1);
    now = 2000;
    assert.equal(states.read('k', 'a', 2).mtime, first.mtime, 'same text, same mtime');
    assert.equal(states.read('k', 'b', 3).mtime, 2000);
    states.follow('k', 'b', 4);
    assert.equal(states.get('k')?.version, 4);
    states.follow('k', 'other text', 5);
    assert.equal(states.get('k')?.version, 4, 'a different text on the panel is a conflict, not a new base');
    states.overrideVersion('k', 9);
    assert.deepEqual(states.get('k'), { base: 'b', version: 9, mtime: 2000 });
  });
});

describe('webviews: site preview page', () => {
  it('puts the site in a sandboxed frame under a CSP that allows no script and no network', () => {
    const html = '<html><head><title>x</title></head><body><script>alert(1)</script><img src=x onerror="alert(2)"></body></html>';
    const page = previewPage('Site <of> "fra"', html, 'body{color:red}');
    assert.equal(PREVIEW_CSP.includes('script-src'), false, 'scripts fall back to default-src none');
    assert.match(PREVIEW_CSP, /^default-src 'none'; style-src 'unsafe-inline'; img-src data:;/);
    assert.equal((page.match(/<script/g) ?? []).length, 0, 'the site\'s markup is only inside the escaped srcdoc');
    assert.match(page, /<iframe sandbox="" /);
    assert.match(page, /srcdoc="&lt;meta http-equiv=&quot;Content-Security-Policy&quot;/);
    assert.match(page, /<title>Site &lt;of&gt; &quot;fra&quot;<\/title>/);
    assert.equal(siteDocument(html, 'p{}'), html.replace('</head>', '<style>p{}</style></head>'));
    assert.equal(siteDocument('<p>', 'p{}'), '<style>p{}</style><p>');
  });
});

describe('views: a node site\'s rows', () => {
  it('puts template, enabled, upstream and deployment first, then the variables, without the node id', () => {
    const rows = siteRows({ node_id: 'n', variables: { site_name: 'Bakery' }, deployment: 'deployed', upstream: null, enabled: true, template_name: 'Landing' }, plainLocalize);
    assert.deepEqual(rows, [['template_name', 'Landing'], ['enabled', 'true'], ['upstream', '(none)'], ['deployment', 'deployed'], ['variables.site_name', 'Bakery']]);
    assert.deepEqual(siteRows('nope', plainLocalize), []);
  });
});
