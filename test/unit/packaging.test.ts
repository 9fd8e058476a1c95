// The VSIX stays light (at most 1.5 MB) and shows small copies of the screenshots: the README's pictures
// inlined as WebP, the walkthrough's as WebP files, each made from the current PNG.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from '../launch/repo-paths';
import { PACKAGED_DIR, packagedPathOf, packagedScreenshots, readSources, sha256Of } from '../ui/packagedImageList';

const LIMIT_BYTES = 1.5 * 1024 * 1024;

function isWebp(path: string): boolean {
  const head = readFileSync(join(repoRoot, path)).subarray(0, 12);
  return head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP';
}

describe('packaging: a light VSIX', () => {
  it('has a WebP copy of every screenshot of the README and the walkthrough, made from the PNG as it is now', () => {
    const screenshots = packagedScreenshots();
    assert.ok(screenshots.length >= 10, screenshots.join());
    const sources = readSources();
    const stale = screenshots.filter((screenshot) => {
      const copy = packagedPathOf(screenshot);
      const source = sources[copy.slice(PACKAGED_DIR.length + 1)];
      return !source || source.from !== screenshot || source.sha256 !== sha256Of(screenshot) || !isWebp(copy);
    });
    assert.deepEqual(stale, [], 'run `npm run screenshots:packaged` to make their copies again');
    const extra = readdirSync(join(repoRoot, PACKAGED_DIR)).filter((file) => file.endsWith('.webp') && !screenshots.some((screenshot) => packagedPathOf(screenshot).endsWith(`/${file}`)));
    assert.deepEqual(extra, [], 'copies no page shows');
  });

  it('packages into at most 1.5 MB, with the README\'s pictures inlined as WebP and no PNG screenshot', function () {
    this.timeout(240_000);
    const folder = mkdtempSync(join(tmpdir(), 'panel-ops-package-'));
    try {
      const vsix = join(folder, 'panel-ops.vsix');
      execFileSync(process.execPath, [join(repoRoot, 'package.mjs'), '--out', vsix], { cwd: repoRoot, stdio: 'pipe' });
      const size = statSync(vsix).size;
      assert.ok(size <= LIMIT_BYTES, `the VSIX is ${size} bytes`);
      const readme = readFileSync(join(repoRoot, 'dist', 'README.md'), 'utf8');
      const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)]{0,40})/g)].map((match) => match[1]);
      assert.equal(images.length, [...readFileSync(join(repoRoot, 'README.md'), 'utf8').matchAll(/!\[[^\]]*\]\(media\//g)].length);
      for (const image of images) assert.match(image, /^data:image\/webp;base64,/);
      // A zip holds each file's name as plain text.
      const names = readFileSync(vsix).toString('latin1');
      assert.doesNotMatch(names, /extension\/media\/screenshots\//, 'no full-size screenshot is shipped');
      assert.match(names, /extension\/media\/packaged\/node-logs\.webp/, 'the walkthrough\'s pictures are');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
