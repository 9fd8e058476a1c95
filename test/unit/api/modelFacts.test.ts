import * as assert from 'node:assert/strict';
import { alertFacts, jobFacts, logFacts, nodeFacts, scrubText, userFacts } from '../../../src/api/modelFacts';
import { HOSTILE, HOSTILE_LOG_LINES } from '../../panel/datasets/demo';
import { usePanel } from '../support/clientPanelHooks';

/** Every credential-like value of the panel: what must never reach a language model. */
function secretsOf(panel: ReturnType<typeof usePanel>['panel'], keys: readonly Record<string, unknown>[]): string[] {
  const secrets = new Set<string>(Object.values(panel.tokens));
  for (const key of keys) {
    for (const field of ['secret', 'sub_slug', 'subscription_short_url']) {
      if (typeof key[field] === 'string' && key[field] !== '') secrets.add(key[field] as string);
    }
    for (const link of Array.isArray(key.links) ? key.links as Record<string, unknown>[] : []) {
      for (const value of Object.values(link)) if (typeof value === 'string' && /:\/\//.test(value)) secrets.add(value);
    }
  }
  for (const node of panel.data.nodes.values()) {
    const record = node as unknown as Record<string, unknown>;
    if (typeof record.registration_secret === 'string') secrets.add(record.registration_secret);
  }
  return [...secrets];
}

describe('What the chat tools may tell a language model (allow-lists over the hostile demo data set)', () => {
  const fixture = usePanel();

  it('no secret, link, slug, subscription URL or token of the panel survives, though the owner\'s token reads them all', async () => {
    const api = fixture.client();
    const keys = await api.keys.listAll({}) as unknown as Record<string, unknown>[];
    const secrets = secretsOf(fixture.panel, keys);
    assert.ok(keys.some((key) => typeof key.secret === 'string'), 'the owner\'s token does read secrets');
    assert.ok(secrets.length > keys.length, `secrets to look for: ${secrets.length}`);

    const nodes = (await api.nodes.list()).items;
    const told: unknown[] = [keys.map(userFacts), nodes.map(nodeFacts)];
    for (const node of nodes) {
      told.push((await api.nodes.jobs(node.id, { limit: 100 })).map(jobFacts));
      if (node.status !== 'offline') {
        const controller = new AbortController();
        const stream = await api.nodes.logs(node.id, { signal: controller.signal });
        told.push(logFacts(await stream.readAll(), 50));
      }
    }
    const alerts = await api.alerts.list();
    told.push((Array.isArray(alerts.items) ? alerts.items : []).map(alertFacts));
    const text = JSON.stringify(told);

    for (const secret of secrets) assert.ok(!text.includes(secret), `a secret reached the model: ${secret.slice(0, 12)}…`);
    assert.doesNotMatch(text, /tg:\/\/|t\.me\/|https?:\/\//, 'no link of any kind');
    assert.doesNotMatch(text, /"(secret|links|sub_slug|subscription_short_url|client_support|limits|registration_secret|logs)"/, 'no field off the allow-lists');
     
    assert.doesNotMatch(text, /\\u001b|\\u0007|\u202e/i, 'no terminal escapes or bidi overrides');
    assert.match(text, /Alice Martin/, 'what the model needs is still there');
    assert.match(text, /"state":"expiring"/);
  });

  it('keeps the useful part of hostile text and drops credential-like runs', () => {
    assert.equal(scrubText('apply failed: Bearer pmt_abcdefABCDEF0123456789 rejected'), 'apply failed: Bearer [redacted] rejected');
    assert.equal(scrubText('proxy tg://proxy?server=a&secret=ee00ff and https://t.me/proxy?x=1'), 'proxy [link removed] and [link removed]');
    assert.equal(scrubText('secret=ee0123 token: abc password="p4ss"'), 'secret=[redacted] token: [redacted] password="[redacted]"');
    assert.equal(scrubText(`slug ${'a1b2'.repeat(8)} here`), 'slug [redacted] here');
    assert.equal(scrubText('bind: address already in use (port 443)'), 'bind: address already in use (port 443)');
    assert.doesNotMatch(scrubText(HOSTILE_LOG_LINES[2]), /\u001b|javascript:|command:/);
    assert.doesNotMatch(scrubText(HOSTILE.controlCharacters), /[\u0000-\u001f]/);
    assert.ok(scrubText(HOSTILE.long).length <= 300);
  });

  it('passes ids exactly and leaves out fields not on the list, whatever they hold', () => {
    const facts = userFacts({ id: '3f0c1b2a-0000-4000-8000-000000000001', label: 'bob', secret: 'ee00', extra: 'x', live: { online: true, token: 'y' }, nodes: [{ node_id: 'n1', hostname: 'h', link: 'tg://x' }] });
    assert.deepEqual(facts, { id: '3f0c1b2a-0000-4000-8000-000000000001', label: 'bob', live: { online: true }, nodes: [{ node_id: 'n1' }] });
    assert.deepEqual(alertFacts({ id: 9007199254740993n, title: 'x', payload: { secret: 'z' } }), { id: '9007199254740993', title: 'x' });
    assert.deepEqual(nodeFacts({ id: 'n 1; rm', name: { nested: 'object' }, status: 'online' }), { status: 'online' });
  });
});
