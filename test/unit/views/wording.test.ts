import * as assert from 'node:assert/strict';
import { nodeDescription } from '../../../src/views/nodes/nodeDescription';
import { ago, relativeTime } from '../../../src/text/relativeTime';
import { userDescription } from '../../../src/views/shared/userDescription';
import { describeFilter } from '../../../src/views/users/usersFilterModel';
import type { Localize } from '../../../src/text/localize';
import { plainLocalize as t } from '../support/plainLocalize';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const iso = (offsetMs: number) => new Date(NOW + offsetMs).toISOString();

describe('views: wording (relative time, localized descriptions)', () => {
  it('says "in 3 days" or "5 minutes ago", singular for one, "now" within 45 seconds', () => {
    assert.equal(relativeTime(iso(3 * 24 * 3600_000 + 60_000), NOW, t), 'in 3 days');
    assert.equal(relativeTime(iso(-5 * 60_000), NOW, t), '5 minutes ago');
    assert.equal(relativeTime(iso(-3600_000), NOW, t), '1 hour ago');
    assert.equal(relativeTime(iso(-10_000), NOW, t), 'now');
    assert.equal(relativeTime('not a date', NOW, t), '');
  });

  it('gives short ages for past events, "just now" within 45 seconds', () => {
    assert.equal(ago(iso(-3 * 3600_000), NOW, t), '3 hr. ago');
    assert.equal(ago(iso(-5 * 60_000), NOW, t), '5 min. ago');
    assert.equal(ago(iso(-20_000), NOW, t), 'just now');
    assert.equal(ago(undefined, NOW, t), '');
  });

  it("passes every word, but not the panel's values, through the given localize function", () => {
    const upper = ((first: string | { message: string; args?: Array<string | number | boolean>; comment: string | string[] }, ...args: Array<string | number | boolean>) =>
      typeof first === 'string' ? t(first.toUpperCase(), ...args) : t({ ...first, message: first.message.toUpperCase() })) as Localize;
    assert.equal(relativeTime(iso(-10_000), NOW, upper), 'NOW');
    assert.equal(ago(iso(-10_000), NOW, upper), 'JUST NOW');
    assert.equal(userDescription({ type: 'SHARED', owner_label: 'ops', expires_at: null, live: { online: true, devices: 2 } }, NOW, upper),
      'SHARED · OWNER: ops · NO EXPIRY · ● ONLINE · 2 DEVICES');
    assert.equal(nodeDescription({ id: 'n1', status: 'offline', dirty: true, last_apply_at: iso(-60_000) }, NOW, upper),
      'offline · ● NOT APPLIED · APPLIED 1 minute ago');
    assert.equal(describeFilter({ q: 'alice', node: { id: 'n1', name: 'fra-1' } }, upper), 'Q: alice · NODE: fra-1');
  });
});
