import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { OutcomeUnknownError, PanelHttpError } from '../../../src/api';
import { usePanel } from '../support/clientPanelHooks';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 255, 0x0d, 0x0a, 0x2d, 0x2d]);

/** Uploads are FormData bodies that undici encodes; what the simulated panel (its own multipart parser) received. */
describe('client: branding asset uploads as the panel receives them', () => {
  const fixture = usePanel({ dataset: 'demo' });
  const profileId = () => [...fixture.panel.data.brandingProfiles.values()].find((profile) => !profile.active)!.id;
  const uploadsTo = (id: string) => fixture.panel.requests.filter((r) => r.method === 'POST' && r.path === `/api/v1/branding/profiles/${id}/upload`);

  it('sends part `file` with its name, type and exact bytes, ?kind=, and the token only in one Authorization header', async () => {
    const id = profileId();
    const answer = await fixture.client().branding.profiles.upload(id, 'favicon', { bytes: PNG, filename: 'favicon.png', contentType: 'image/png' });
    const stored = fixture.panel.data.brandingProfiles.get(id)?.assets.favicon;
    assert.deepEqual(
      { filename: stored?.filename, content_type: stored?.content_type, size: stored?.size, sha256: stored?.sha256 },
      { filename: 'favicon.png', content_type: 'image/png', size: PNG.length, sha256: createHash('sha256').update(PNG).digest('hex') },
    );
    assert.equal((answer as { kind?: string }).kind, 'favicon');
    const [request] = uploadsTo(id);
    assert.equal(request.query.kind, 'favicon');
    assert.match(String(request.headers['content-type']), /^multipart\/form-data; boundary=/);
    assert.equal(request.headers.authorization, `Bearer ${fixture.panel.tokens.owner}`);
    assert.ok(!String(request.body).includes(fixture.panel.tokens.owner), 'the token is not in the body');
    assert.ok(!request.path.includes(fixture.panel.tokens.owner) && !Object.values(request.query).includes(fixture.panel.tokens.owner));
    assert.equal(request.headers.cookie, undefined);
  });

  it('names a nameless file `upload` sent as application/octet-stream', async () => {
    const id = profileId();
    await fixture.client().branding.profiles.upload(id, 'logo', { bytes: PNG });
    const stored = fixture.panel.data.brandingProfiles.get(id)?.assets.logo;
    assert.deepEqual([stored?.filename, stored?.content_type, stored?.size], ['upload', 'application/octet-stream', PNG.length]);
  });

  it('keeps a hostile file name and type inside their part: no header line is added', async () => {
    const id = profileId();
    await fixture.client().branding.profiles.upload(id, 'logo_dark', {
      bytes: PNG,
      filename: 'a"; name="other\r\nX-Injected: 2.png',
      contentType: 'image/png\r\nX-Injected: 1',
    });
    const stored = fixture.panel.data.brandingProfiles.get(id)?.assets.logo_dark;
    assert.equal(stored?.size, PNG.length, 'the part named `file` still holds the bytes');
    assert.equal(stored?.content_type, 'application/octet-stream', 'a type with a line break is not sent');
    assert.doesNotMatch(stored?.filename ?? '', /["\r\n]/);
    const [request] = uploadsTo(id);
    const lines = String(request.body).split('\r\n');
    assert.ok(!lines.some((line) => line.startsWith('X-Injected')), lines.join('\n'));
    assert.equal(lines.filter((line) => /^Content-/i.test(line)).length, 2, 'one Content-Disposition and one Content-Type line');
  });

  it('tells the panel\'s refusal of a too-large file with its field reason', async () => {
    const id = profileId();
    const large = new Uint8Array(2 * 1024 * 1024 + 1);
    const error = await fixture.client().branding.profiles.upload(id, 'login_bg', { bytes: large, filename: 'big.png', contentType: 'image/png' }).then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof PanelHttpError, String(error));
    assert.deepEqual([error.status, error.fields], [422, { file: 'must be at most 2 MiB' }]);
    assert.equal(fixture.panel.data.brandingProfiles.get(id)?.assets.login_bg, undefined);
  });

  it('never sends an upload twice: not after a 503, not after a reset connection', async () => {
    const id = profileId();
    fixture.panel.inject({ kind: 'status', status: 503, times: 3, match: { method: 'POST' } });
    await assert.rejects(
      fixture.client().branding.profiles.upload(id, 'logo', { bytes: PNG, filename: 'a.png', contentType: 'image/png' }),
      (e: unknown) => e instanceof PanelHttpError && e.status === 503,
    );
    assert.equal(uploadsTo(id).length, 1);
    fixture.panel.clearFaults();
    fixture.panel.resetRequests();
    fixture.panel.inject({ kind: 'reset', match: { method: 'POST' } });
    await assert.rejects(
      fixture.client().branding.profiles.upload(id, 'logo', { bytes: PNG, filename: 'a.png', contentType: 'image/png' }),
      (e: unknown) => e instanceof OutcomeUnknownError,
    );
    assert.equal(uploadsTo(id).length, 1);
  });
});
