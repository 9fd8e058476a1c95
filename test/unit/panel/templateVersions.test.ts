// The simulator's site template additions (SHAPES.md "Sites"): versions and 409 version_conflict, updated_by,
// declared variables, 422 for invalid HTML on PUT, the import bundle, node sites with variables.
import * as assert from 'node:assert/strict';
import { startPanel, type SimulatedPanel } from '../../panel';
import { rawRequest } from '../../panel/rawRequest';

const PAGE = '<!doctype html><html><head><title>t</title></head><body><p>{{greeting}}</p></body></html>';

describe('simulated panel: template versions, variables and bundles', () => {
  let panel: SimulatedPanel;
  const call = (method: string, path: string, json?: unknown, token?: string) =>
    rawRequest(panel.url, { method, path: `/api/v1${path}`, token: token ?? panel.tokens.owner, json });

  beforeEach(async () => {
    panel = await startPanel({ dataset: 'demo' });
  });
  afterEach(() => panel.close());

  it('versions templates: a PUT naming an old version is 409 version_conflict, without one it wins', async () => {
    const created = (await call('POST', '/site-templates', { name: 'v', html: PAGE, variables: [{ name: 'greeting', default: 'Hi' }] })).json();
    assert.deepEqual([created.version, created.updated_by, created.variables], [1, 'owner', [{ name: 'greeting', default: 'Hi' }]]);
    const first = await call('PUT', `/site-templates/${created.id}`, { html: PAGE.replace('<p>', '<p>1 '), version: 1 }, panel.tokens.admin);
    assert.deepEqual([first.status, first.json().version, first.json().updated_by], [200, 2, 'admin']);
    const stale = await call('PUT', `/site-templates/${created.id}`, { html: PAGE, version: 1 });
    assert.deepEqual([stale.status, stale.json().error.code], [409, 'version_conflict']);
    assert.equal((await call('PUT', `/site-templates/${created.id}`, { css: 'p{}' })).json().version, 3);
    assert.equal((await call('PUT', `/site-templates/${created.id}`, { css: 'p{}', version: 'x' })).status, 422);
  });

  it('refuses invalid HTML on PUT with the lines in fields.html, and bad variables', async () => {
    const created = (await call('POST', '/site-templates', { name: 'v', html: PAGE })).json();
    const refused = await call('PUT', `/site-templates/${created.id}`, { html: '<html><head><title>t</title></head><body>\n<div>\n</body></html>' });
    assert.equal(refused.status, 422);
    assert.equal(refused.json().error.fields.html, 'line 2: <div> is not closed');
    const badVariables = await call('PUT', `/site-templates/${created.id}`, { variables: [{ name: 'a b' }] });
    assert.match(badVariables.json().error.fields.variables, /item 0: name must be a word/);
  });

  it('imports the bundle format and refuses another format marker', async () => {
    const bundle = { format: 'site-template/1', name: 'From bundle', description: 'd', html: PAGE, css: '', variables: [{ name: 'greeting', default: 'Hi' }] };
    const imported = await call('POST', '/site-templates/import', bundle);
    assert.deepEqual([imported.status, imported.json().name, imported.json().variables.length], [201, 'From bundle', 1]);
    assert.equal((await call('POST', '/site-templates/import', { ...bundle, format: 'zip' })).status, 422);
    assert.equal((await call('POST', '/site-templates/import', { ...bundle, extra: 1 })).status, 400);
  });

  it('names every node that uses a template it refuses to delete', async () => {
    const created = (await call('POST', '/site-templates', { name: 'used', html: PAGE })).json();
    const nodes = (await call('GET', '/nodes')).json().items.slice(1, 3);
    for (const node of nodes) assert.equal((await call('POST', `/nodes/${node.id}/site`, { template_id: created.id, variables: { greeting: 'x' } })).status, 200);
    const refused = await call('DELETE', `/site-templates/${created.id}`);
    assert.deepEqual([refused.status, refused.json().error.code], [409, 'template_in_use']);
    for (const node of nodes) assert.match(refused.json().error.message, new RegExp(node.name));
  });

  it('keeps a node site\'s variables and renders them in the preview', async () => {
    const created = (await call('POST', '/site-templates', { name: 'p', html: PAGE, variables: [{ name: 'greeting', default: 'Hi' }] })).json();
    const node = (await call('GET', '/nodes')).json().items[1];
    await call('POST', `/nodes/${node.id}/site`, { template_id: created.id, variables: { greeting: 'Hello there' } });
    const site = (await call('GET', `/nodes/${node.id}/site`)).json();
    assert.deepEqual([site.template_name, site.variables, site.deployment], ['p', { greeting: 'Hello there' }, 'pending_apply']);
    assert.match((await call('GET', `/nodes/${node.id}/site/preview`)).json().html, /Hello there/);
    assert.equal((await call('POST', `/nodes/${node.id}/site`, { variables: ['x'] })).status, 422);
  });

  it('fills placeholders in the preview\'s html and css from own values only, and customizes the same way', async () => {
    const html = PAGE.replace('{{greeting}}', '{{greeting}} {{constructor}} {{toString}}');
    const css = 'p::after { content: "{{greeting}}"; } b::after { content: "{{__proto__}}"; }';
    const created = (await call('POST', '/site-templates', { name: 'c', html, css, variables: [{ name: 'greeting', default: 'Hi' }, { name: 'constructor', default: '' }] })).json();
    const node = (await call('GET', '/nodes')).json().items[1];
    await call('POST', `/nodes/${node.id}/site`, { template_id: created.id, variables: { greeting: 'Hello' } });
    const preview = (await call('GET', `/nodes/${node.id}/site/preview`)).json();
    assert.match(preview.html, /<p>Hello {2}\{\{toString\}\}<\/p>/, 'constructor takes its declared default (empty); toString is no value');
    assert.equal(preview.css, 'p::after { content: "Hello"; } b::after { content: "{{__proto__}}"; }');

    const copy = (await call('POST', `/site-templates/${created.id}/customize`, { values: { greeting: 'Yo' } })).json();
    assert.match(copy.html, /<p>Yo \{\{constructor\}\} \{\{toString\}\}<\/p>/);
    assert.equal(copy.css, 'p::after { content: "Yo"; } b::after { content: "{{__proto__}}"; }');
    assert.deepEqual(copy.variables.map((variable: { name: string }) => variable.name), ['constructor'], 'a variable named constructor was not given a value');
  });
});
