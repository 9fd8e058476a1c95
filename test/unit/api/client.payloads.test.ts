import * as assert from 'node:assert/strict';
import { JOB_STATUSES, auditEntries, type ApplyJob } from '../../../src/api';
import { usePanel } from '../support/clientPanelHooks';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Non-JSON answers and the shapes of part 4.1 as the typed methods return them. */
describe('client: answers of the typed methods', () => {
  const fixture = usePanel({ dataset: 'demo', jobStepMs: 30 });
  const onlineNode = () => [...fixture.panel.data.nodes.values()].find((n) => n.status === 'online' && !n.failure)!;
  const liveKey = () => [...fixture.panel.data.keys.values()].find((k) => k.status === 'active')!;

  it('QR routes return PNG bytes with their content type', async () => {
    const api = fixture.client();
    const subscribed = [...fixture.panel.data.keys.values()].find((k) => k.status === 'active' && k.subscription_active && k.sub_slug);
    assert.ok(subscribed, 'the demo data set has a key with a subscription');
    for (const image of [await api.keys.qr(liveKey().id), await api.keys.subscription.qr(subscribed.id)]) {
      assert.equal(image.contentType, 'image/png');
      assert.ok(image.bytes instanceof Uint8Array);
      assert.deepEqual([...image.bytes.subarray(0, 8)], PNG_SIGNATURE);
    }
  });

  it('metrics return Prometheus text', async () => {
    const text = await fixture.client().nodes.metrics(onlineNode().id);
    assert.equal(typeof text, 'string');
    assert.match(text, /^# (HELP|TYPE) /m);
  });

  it('logs return a stream of text that can be read to the end', async () => {
    const stream = await fixture.client().nodes.logs(onlineNode().id);
    const text = await stream.readAll();
    assert.ok(text.length > 0);
    await assert.rejects(stream.readAll(), /already been read/);
  });

  it('apply queues a job that the jobs list shows moving to a final status', async () => {
    const api = fixture.client();
    const node = onlineNode();
    assert.deepEqual(await api.nodes.apply(node.id), { queued: true });
    let jobs: ApplyJob[] = [];
    for (let i = 0; i < 100; i++) {
      jobs = await api.nodes.jobs(node.id, { limit: 1 });
      if (jobs[0] && ['ok', 'failed', 'rolled_back'].includes(String(jobs[0].status))) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.equal(jobs.length, 1);
    assert.ok(JOB_STATUSES.includes(jobs[0].status as never), String(jobs[0].status));
    assert.ok(['ok', 'failed', 'rolled_back'].includes(String(jobs[0].status)));
    const refreshed = await api.nodes.get(node.id);
    assert.equal(refreshed.id, node.id);
    assert.equal(typeof refreshed.dirty, 'boolean');
  });

  it('lists nodes as {items, total} and keys with the fields of 2.1', async () => {
    const api = fixture.client();
    const nodes = await api.nodes.list();
    assert.equal(nodes.items.length, nodes.total);
    const key = await api.keys.get(liveKey().id);
    assert.equal(key.id, liveKey().id);
    assert.ok(['PERSONAL', 'SHARED'].includes(key.type));
    assert.ok(Array.isArray(key.nodes));
  });

  it('creates, updates, activates and uploads to a branding profile', async () => {
    const api = fixture.client();
    const profile = await api.branding.profiles.create('Night');
    const id = String(profile.id);
    await api.branding.profiles.update(id, { primary_color: '#112233', footer_text: 'hi' });
    assert.equal(fixture.panel.data.brandingProfiles.get(id)?.primary_color, '#112233');
    await api.branding.profiles.upload(id, 'logo', { bytes: new Uint8Array(PNG_SIGNATURE), filename: 'logo.png', contentType: 'image/png' });
    assert.equal(fixture.panel.data.brandingProfiles.get(id)?.assets.logo?.size, PNG_SIGNATURE.length);
    await api.branding.profiles.activate(id);
    assert.equal(fixture.panel.data.brandingProfiles.get(id)?.active, true);
  });

  it('resolves alerts one by one and in bulk', async () => {
    const api = fixture.client();
    const open = fixture.panel.data.alerts.filter((a) => !a.resolved);
    assert.ok(open.length >= 2, 'the demo data set has open alerts');
    await api.alerts.resolve(open[0].id);
    await api.alerts.resolveMany([open[1].id]);
    assert.ok(open[0].resolved && open[1].resolved);
  });

  it('reads audit entries of any page shape', async () => {
    const page = await fixture.client().audit.list({ per_page: 3 });
    assert.ok(auditEntries(page).length <= 3);
    assert.deepEqual(auditEntries({ entries: [{ id: 1 }, 'junk', null] }), [{ id: 1 }]);
    assert.deepEqual(auditEntries({ nothing: true }), []);
  });

  it('fills {engine} and {messenger} from the options', async () => {
    const api = fixture.client({ engineName: 'mtg', messengerName: 'telegram' });
    await api.nodes.engineUpdate.get(onlineNode().id);
    assert.equal(fixture.panel.requests.at(-1)?.path, `/api/v1/nodes/${onlineNode().id}/mtg-update`);
  });
});
