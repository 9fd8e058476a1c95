// Every user route of the catalog (keys.*) is called from some command, view, store or webview of the
// extension or the users table's vscode-free layer (creates and bulk changes), through the client method
// of the same name (the QR images from the QR webview).
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROUTES } from '../../../src/api/catalog';

const SRC = resolve(__dirname, '../../../../src');

function sources(): string {
  return ['commands', 'views', 'state', 'webviews', 'usersTable']
    .flatMap((folder) => readdirSync(join(SRC, folder), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts')).map((file) => join(SRC, folder, file)))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
}

/** The client calls that send the route (`keys.list` is also read through `count`, `pages` and `listAll`). */
function callsOf(id: string): string[] {
  if (id === 'keys.list') return ['api.keys.list(', 'api.keys.count(', 'api.keys.pages(', 'api.keys.listAll('];
  return [`api.${id}(`];
}

describe('user routes in use', () => {
  const text = sources();
  for (const route of ROUTES.filter((candidate) => candidate.id.startsWith('keys.'))) {
    it(`calls ${route.id} (${route.method} ${route.path})`, () => {
      assert.ok(callsOf(route.id).some((call) => text.includes(call)), `nothing calls ${callsOf(route.id).join(' or ')}`);
    });
  }
});

describe('user actions in menus', () => {
  interface MenuItem { command?: string; submenu?: string; when?: string; group?: string }
  const manifest = JSON.parse(readFileSync(resolve(__dirname, '../../../../package.json'), 'utf8')) as { contributes: { menus: Record<string, MenuItem[]> } };
  const menus = manifest.contributes.menus;
  /** Commands that only read (users:read); every other panelOps.users.* action changes the panel or reads secrets. */
  const READS = new Set(['panelOps.users.refresh', 'panelOps.users.filter', 'panelOps.users.clearFilter', 'panelOps.users.export', 'panelOps.users.showDetails', 'panelOps.users.copyShareLink']);

  it('shows an action that needs users:write only while the token is believed to have it', () => {
    const entries = [...menus['view/item/context'], ...menus['view/title'], ...menus.commandPalette]
      .filter((item) => item.command?.startsWith('panelOps.users.') && !READS.has(item.command) && item.when !== 'false');
    assert.ok(entries.length > 20);
    for (const entry of entries) assert.match(entry.when ?? '', /panelOps\.scope\.users\.write/, `${entry.command} (${entry.when})`);
  });

  it('offers item actions only on items they apply to: nothing but Delete, details and a link to it on a revoked user', () => {
    const onRevoked = menus['view/item/context']
      .filter((item) => {
        const pattern = /viewItem =~ \/([^/]+)\//.exec(item.when ?? '')?.[1];
        return pattern !== undefined && new RegExp(pattern).test('user.revoked');
      })
      .map((item) => item.command);
    assert.deepEqual([...new Set(onRevoked)].sort(), ['panelOps.users.copyShareLink', 'panelOps.users.delete', 'panelOps.users.showDetails']);
  });
});
