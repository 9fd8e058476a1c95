// Panel Ops' page in code-server's Extensions view, from a packaged VSIX, on both VS Codes the suite runs on:
// the README as an operator sees it after installing the VSIX, with its screenshots.
//   npm run screenshots:extensions
// Two packages: the one `npm run package` makes (the pictures inlined as data: URIs: VS Code 1.100 shows them
// offline, VS Code 1.117 leaves them out, keeping their alt text) and one made with PANEL_OPS_README_IMAGES_URL
// pointing at an https server of this repository's media/packaged/ (as a public repository's raw files
// would be), whose pictures both must show. The README's picture is 1.100's page of the first package; the
// others go to .vscode-test/extensions-view-<version>-<package>.png. Fails when an image that has a source
// did not load, or when the linked package's page shows fewer images than the README has.
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SUITE_BUILDS } from '../launch/install-code-server';
import { repoRoot, vscodeTestDir } from '../launch/repo-paths';
import { generateCertificates } from '../panel/certificates';
import { activeWebview, runCommand } from './workbench-page';
import { runScript, runWorkbenchScript, type WorkbenchRun } from './workbench-script';

interface PageImages {
  readonly count: number;
  readonly loaded: number;
  /** Images whose source VS Code left out (its Markdown sanitizer), shown as their alt text. */
  readonly withoutSource: number;
}

async function show({ page, save }: WorkbenchRun, file: string): Promise<PageImages> {
  await runCommand(page, 'Extensions: Show Enabled Extensions');
  const entry = page.locator('.extensions-viewlet .monaco-list-row', { hasText: 'Panel Ops' }).first();
  await entry.waitFor({ timeout: 60_000 });
  await entry.click();
  const readme = activeWebview(page);
  await readme.locator('h1, h2').first().waitFor({ timeout: 60_000 });
  const images = readme.locator('img');
  await page.waitForTimeout(2500);
  const states = await images.evaluateAll((all) => all.map((image) => {
    const element = image as unknown as { complete: boolean; naturalWidth: number; getAttribute(name: string): string | null };
    return { loaded: element.complete && element.naturalWidth > 0, source: element.getAttribute('src') !== null };
  }));
  // The page from the top: the two commands, what it is, and the first screenshot.
  await save(file);
  return { count: states.length, loaded: states.filter((state) => state.loaded).length, withoutSource: states.filter((state) => !state.source).length };
}

/** An https server of media/packaged/ on this machine, standing in for the repository's raw files. */
async function serveImages(): Promise<{ readonly url: string; readonly server: Server; readonly requests: string[] }> {
  const certificates = await generateCertificates();
  const requests: string[] = [];
  const server = createServer({ cert: certificates.cert, key: certificates.key }, (request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'https://images.invalid').pathname);
    requests.push(path);
    const match = /^\/media\/packaged\/([a-z0-9-]+\.webp)$/.exec(path);
    const file = match ? join(repoRoot, 'media', 'packaged', match[1]) : undefined;
    if (!file || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': 'image/webp' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/`, server, requests };
}

async function main(): Promise<void> {
  const readmeImages = [...readFileSync(join(repoRoot, 'README.md'), 'utf8').matchAll(/!\[[^\]]*\]\(media\/screenshots\//g)].length;
  const images = await serveImages();
  const runRoot = mkdtempSync(join(tmpdir(), 'panel-ops-vsix-'));
  const problems: string[] = [];
  try {
    const inlined = join(repoRoot, 'panel-ops.vsix'); // npm run package, just before
    const linked = join(runRoot, 'linked.vsix');
    execFileSync(process.execPath, [join(repoRoot, 'package.mjs'), '--out', linked], { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, PANEL_OPS_README_IMAGES_URL: images.url } });
    for (const [index, build] of SUITE_BUILDS.entries()) {
      for (const [name, vsix] of [['inlined', inlined], ['linked', linked]] as const) {
        const file = index === 0 && name === 'inlined'
          ? join(repoRoot, 'media', 'screenshots', 'extensions-view.png')
          : join(vscodeTestDir, `extensions-view-${build.vscodeVersion}-${name}.png`);
        // The images' server has a certificate of its own; a published README's would be a public host's.
        const seen = await runWorkbenchScript('extensions-view', { build, vsix, ignoreHTTPSErrors: true }, (run) => show(run, file));
        const withSource = seen.count - seen.withoutSource;
        console.log(`[extensions-view] VS Code ${build.vscodeVersion}, pictures ${name}: ${seen.loaded} of ${seen.count} images loaded, ${seen.withoutSource} left out by VS Code`);
        if (seen.loaded < withSource) problems.push(`${build.vscodeVersion} ${name}: ${withSource - seen.loaded} images with a source did not load`);
        if (name === 'linked' && seen.loaded < readmeImages) problems.push(`${build.vscodeVersion} linked: ${seen.loaded} of the README's ${readmeImages} pictures shown`);
        if (index === 0 && name === 'inlined' && seen.loaded < readmeImages) problems.push(`${build.vscodeVersion} inlined: ${seen.loaded} of the README's ${readmeImages} pictures shown`);
      }
    }
    console.log(`[extensions-view] the images' server answered ${images.requests.length} requests`);
  } finally {
    images.server.close();
    rmSync(runRoot, { recursive: true, force: true });
  }
  if (problems.length > 0) throw new Error(problems.join('; '));
}

runScript('extensions-view', main);
