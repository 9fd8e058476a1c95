// Which screenshots the VSIX carries, and where their small copies are: the README's pictures (inlined as
// data: images by esbuild.mjs for the Extensions view) and the walkthrough's (files). The PNGs of
// media/screenshots/ are full size for the repository's page; the VSIX carries WebP copies in
// media/packaged/, made by `npm run screenshots:packaged` (packagedImages.ts), each recorded with the
// SHA-256 of the PNG it was made from, so a stale copy is caught (test/unit/packaging.test.ts).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { repoRoot } from '../launch/repo-paths';

export const PACKAGED_DIR = 'media/packaged';
/** `{ "<name>.webp": { "from": "media/screenshots/<name>.png", "sha256": "…" } }` */
export const SOURCES_FILE = `${PACKAGED_DIR}/sources.json`;
/** Width in pixels (the screenshots are 1400 wide; the Extensions view shows them narrower anyway) and WebP quality. */
export const PACKAGED_WIDTH = 960;
export const PACKAGED_QUALITY = 0.62;

export interface PackagedSource {
  readonly from: string;
  readonly sha256: string;
}

/** The screenshots (repository-relative PNG paths) that the README and the walkthrough show. */
export function packagedScreenshots(): string[] {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const fromReadme = [...readme.matchAll(/!\[[^\]]*\]\((media\/screenshots\/[^)\s]+\.png)\)/g)].map((match) => match[1]);
  const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { contributes: { walkthroughs?: { steps: { media?: { image?: string } }[] }[] } };
  const fromWalkthrough = (manifest.contributes.walkthroughs ?? []).flatMap((walkthrough) => walkthrough.steps.map((step) => step.media?.image ?? ''))
    .filter((image) => image.startsWith(`${PACKAGED_DIR}/`))
    .map((image) => `media/screenshots/${basename(image, '.webp')}.png`);
  return [...new Set([...fromReadme, ...fromWalkthrough])];
}

/** The small copy of a screenshot. */
export function packagedPathOf(screenshot: string): string {
  return `${PACKAGED_DIR}/${basename(screenshot, '.png')}.webp`;
}

export function sha256Of(path: string): string {
  return createHash('sha256').update(readFileSync(join(repoRoot, path))).digest('hex');
}

export function readSources(): Record<string, PackagedSource> {
  try {
    return JSON.parse(readFileSync(join(repoRoot, SOURCES_FILE), 'utf8')) as Record<string, PackagedSource>;
  } catch {
    return {};
  }
}
