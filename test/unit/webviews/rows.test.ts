// What the job history and QR pages are sent: plain text from hostile panel values, PNGs only when they
// are PNGs, links made plain, and nothing of a webview restored after a reload.
import * as assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { jobRows } from '../../../src/webviews/jobs/jobRows';
import { pngDataUrl, qrCards, userLinks } from '../../../src/webviews/qr/qrCards';
import { plainLocalize } from '../support/plainLocalize';

const HOSTILE = '<img src=x onerror=alert(1)> \u001b[31mred\u001b[0m\u0000 \u202Eevil\n</script>';

describe('webviews: job rows', () => {
  it('makes every value plain, keeps colour runs in the log, and tells jobs apart without ids', () => {
    const rows = jobRows([
      { id: 'j1', status: 'failed', started_at: '2026-05-01T10:00:00Z', finished_at: '2026-05-01T10:00:42Z', error: HOSTILE, logs: [HOSTILE, 'ok'] },
      { id: 'j1', status: '<b>odd</b>', log: 'one\ntwo' },
      'not a job',
      { status: 'queued' },
    ], Date.parse('2026-05-01T11:00:00Z'), plainLocalize);
    assert.deepEqual(rows.map((row) => row.key), ['j1', '#2', '#3']);
    assert.equal(rows[0].error, '<img src=x onerror=alert(1)> red evil </script>');
    assert.equal(rows[0].durationMs, 42_000);
    assert.equal(rows[0].duration, '42 s');
    assert.deepEqual(rows[0].log[0].runs, [[29, 32, 'f1']]);
    assert.doesNotMatch(rows[0].log[0].text, /[\u0000\u001b\u202e]/);
    assert.deepEqual([rows[1].statusClass, rows[1].status], ['unknown', '<b>odd</b>']);
    assert.deepEqual(rows[1].log.map((line) => line.text), ['one', 'two']);
  });
});

describe('webviews: QR cards', () => {
  const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

  it('accepts only PNG bytes of reasonable size as an image', () => {
    assert.match(pngDataUrl(png) ?? '', /^data:image\/png;base64,iVBORw0KGgoBAgM=$/);
    assert.equal(pngDataUrl(new TextEncoder().encode('<svg onload=alert(1)>')), undefined);
    assert.equal(pngDataUrl(new Uint8Array(3 * 1024 * 1024).fill(0x89)), undefined);
  });

  it('lists each node\'s links and the subscription as plain text, with the images on their cards', () => {
    const key = {
      id: 'k',
      links: [{ node_name: 'ams-1', hostname: 'a.example', kind: 'faketls', node_id: 'n', domain: 'example', tg: `tg://proxy?x=1${HOSTILE}`, tme: 'https://t.me/proxy?x=1' }],
      subscription_short_url: 'https://panel.example/s/abc',
    };
    const links = userLinks(key, plainLocalize);
    assert.deepEqual(links.map((link) => link.label), ['ams-1 (tg link)', 'ams-1 (tme link)', 'Subscription']);
    assert.doesNotMatch(links[0].value, /[\u0000-\u001f\u202e]/);
    const cards = qrCards(key, { key: { image: 'data:image/png;base64,AA==' }, subscription: { note: 'none' } }, plainLocalize);
    assert.deepEqual(cards.map((card) => [card.id, card.links.length, card.image, card.imageNote]), [
      ['key', 2, 'data:image/png;base64,AA==', undefined],
      ['subscription', 1, undefined, 'none'],
    ]);
  });
});

describe('webviews: nothing restored after a reload', () => {
  it('registers no webview serializer and no onWebviewPanel activation (QR pages hold secrets)', () => {
    const root = resolve(__dirname, '../../../..');
    const manifest = readFileSync(join(root, 'package.json'), 'utf8');
    assert.doesNotMatch(manifest, /onWebviewPanel/);
    const src = join(root, 'src');
    for (const file of readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.ts'))) {
      assert.doesNotMatch(readFileSync(join(src, file), 'utf8'), /registerWebviewPanelSerializer|retainContextWhenHidden:\s*true/, file);
    }
  });
});
