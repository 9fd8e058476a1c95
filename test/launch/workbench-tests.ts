// Runs an extension-tests entry (a module exporting run(), as VS Code's extensionTestsPath) inside a
// running code-server's real extension host, with Chromium showing the web workbench: the VS Code suite
// (code-server.ts) and the workbench's network bench (test/bench/workbenchNetwork.ts).
import type { Browser, Page } from 'playwright-core';
import { repoRoot } from './repo-paths';
import { remoteUri, workbenchUrl, type RunningCodeServer } from './code-server-process';

export interface ExtensionTestsRun {
  /** Gives up after this long, with exit code 1. */
  readonly timeoutMs: number;
  /** What the workbench logs (console calls of the extension host and the page), printf style. */
  log(type: string, args: unknown[]): void;
  /** Called with the page before the workbench loads (e.g. for the UI driver). */
  onPage?(page: Page): void;
  /** Named in the message when the run times out. */
  readonly name: string;
  /**
   * VS Code's display language (`fa`, `zh-cn`): set before the workbench loads, as a language pack's
   * nls.messages.js sets it (test/ui/russian.ts says why no pack is needed). English when absent.
   */
  readonly displayLanguage?: string;
}

/** Makes the workbench about to load on `page` show `language`: VS Code's words stay English, the extension's follow. */
export async function useWorkbenchLanguage(page: Page, language: string): Promise<void> {
  await page.addInitScript((tag: string) => {
    (globalThis as { _VSCODE_NLS_LANGUAGE?: string })._VSCODE_NLS_LANGUAGE = tag;
  }, language);
}

/** Opens the workbench on `workspace` with the extension and the tests entry; resolves the entry's exit code. */
export async function runExtensionTests(server: RunningCodeServer, browser: Browser, workspace: string, entry: string, run: ExtensionTestsRun): Promise<number> {
  const page = await browser.newPage();
  run.onPage?.(page);
  if (run.displayLanguage) await useWorkbenchLanguage(page, run.displayLanguage);
  let reportExit: (code: number) => void = () => undefined;
  const exitCode = new Promise<number>((resolve) => (reportExit = resolve));
  // Exposed before the workbench loads: it calls them when it runs extension tests.
  await page.exposeFunction('codeAutomationExit', (code: number) => reportExit(code));
  await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => run.log(type, args));
  page.on('pageerror', (error) => console.error(`[workbench page error] ${error.message}`));

  await page.goto(
    workbenchUrl(server, workspace, [
      ['extensionDevelopmentPath', remoteUri(server, repoRoot)],
      ['extensionTestsPath', remoteUri(server, entry)],
      ['skipWelcome', 'true'],
    ]),
  );
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<number>((resolve) => {
    timer = setTimeout(() => {
      console.error(`[${run.name}] did not finish within ${run.timeoutMs / 1000} s; code-server said:\n${server.recentOutput()}`);
      resolve(1);
    }, run.timeoutMs);
  });
  const code = await Promise.race([exitCode, timedOut]);
  clearTimeout(timer);
  await page.close().catch(() => undefined); // before its code-server stops (the next run opens its own)
  return code;
}
