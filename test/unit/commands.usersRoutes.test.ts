// Every user route of the catalog (keys.*) is called from some command, view or store of the extension,
// through the client method of the same name. The two QR images belong to the QR webview
// (panelOps.users.showQr), which this check names rather than ignores.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROUTES } from '../../src/api/catalog';

const SRC = resolve(__dirname, '../../../src');
/** Shown as images by the QR webview, built alongside in its own module. */
const QR_ROUTES = new Set(['keys.qr', 'keys.subscription.qr']);

function sources(): string {
  return ['commands', 'views', 'state']
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
  for (const route of ROUTES.filter((candidate) => candidate.id.startsWith('keys.') && !QR_ROUTES.has(candidate.id))) {
    it(`calls ${route.id} (${route.method} ${route.path})`, () => {
      assert.ok(callsOf(route.id).some((call) => text.includes(call)), `nothing calls ${callsOf(route.id).join(' or ')}`);
    });
  }
});
