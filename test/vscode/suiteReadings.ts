// Which reading of the simulated panel (test/panel/SHAPES.md "Readings") the VS Code suite runs under, and
// which of its files run again under the other readings (test/README.md "Readings"). Shared by the suite
// (index.ts, in the extension host) and its launchers (test/launch/, plain Node): nothing here needs vscode.
import { READINGS, readingNamed, UPSTREAM_OBJECT_SEED, type Reading } from '../panel/readings';

/** `PANEL_OPS_READING=first|second|third|random:<seed>`: the default reading of every panel the suite starts (a test's own `readings` still wins). */
export const READING_ENV = 'PANEL_OPS_READING';

/** `PANEL_OPS_TEST_FILES=users.test,branding.test`: run only these files of the suite (names without `.js`). */
export const TEST_FILES_ENV = 'PANEL_OPS_TEST_FILES';

/**
 * The readings the launchers run `READING_PARTS` under, after the whole suite under the default reading:
 * the two hand-written ones and one fixed seed of the random reading (test/panel/SHAPES.md), the one where
 * a node site's upstream is an object, as the second panel that found issue 33 gives it.
 */
export const READING_PASSES: readonly Reading[] = ['second', 'third', `random:${UPSTREAM_OBJECT_SEED}`];

/**
 * The parts of the suite that send bodies or read shapes the contract does not show, and that start their
 * panels in the default reading: the launchers run them again under each of `READING_PASSES`. The files
 * that loop over `READINGS` themselves (templateEditing, templateLifecycle, siteTemplates, jsonDocuments,
 * anyPanel) play every reading in the whole suite's run already and are not listed.
 */
export const READING_PARTS: readonly string[] = [
  // The editor and documents: template and settings tabs, variables.json, saves held and sent.
  'editorIntent.test',
  'exactNumbers.test',
  'nodeSite.test',
  // Users: the view and its counts, create, batch, import, actions, bulk.
  'users.test',
  'users.create.test',
  'users.actions.test',
  'actions.groundwork.test',
  // The users table: plan, Apply Plan, revert, import.
  'usersTable.test',
  'usersCounts.test',
  // Creates, copies and imports whose answer is lost.
  'lostAnswers.test',
  // Silent shapes read: alerts, branding profiles, settings, the audit log, fleet updates.
  'alerts.test',
  'alertIds.test',
  'branding.test',
  'settings.test',
  'auditLog.test',
  'fleetUpdates.test',
  // The panel as a folder: every resource pulled, planned and applied.
  'panelFolder.test',
  'panelFolderPromotion.test',
  'panelFolderExact.test',
];

/** The reading `PANEL_OPS_READING` names; undefined when unset; an error for anything else. */
export function suiteReading(env: NodeJS.ProcessEnv = process.env): Reading | undefined {
  const name = env[READING_ENV];
  if (name === undefined || name === '') return undefined;
  const reading = readingNamed(name);
  if (!reading) throw new Error(`${READING_ENV}=${name}: not one of ${READINGS.join(', ')}, random:<seed>`);
  return reading;
}

/** The file names `PANEL_OPS_TEST_FILES` lists; undefined when unset. */
export function suiteTestFiles(env: NodeJS.ProcessEnv = process.env): string[] | undefined {
  const list = env[TEST_FILES_ENV];
  if (list === undefined || list.trim() === '') return undefined;
  return list.split(',').map((name) => name.trim().replace(/\.(js|ts)$/, '')).filter((name) => name !== '');
}

/**
 * `PANEL_OPS_DISPLAY_LANGUAGE=fa`: VS Code's display language in the workbench the launcher opens (its
 * `vscode.env.language`, the bundles the extension loads); English when unset.
 */
export const DISPLAY_LANGUAGE_ENV = 'PANEL_OPS_DISPLAY_LANGUAGE';

/**
 * The display languages the launchers run `LANGUAGE_PARTS` under after the reading passes: Persian (right to
 * left) and Simplified Chinese, each in a VS Code of its own showing that language (test/README.md).
 */
export const LANGUAGE_PASSES: readonly string[] = ['fa', 'zh-cn'];

/** The files run again in each of `LANGUAGE_PASSES`: one small file, so each pass takes well under two minutes. */
export const LANGUAGE_PARTS: readonly string[] = ['languages.test'];

/** One run of the suite: a name for its output and the environment its extension host gets on top of the launcher's. */
export interface SuitePass {
  readonly name: string;
  readonly env: Readonly<Record<string, string>>;
  /** VS Code's display language in this pass (the launcher sets it in the workbench); English when absent. */
  readonly displayLanguage?: string;
}

/** The display language `PANEL_OPS_DISPLAY_LANGUAGE` names (a narrowed run in one language); undefined when unset. */
export function suiteDisplayLanguage(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const language = env[DISPLAY_LANGUAGE_ENV]?.trim().toLowerCase();
  if (!language) return undefined;
  if (!/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/.test(language)) throw new Error(`${DISPLAY_LANGUAGE_ENV}=${language}: not a language id such as fa or zh-cn`);
  return language;
}

/**
 * What a launcher runs: the whole suite under the default reading, then `READING_PARTS` under each of
 * `READING_PASSES`, then `LANGUAGE_PARTS` in each of `LANGUAGE_PASSES`. A run narrowed by the developer
 * (`PANEL_OPS_READING`, `PANEL_OPS_DISPLAY_LANGUAGE`, `PANEL_OPS_TEST_GREP` or `PANEL_OPS_TEST_FILES` set)
 * is one pass as asked.
 */
export function suitePasses(env: NodeJS.ProcessEnv = process.env): SuitePass[] {
  const reading = suiteReading(env);
  const language = suiteDisplayLanguage(env);
  if (reading || language || env.PANEL_OPS_TEST_GREP || suiteTestFiles(env)) {
    const name = [reading && `${reading} reading`, language && `in ${language}`].filter(Boolean).join(', ') || 'the suite';
    return [language ? { name, env: {}, displayLanguage: language } : { name, env: {} }];
  }
  return [
    { name: 'the suite', env: {} },
    ...READING_PASSES.map((pass) => ({ name: `${pass} reading`, env: { [READING_ENV]: pass, [TEST_FILES_ENV]: READING_PARTS.join(',') } })),
    ...LANGUAGE_PASSES.map((language) => ({ name: `in ${language}`, env: { [DISPLAY_LANGUAGE_ENV]: language, [TEST_FILES_ENV]: LANGUAGE_PARTS.join(',') }, displayLanguage: language })),
  ];
}
