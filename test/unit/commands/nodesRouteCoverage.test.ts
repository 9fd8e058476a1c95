// Every node and fleet route of the catalog (and status.update) is called from a command, view or store,
// and every node or fleet command that writes is hidden unless the token is believed to hold nodes:write.
import * as assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROUTES } from '../../../src/api/catalog';

const SRC = resolve(__dirname, '../../../../src');
/** Node routes other engineers' features call (site, blocklist, web policy, reliability, logs, jobs). */
const ELSEWHERE = /^nodes\.(site|blocklist|webPolicy|reliability)\.|^nodes\.(logs|jobs)$/;

function sourcesOf(folders: readonly string[]): string {
  return folders.flatMap((folder) => readdirSync(join(SRC, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => readFileSync(join(SRC, folder, file), 'utf8'))).join('\n');
}

describe('node and fleet routes in use', () => {
  const code = sourcesOf(['commands', 'views', 'state']);

  it('calls every nodes.*, fleet.* and status.update route from a command, view or store', () => {
    const routes = ROUTES.map((route) => route.id).filter((id) => /^(nodes|fleet)\./.test(id) || id === 'status.update').filter((id) => !ELSEWHERE.test(id));
    assert.ok(routes.length >= 25, `${routes.length} routes`);
    const uncalled = routes.filter((id) => !code.includes(`api.${id}(`) && !code.includes(`api.${id}.get(`));
    assert.deepEqual(uncalled, []);
  });

  it('hides node and fleet actions that write unless nodes:write is believed granted, and details unless nodes:read', () => {
    const manifest = JSON.parse(readFileSync(join(SRC, '..', 'package.json'), 'utf8')) as { contributes: { menus: Record<string, { command: string; when?: string }[]> } };
    const writes = ['apply', 'applyAllPending', 'restart', 'check', 'diagnostics', 'webDiagnostics', 'webLifecycle', 'engineUpdate',
      'copyInstallCommand', 'copyRegistrationSecret', 'create', 'edit', 'delete'].map((name) => `panelOps.nodes.${name}`)
      .concat('panelOps.fleet.update', 'panelOps.fleet.showUpdates');
    const reads = ['panelOps.nodes.showDetails', 'panelOps.nodes.panelUpdateStatus'];
    const entries = Object.values(manifest.contributes.menus).flat().filter((entry) => entry.when !== 'false');
    for (const [commands, scope] of [[writes, /panelOps\.scope\.nodes\.write/], [reads, /panelOps\.scope\.nodes\.read/]] as const) {
      for (const command of commands) {
        const shown = entries.filter((entry) => entry.command === command);
        assert.ok(shown.length > 0, `${command} appears in a menu`);
        for (const entry of shown) assert.match(entry.when ?? '', scope, command);
      }
    }
  });
});
