// A panel that answers with hostile text where the simulated panel is well-behaved: what the user sees stays
// one short plain line without links, and odd answers do not break a view.
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { children, connect, isUserItem, labelOf, signOut, testApi, tooltipOf, type TestApi } from './support';

const TOKEN = `pmt_${'ab'.repeat(20)}`;
const HOSTILE_MESSAGE = `[Open the docs](command:panelOps.signOut)\nsecond line \u202Eevil ${'x'.repeat(100_000)}`;

const NODES = [
  { id: 'n1', name: 'fra-1', status: 'online' },
  { id: 'n1', name: 'fra-1 again', status: 'online' },
  { id: 'n1\u200b', name: 'fra-1 with a zero-width space in its id', status: 'online' },
  { id: 'n2', name: 'ams-2', status: 'online', '[x](command:panelOps.signOut)\n\u202Eodd member': 'value' },
];
const HEALTH = {
  'disk.free': '10 GB',
  disk: { free: '11 GB' },
  [`${'k'.repeat(70)}a`]: 1,
  [`${'k'.repeat(70)}b`]: 2,
  '[x](command:panelOps.signOut)\n\u202Emember': 'up',
};

const KEYS = [
  { id: 'k1', label: 'alice', state: 'active', type: 'PERSONAL' },
  { id: 'k1\u200b', label: 'alice with a zero-width space in her id', state: 'active', type: 'PERSONAL' },
  { id: 'k2', label: 'bob', state: 'active', type: 'PERSONAL' },
];

type Route = (request: IncomingMessage) => { status: number; body: unknown } | undefined;

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function startHostilePanel(routes: Record<string, Route>): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname.replace(/^\/api\/v1/, '');
    const answer = routes[path]?.(request);
    if (answer) json(response, answer.status, answer.body);
    else json(response, 404, { error: { code: 'not_found', message: 'not here' } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('A panel that answers with hostile text', () => {
  let api: TestApi;
  let url: string;
  let server: Server;

  before(async () => {
    api = await testApi();
    ({ url, server } = await startHostilePanel({
      '/nodes': () => ({ status: 200, body: { items: NODES, total: NODES.length } }),
      '/nodes/n1/health': () => ({ status: 200, body: HEALTH }),
      '/keys': () => ({ status: 200, body: { items: KEYS, total: KEYS.length, page: 1, per_page: 50 } }),
      '/alerts': () => ({ status: 500, body: { error: { code: 'internal', message: HOSTILE_MESSAGE } } }),
    }));
    await connect({ url }, TOKEN, { name: 'Hostile panel', preset: 'readOnly' });
  });

  after(async () => {
    await signOut({ url });
    await new Promise((resolve) => server.close(resolve));
  });

  it('says why alerts failed in one short plain line in the status bar and the Alerts view', async () => {
    await api.alertsStore.refresh();
    // The status bar's tooltip lists every connected panel: this one's line is the one that names it.
    const tooltip = api.statusBarItem.tooltip as vscode.MarkdownString;
    assert.equal(tooltip.isTrusted, false);
    const line = tooltip.value.split('\n').find((candidate) => candidate.startsWith('Hostile panel:')) ?? '';
    for (const text of [line, String((await children(api.alerts))[0]?.tooltip)]) {
      assert.match(text, /Open the docs/, 'the panel\'s words are still readable');
      assert.ok(text.length < 1200, `at most about 1000 characters, not ${text.length}`);
      assert.doesNotMatch(text, /[\n\u202E]/, 'no line breaks or bidi overrides');
      assert.doesNotMatch(text, /\]\(/, 'no link syntax');
    }
  });

  it('shows a node listed twice once, instead of failing the Nodes view on a repeated item id', async () => {
    const nodes = await children(api.nodes);
    assert.deepEqual(nodes.map(labelOf), ['fra-1', 'ams-2']);
    assert.equal(new Set(nodes.map((item) => item.id)).size, nodes.length);
  });

  it('gives every health row its own id and plain member names in the tooltip', async () => {
    const [node] = await children(api.nodes);
    const health = await children(api.nodes, (await children(api.nodes, node))[0]);
    assert.equal(health.length, 5);
    assert.equal(new Set(health.map((item) => item.id)).size, 5, 'ids repeat: ' + health.map((item) => item.id).join(', '));
    const tooltips = [...health, (await children(api.nodes))[1]].map((item) => tooltipOf(item).value);
    for (const tooltip of tooltips) {
      assert.doesNotMatch(tooltip, /\u202E/, 'no bidi override');
      assert.doesNotMatch(tooltip, /(^|[^\\])\]\(/, 'no Markdown link');
    }
    // The member name stays on the line of its value: its line break became a space.
    assert.ok(tooltips.some((tooltip) => /signOut\\\) member: up/.test(tooltip)), tooltips.join('\n---\n'));
    assert.ok(tooltips.some((tooltip) => /signOut\\\) odd member: value/.test(tooltip)), tooltips.join('\n---\n'));
  });

  it('shows a user whose id repeats once made plain only once, instead of failing the group', async () => {
    const groups = await children(api.users);
    const active = groups.find((item) => labelOf(item) === 'active');
    assert.ok(active, groups.map(labelOf).join(', '));
    const users = (await children(api.users, active)).filter(isUserItem);
    assert.deepEqual(users.map(labelOf), ['alice', 'bob']);
    assert.equal(new Set(users.map((item) => item.id)).size, users.length);
  });
});
