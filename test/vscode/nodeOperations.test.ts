// Node operations inside a real VS Code against the simulated panel: restart (502 on the broken node kept
// on its item until a success), check (503 on the offline node), diagnostics and details in read-only tabs,
// web lifecycle and engine update through their prompts, and the sensitive copies that reach the
// clipboard and nothing else.
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { SimulatedPanel } from '../panel';
import { auditSince, nodeItem, nodeRecord, onItem, readOnlyTab } from './nodeSupport';
import { connectedPanel, requestsTo, tooltipText, type TestApi } from './support';

/** Every log file under the folder of the extension's logs (the Panel Ops channel writes there). */
function logText(api: TestApi): string {
  const root = join(api.storagePaths.logs, '..');
  const texts: string[] = [];
  const visit = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) visit(path);
      else if (name.endsWith('.log')) texts.push(readFileSync(path, 'utf8'));
    }
  };
  visit(root);
  return texts.join('\n');
}

describe('Node operations', () => {
  const connected = connectedPanel();
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));

  it('a 502 on restart shows on the node item until an action on it succeeds', async () => {
    const item = await nodeItem(api, 'hel-3');
    await onItem(api, 'panelOps.nodes.restart', item, 'Restart');
    assert.equal(api.input.notices.length, 1, 'one notification');
    assert.match(api.input.notices[0].message, /Could not restart "hel-3": The node could not carry out the operation \(HTTP 502\)/);
    assert.match(String(item.description), /restart failed \(502\)/);
    assert.match(tooltipText(item).replace(/\\/g, ''), /could not carry out restart \(HTTP 502\): restart failed on hel-3/);
    assert.equal(requestsTo(panel, `/nodes/${item.node.id}/restart`).length, 1, 'a mutation is not retried');

    await onItem(api, 'panelOps.nodes.check', item);
    assert.doesNotMatch(String(item.description), /502/, 'the check succeeded: the problem is gone');
  });

  it('a 503 says the node is offline, on its item', async () => {
    const item = await nodeItem(api, 'waw-4');
    await onItem(api, 'panelOps.nodes.check', item);
    assert.deepEqual(api.input.notices.map((notice) => notice.message), ['Could not check "waw-4": The node is offline: the panel cannot reach it (HTTP 503).']);
    assert.match(String(item.description), /unreachable \(503\)/);
    assert.match(tooltipText(item), /offline/);
  });

  it('Check on a healthy node says every check passed and shows what the panel returned in a read-only tab', async () => {
    const item = await nodeItem(api, 'ams-1');
    await onItem(api, 'panelOps.nodes.check', item);
    assert.deepEqual(api.input.notices.map((notice) => notice.message), ['Every check of "ams-1" passed.']);
    const tab = readOnlyTab(/ams-1 — check\.json/);
    const answer = JSON.parse(tab) as { checks?: { name?: unknown }[] };
    assert.ok(Array.isArray(answer.checks) && answer.checks.length > 0 && answer.checks.every((entry) => typeof entry.name === 'string'), `the checks by name: ${tab}`);
    assert.match(tab, /latency|ms/i, 'with their latencies');
    assert.match(tab, /"checked_at"/, 'and the time');
  });

  it('restarts after the confirmation and asks nothing more', async () => {
    const item = await nodeItem(api, 'ams-1');
    const audit = panel.data.audit.length;
    await onItem(api, 'panelOps.nodes.restart', item, 'Restart');
    assert.equal(api.input.questions[0].kind, 'confirm');
    assert.match(api.input.questions[0].title, /Restart "ams-1"/);
    assert.equal(auditSince(panel, audit, 'nodes.restart').length, 1);
    await onItem(api, 'panelOps.nodes.restart', item, { cancel: true });
    assert.equal(auditSince(panel, audit, 'nodes.restart').length, 1, 'cancelled: nothing sent');
  });

  it('opens diagnostics and web diagnostics in read-only tabs', async () => {
    const item = await nodeItem(api, 'ams-1');
    await onItem(api, 'panelOps.nodes.diagnostics', item);
    assert.match(readOnlyTab(/ams-1 — diagnostics\.json/), /"checks"/);
    await onItem(api, 'panelOps.nodes.webDiagnostics', item, 'https://example.org/');
    assert.match(readOnlyTab(/ams-1 — web diagnostics\.json/), /"url": "https:\/\/example\.org\/"/);
  });

  it('web lifecycle sends the chosen action; engine update offers the latest version and starts it', async () => {
    const item = await nodeItem(api, 'ams-1');
    const audit = panel.data.audit.length;
    await onItem(api, 'panelOps.nodes.webLifecycle', item, 'reload');
    assert.deepEqual(auditSince(panel, audit, 'nodes.web.lifecycle').map((entry) => entry.details.action), ['reload']);

    const record = nodeRecord(panel, 'ams-1');
    record.engine_version = '2.0.0';
    await onItem(api, 'panelOps.nodes.engineUpdate', item, 'Update to 2.1.8');
    assert.match(api.input.questions[0].title, /2\.0\.0 runs, 2\.1\.8 is available/);
    assert.deepEqual(auditSince(panel, audit, 'nodes.engine_update').map((entry) => entry.details.version), ['2.1.8']);
    assert.equal(requestsTo(panel, `/nodes/${record.id}/mtg-update`).map((request) => request.method).join(','), 'GET,POST');
  });

  it('shows each detail of a node in a read-only tab, metrics made readable', async () => {
    const item = await nodeItem(api, 'ams-1');
    for (const [label, title, expected] of [
      ['Stats', /ams-1 — stats\.json/, /"keys_bound"/],
      ['Metrics', /ams-1 — metrics\.txt/, /^proxy_connections \(gauge\)\n {2}Open client connections\.\n {2}node=ams-1 {2}\d/m],
      ['Probes', /ams-1 — probes\.json/, /"latency_ms"/],
      ['Profiles', /ams-1 — profiles\.json/, /"profile_sync"/],
      ['Web carriers', /ams-1 — web carriers\.json/, /"success_rate"/],
    ] as const) {
      await onItem(api, 'panelOps.nodes.showDetails', item, label);
      assert.match(readOnlyTab(title), expected, label);
    }
    await vscode.commands.executeCommand('panelOps.nodes.panelUpdateStatus');
    assert.match(readOnlyTab(/update status\.json/), /"latest_version"/);
  });

  it('copies the install command and registration secret to the clipboard, never to the log or a tooltip', async () => {
    const item = await nodeItem(api, 'fra-2');
    const record = nodeRecord(panel, 'fra-2');
    await vscode.env.clipboard.writeText('');
    await onItem(api, 'panelOps.nodes.copyInstallCommand', item);
    const command = await vscode.env.clipboard.readText();
    assert.match(command, /install\.sh/);
    assert.ok(command.includes(record.registration_secret), 'the command holds the registration secret');
    await onItem(api, 'panelOps.nodes.copyRegistrationSecret', item);
    assert.equal(await vscode.env.clipboard.readText(), record.registration_secret);

    assert.ok(!tooltipText(item).includes(record.registration_secret), 'not in the tooltip');
    // The log is written asynchronously: wait for the lines that say what was copied, then look for the value.
    const deadline = Date.now() + 10_000;
    while (!/Copied the registration secret of fra-2/.test(logText(api)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    const log = logText(api);
    assert.match(log, /Copied the install command of fra-2 to the clipboard/);
    assert.ok(!log.includes(record.registration_secret), 'the secret never reaches the log');
  });
});

describe('Node operations with a token limited to nodes:read', () => {
  const connected = connectedPanel({
    token: (panel) => panel.issueToken({ role: 'owner', scopes: ['nodes:read'] }).secret,
    connect: { scopes: ['nodes:read'] },
  });
  let api: TestApi;
  let panel: SimulatedPanel;

  before(() => ({ api, panel } = connected));

  it('believes write actions unavailable, and a refused one names the scope it needs', async () => {
    assert.equal(api.session.capabilities.can('nodes.apply'), false, 'the menus that need nodes:write are hidden');
    assert.equal(api.session.capabilities.can('nodes.stats'), true);
    const item = await nodeItem(api, 'ams-1');
    await onItem(api, 'panelOps.nodes.check', item);
    assert.equal(api.input.notices.length, 1);
    assert.match(api.input.notices[0].message, /Could not check "ams-1": The panel refused POST \/nodes\/\{id\}\/check: it needs nodes:write/);
    assert.equal(auditSince(panel, 0, 'nodes.check').length, 0);
    await onItem(api, 'panelOps.nodes.showDetails', item, 'Stats');
    assert.match(readOnlyTab(/ams-1 — stats\.json/), /"keys_bound"/, 'reads it may do still work');
  });
});
