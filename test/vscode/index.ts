// Entry point of the suite that runs inside a real VS Code extension host (code-server or desktop VS Code):
// both launchers pass out/test/vscode/index.js as extensionTestsPath, and VS Code calls run().
// It runs every out/test/vscode/**/*.test.js with mocha (or those PANEL_OPS_TEST_FILES names), every
// simulated panel in the reading PANEL_OPS_READING names (suiteReadings.ts), and rejects when a test fails.
import Mocha from 'mocha';
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { setDefaultReading } from '../panel/readings';
import { suiteDisplayLanguage, suiteReading, suiteTestFiles, TEST_FILES_ENV } from './suiteReadings';
import { failOnWebviewPolicyViolations } from './webviewPolicy';

function findTestFiles(directory: string, only: readonly string[] | undefined): string[] {
  const files = readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.js'))
    .sort();
  if (!only) return files.map((file) => join(directory, file));
  const names = new Map(files.map((file) => [basename(file, '.js'), file]));
  const unknown = only.filter((name) => !names.has(name));
  // A renamed file must not drop out of a reading pass unnoticed.
  if (unknown.length > 0) throw new Error(`${TEST_FILES_ENV} names no test file ${unknown.join(', ')} under ${directory}`);
  return only.map((name) => join(directory, names.get(name) as string));
}

const emptyStats = { suites: 0, tests: 0, passes: 0, pending: 0, failures: 0 } as Mocha.Stats;

export async function run(): Promise<void> {
  // PANEL_OPS_READING=first|second|third: every panel the suite starts plays that reading unless its own
  // options name one (test/README.md "Readings").
  const reading = suiteReading();
  if (reading) setDefaultReading(reading);
  // The spec reporter writes through console.log, which the extension host forwards to the launcher.
  const mocha = new Mocha({ ui: 'bdd', color: false, reporter: 'spec', timeout: 60_000, slow: 5_000 });
  // PANEL_OPS_TEST_GREP=<text> runs only the tests whose full title contains it (while developing);
  // PANEL_OPS_TEST_GREP=/<regular expression>/ those whose title it matches.
  const grep = process.env.PANEL_OPS_TEST_GREP;
  const pattern = grep && /^\/(.+)\/$/.exec(grep);
  if (pattern) mocha.grep(new RegExp(pattern[1]));
  else if (grep) mocha.grep(grep);
  // Every test fails when a webview it opened reported a Content-Security-Policy violation (a blocked
  // chunk, style sheet, image or font): the pages must load whole under their policy.
  mocha.rootHooks({ afterEach: failOnWebviewPolicyViolations });
  const files = findTestFiles(__dirname, suiteTestFiles());
  for (const file of files) mocha.addFile(file);
  if (files.length === 0) throw new Error(`No *.test.js files under ${__dirname}`);

  // A test file that fails to load makes mocha.run throw, which rejects this promise.
  const stats = await new Promise<Mocha.Stats>((resolve) => {
    const runner = mocha.run(() => resolve(runner.stats ?? { ...emptyStats, failures: 1 }));
  });
  // The closing line CI reads: "<word>: N passed, N failed" (`vscode-third: ...` under another reading,
  // `vscode-fa: ...` in another display language).
  const language = suiteDisplayLanguage();
  console.log(`vscode${reading ? `-${reading}` : ''}${language ? `-${language}` : ''}: ${stats.passes} passed, ${stats.failures} failed, ${stats.pending} skipped`);
  if (stats.failures > 0) throw new Error(`${stats.failures} VS Code test(s) failed`);
  if (stats.passes === 0) throw new Error('The VS Code suite ran no test');
}
