// The screenshots the VSIX carries, made small: each PNG of the README and the walkthrough
// (packagedImageList.ts) re-encoded by Chromium as WebP, 1050 px wide at quality 0.7, into media/packaged/
// with the SHA-256 of its PNG in media/packaged/sources.json. Run after `npm run screenshots` (and after
// reverting the PNGs not meant to change): only copies whose PNG changed are made again.
//   npm run screenshots:packaged
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '../launch/chromium-browser';
import { repoRoot } from '../launch/repo-paths';
import {
  PACKAGED_DIR, PACKAGED_QUALITY, PACKAGED_WIDTH, SOURCES_FILE, packagedPathOf, packagedScreenshots, readSources, sha256Of, type PackagedSource,
} from './packagedImageList';

async function main(): Promise<void> {
  mkdirSync(join(repoRoot, PACKAGED_DIR), { recursive: true });
  const known = readSources();
  const sources: Record<string, PackagedSource> = {};
  const screenshots = packagedScreenshots();
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    for (const screenshot of screenshots) {
      const target = packagedPathOf(screenshot);
      const name = target.slice(PACKAGED_DIR.length + 1);
      const sha256 = sha256Of(screenshot);
      sources[name] = { from: screenshot, sha256 };
      if (known[name]?.sha256 === sha256 && known[name]?.from === screenshot) continue;
      const png = readFileSync(join(repoRoot, screenshot)).toString('base64');
      const dataUrl = await page.evaluate<string>(encodeInBrowser(png, PACKAGED_WIDTH, PACKAGED_QUALITY));
      if (!dataUrl.startsWith('data:image/webp;base64,')) throw new Error(`Chromium did not encode ${screenshot} as WebP`);
      const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
      writeFileSync(join(repoRoot, target), bytes);
      console.log(`[packaged images] ${target}: ${(bytes.length / 1024).toFixed(1)} KiB from ${screenshot} (${(readFileSync(join(repoRoot, screenshot)).length / 1024).toFixed(1)} KiB)`);
    }
  } finally {
    await browser.close();
  }
  for (const file of readdirSync(join(repoRoot, PACKAGED_DIR))) {
    if (file.endsWith('.webp') && !sources[file]) rmSync(join(repoRoot, PACKAGED_DIR, file)); // no longer shown
  }
  writeFileSync(join(repoRoot, SOURCES_FILE), `${JSON.stringify(sources, null, 2)}\n`);
  console.log(`[packaged images] ${screenshots.length} pictures in ${PACKAGED_DIR}/`);
}

/** The page's script (this project's TypeScript has no DOM types): decode the PNG, scale it, encode WebP. */
function encodeInBrowser(png: string, width: number, quality: number): string {
  return `(async () => {
    const image = new Image();
    image.src = 'data:image/png;base64,${png}';
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.min(${width}, image.width);
    canvas.height = Math.round((image.height * canvas.width) / image.width);
    const context = canvas.getContext('2d');
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/webp', ${quality});
  })()`;
}

main().catch((error: unknown) => {
  console.error(`[packaged images] ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  process.exit(1);
});
