import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import { inflateSync } from 'node:zlib';
import { startPanel, type SimulatedPanel } from '../../panel';
import { crc32 } from '../../panel/png';
import { rawRequest } from '../../panel/rawRequest';

const STEP_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('simulated panel: nodes, jobs, logs, metrics, QR, fleet updates', () => {
  let panel: SimulatedPanel;
  const call = (method: string, path: string, json?: unknown, token?: string) =>
    rawRequest(panel.url, { method, path: `/api/v1${path}`, token: token ?? panel.tokens.owner, json });
  const node = (name: string) => [...panel.data.nodes.values()].find((n) => n.name === name)!;

  beforeEach(async () => {
    panel = await startPanel({ dataset: 'demo', jobStepMs: STEP_MS });
  });

  /** The newest job of a node once it has finished (polled, at most 5 s). */
  async function finishedJob(nodeId: string) {
    for (let i = 0; i < 250; i++) {
      const job = (await call('GET', `/nodes/${nodeId}/jobs?limit=1`)).json()[0];
      if (job.finished_at) return job;
      await sleep(20);
    }
    throw new Error('the job did not finish');
  }
  afterEach(() => panel.close());

  it('lists nodes as {items, total} without paging, with online, offline and degraded nodes', async () => {
    const body = (await call('GET', '/nodes?page=2&per_page=1')).json();
    assert.equal(body.total, 6);
    assert.equal(body.items.length, 6);
    assert.deepEqual([...new Set(body.items.map((n: { status: string }) => n.status))].sort(), ['degraded', 'offline', 'online']);
    assert.ok(body.items.some((n: { dirty: boolean }) => n.dirty));
    assert.ok(body.items.every((n: Record<string, unknown>) => !('failure' in n) && !('registration_secret' in n)));
  });

  it('returns jobs newest first with logs, limit 1 to 100 and 20 when out of range', async () => {
    const sgp = node('sgp-6');
    const jobs = (await call('GET', `/nodes/${sgp.id}/jobs`)).json();
    assert.ok(Array.isArray(jobs));
    assert.deepEqual(jobs.map((j: { status: string }) => j.status), ['queued', 'running', 'ok']);
    assert.ok(jobs.every((j: { logs: unknown }) => Array.isArray(j.logs)));
    for (let i = 0; i < 25; i++) await call('POST', `/nodes/${sgp.id}/apply`);
    assert.equal((await call('GET', `/nodes/${sgp.id}/jobs?limit=0`)).json().length, 20);
    assert.equal((await call('GET', `/nodes/${sgp.id}/jobs?limit=101`)).json().length, 20);
    assert.equal((await call('GET', `/nodes/${sgp.id}/jobs?limit=3`)).json().length, 3);
    assert.equal((await call('GET', `/nodes/${sgp.id}/jobs?limit=100`)).json().length, 28);
  });

  it('runs an apply from queued through running to ok, then the node is clean with last_apply_at set', async () => {
    const fra = node('fra-2');
    assert.equal(fra.dirty, true);
    const res = await call('POST', `/nodes/${fra.id}/apply`);
    assert.deepEqual([res.status, res.json()], [202, { queued: true }]);
    const statuses = new Set<string>();
    for (let i = 0; i < 100 && !statuses.has('ok'); i++) {
      statuses.add((await call('GET', `/nodes/${fra.id}/jobs?limit=1`)).json()[0].status);
      await sleep(5);
    }
    assert.deepEqual([...statuses], ['queued', 'running', 'ok']);
    const after = (await call('GET', `/nodes/${fra.id}`)).json();
    assert.equal(after.dirty, false);
    assert.ok(Date.now() - Date.parse(after.last_apply_at) < 5000);
    const job = (await call('GET', `/nodes/${fra.id}/jobs?limit=1`)).json()[0];
    assert.ok(job.started_at && job.finished_at && job.error === null && job.logs.length >= 4);
  });

  it('ends an apply as failed (with the error) on the failing node and rolled_back on the degraded one', async () => {
    await call('POST', `/nodes/${node('hel-3').id}/apply`);
    await call('POST', `/nodes/${node('nyc-5').id}/apply`);
    const failed = await finishedJob(node('hel-3').id);
    assert.equal(failed.status, 'failed');
    assert.match(failed.error, /reload failed/);
    assert.equal(node('hel-3').dirty, true);
    assert.equal((await finishedJob(node('nyc-5').id)).status, 'rolled_back');
  });

  it('answers 503 for live operations on the offline node and 502 when a node operation fails', async () => {
    const waw = node('waw-4');
    for (const [method, path] of [['POST', 'apply'], ['POST', 'restart'], ['POST', 'check'], ['GET', 'diagnostics'], ['GET', 'logs'], ['GET', 'health'], ['GET', 'metrics']]) {
      const res = await call(method, `/nodes/${waw.id}/${path}`);
      assert.equal(res.status, 503, path);
      assert.equal(res.json().error.code, 'node_offline');
    }
    assert.equal((await call('GET', `/nodes/${waw.id}`)).status, 200);
    const restart = await call('POST', `/nodes/${node('hel-3').id}/restart`);
    assert.deepEqual([restart.status, restart.json().error.code], [502, 'node_operation_failed']);
    assert.equal((await call('POST', `/nodes/${node('ams-1').id}/restart`)).status, 200);
  });

  it('streams node logs as chunked text that ends by itself', async () => {
    const res = await call('GET', `/nodes/${node('ams-1').id}/logs`);
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain/);
    assert.equal(res.headers['transfer-encoding'], 'chunked');
    assert.ok(res.text.trim().split('\n').length >= 8);
  });

  it('keeps streaming with ?follow=1 until the client goes away', async () => {
    const url = new URL(`/api/v1/nodes/${node('ams-1').id}/logs?follow=1`, panel.url);
    const received = await new Promise<string>((resolve, reject) => {
      const req = http.get(url, { headers: { Authorization: `Bearer ${panel.tokens.owner}` }, agent: false }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.split('\n').length > 3) {
            req.destroy();
            resolve(text);
          }
        });
        res.on('end', () => reject(new Error('the follow stream ended by itself')));
      });
      req.on('error', (error) => ((error as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(error)));
    });
    assert.match(received, /ams-1/);
  });

  it('serves metrics as Prometheus text', async () => {
    const res = await call('GET', `/nodes/${node('ams-1').id}/metrics`, undefined, panel.tokens.readOnly);
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
    assert.match(res.text, /^# TYPE proxy_connections gauge$/m);
    assert.match(res.text, /^proxy_keys_bound\{node="ams-1"\} \d+$/m);
  });

  it('serves QR codes as valid PNG images of a QR matrix', async () => {
    const key = [...panel.data.keys.values()].find((k) => k.status === 'active' && k.subscription_active)!;
    for (const path of [`/keys/${key.id}/qr`, `/keys/${key.id}/subscription/qr`]) {
      const res = await call('GET', path);
      assert.equal(res.status, 200, path);
      assert.equal(res.headers['content-type'], 'image/png');
      const png = res.body;
      assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      assert.equal(png.subarray(12, 16).toString('ascii'), 'IHDR');
      const width = png.readUInt32BE(16);
      const height = png.readUInt32BE(20);
      assert.equal(width, height);
      assert.ok(width >= 100, `width ${width}`);
      assert.equal(png.readUInt32BE(29), crc32(png.subarray(12, 29)), 'IHDR CRC');
      const idatLength = png.readUInt32BE(33);
      assert.equal(png.subarray(37, 41).toString('ascii'), 'IDAT');
      const pixels = inflateSync(png.subarray(41, 41 + idatLength));
      assert.equal(pixels.length, (width + 1) * height);
      const dark = [...pixels].filter((v) => v === 0).length;
      assert.ok(dark > width * height * 0.2 && dark < width * height * 0.6, 'a QR matrix is roughly half dark');
    }
  });

  it('starts fleet updates for 1 to 100 nodes with 202, stops them once, then 409', async () => {
    assert.equal((await call('POST', '/fleet/updates', { node_ids: [] })).status, 422);
    const tooMany = Array.from({ length: 101 }, () => node('ams-1').id);
    assert.match((await call('POST', '/fleet/updates', { node_ids: tooMany })).json().error.fields.node_ids, /100/);
    const started = await call('POST', '/fleet/updates', { node_ids: [node('ams-1').id, node('fra-2').id] });
    assert.equal(started.status, 202);
    const id = started.json().id;
    assert.equal((await call('GET', '/fleet/updates')).json().items[0].id, id);
    assert.equal((await call('POST', `/fleet/updates/${id}/stop`)).json().status, 'stopped');
    const again = await call('POST', `/fleet/updates/${id}/stop`);
    assert.deepEqual([again.status, again.json().error.code], [409, 'not_running']);
  });
});
