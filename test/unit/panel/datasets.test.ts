import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startPanel } from '../../panel';
import { rawRequest } from '../../panel/rawRequest';

describe('simulated panel: data sets and the command line', () => {
  it('builds the same demo data on every start (seeded)', async () => {
    const [a, b] = await Promise.all([startPanel({ dataset: 'demo' }), startPanel({ dataset: 'demo' })]);
    try {
      assert.deepEqual([...a.data.keys.keys()], [...b.data.keys.keys()]);
      assert.deepEqual([...a.data.nodes.values()].map((n) => n.name), ['ams-1', 'fra-2', 'hel-3', 'waw-4', 'nyc-5', 'sgp-6']);
      const statuses = new Set(a.data.jobs.map((j) => j.status));
      assert.deepEqual([...statuses].sort(), ['failed', 'ok', 'queued', 'rolled_back', 'running']);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('serves the large data set quickly, filtering 20,000 keys by state', async () => {
    const started = Date.now();
    const panel = await startPanel({ dataset: 'large' });
    try {
      assert.ok(Date.now() - started < 2000, `start took ${Date.now() - started} ms`);
      assert.ok(panel.data.keys.size >= 20_000 && panel.data.nodes.size >= 200);
      for (const state of ['active', 'expiring', 'revoked']) {
        const t = Date.now();
        const body = (await rawRequest(panel.url, { path: `/api/v1/keys?state=${state}&per_page=1`, token: panel.tokens.owner })).json();
        assert.ok(Date.now() - t < 500, `${state} took ${Date.now() - t} ms`);
        assert.ok(body.total > 100 && body.items.length === 1);
      }
    } finally {
      await panel.close();
    }
  });

  it('has only settings in the empty data set', async () => {
    const panel = await startPanel({ dataset: 'empty' });
    try {
      const get = (path: string) => rawRequest(panel.url, { path: `/api/v1${path}`, token: panel.tokens.owner }).then((r) => r.json());
      assert.deepEqual(await get('/keys'), { items: [], total: 0, page: 1, per_page: 50 });
      assert.deepEqual(await get('/nodes'), { items: [], total: 0 });
      assert.equal((await get('/settings')).panel_name, 'Fleet Panel');
    } finally {
      await panel.close();
    }
  });

  it('runs from the command line, prints one JSON line and stops on SIGTERM', async () => {
    const cli = spawn(process.execPath, [join(__dirname, '..', '..', 'panel', 'cli.js'), '--dataset', 'empty', '--job-step-ms', '50'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      cli.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(out);
      });
      cli.once('exit', (code) => reject(new Error(`exited with ${code}`)));
    });
    const printed = JSON.parse(line);
    assert.equal(line.trim().split('\n').length, 1);
    assert.ok(/^http:\/\/127\.0\.0\.1:\d+$/.test(printed.url));
    assert.deepEqual(Object.keys(printed.tokens).sort(), ['admin', 'expired', 'owner', 'readOnly', 'revoked', 'viewer']);
    assert.equal((await rawRequest(printed.url, { path: '/api/v1/nodes', token: printed.tokens.viewer })).status, 200);
    const exited = new Promise<number | null>((resolve) => cli.once('exit', resolve));
    cli.kill('SIGTERM');
    assert.equal(await exited, 0);
  });
});
