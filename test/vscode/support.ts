// Helpers for the suites that run inside a real VS Code against the simulated panel: the extension's test
// API (what `activate` returns in test mode), connecting with the connect command's argument form, a
// connected-panel fixture, reading tree children the way the workbench does, and waiting for changes.
// Items come from the extension's bundle, so they are recognised by contextValue, never by instanceof.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { activate } from '../../src/extension';
import type { ScriptedAnswer } from '../../src/prompts/scriptedUserInput';
import { startPanel, type PanelOptions, type SimulatedPanel } from '../panel';

const EXTENSION_ID = 'panel-ops.panel-ops';

export interface ViewParts {
  readonly provider: vscode.TreeDataProvider<vscode.TreeItem>;
  readonly view: vscode.TreeView<vscode.TreeItem>;
}

/**
 * What the extension's `activate` returns in test mode, derived from extension.ts (a type only: the suite
 * never loads the sources, it talks to the bundle the workbench loaded).
 */
export type TestApi = NonNullable<Awaited<ReturnType<typeof activate>>>;

/** The object the extension's `activate` returns in test mode. */
export async function testApi(): Promise<TestApi> {
  const extension = vscode.extensions.getExtension<TestApi>(EXTENSION_ID);
  assert.ok(extension, `extension ${EXTENSION_ID} is not loaded`);
  const api = await extension.activate();
  assert.ok(
    api?.session && api.nodes?.provider && api.users?.provider && api.alerts?.provider && api.siteTemplates?.provider,
    'activate() returns the test API',
  );
  return api;
}

/**
 * Every token the suite connected with and every simulated panel it connected to, for the token-hygiene
 * check that runs last (zz.tokenHygiene.test.ts).
 */
export const suiteTokens = new Set<string>();
export const suitePanels = new Set<{ readonly url: string; readonly tokenUrls?: readonly string[] }>();

export interface ConnectOptions {
  /** Shown as every view's description; default "Test panel". */
  readonly name?: string;
  /** What the token was created with, as the user would say at connect time; default full rights. */
  readonly preset?: 'fullRights' | 'readOnly';
  /** The exact scopes the token was created with (instead of a preset). */
  readonly scopes?: readonly string[];
  /** Answers to the access gateway step before its "Continue" (e.g. "Add Header…", a name, a value); default none. */
  readonly gateway?: readonly ScriptedAnswer[];
  /** The protection level picked in Connect's optional step; default open. */
  readonly protection?: 'open' | 'protected' | 'readOnly';
}

/** The label of each protection level in Connect and Set Protection Level…. */
export const PROTECTION_LABELS = { open: 'Open panel', protected: 'Protected panel', readOnly: 'Read-only panel' } as const;

/**
 * Connects the way a user does: runs "Connect to Panel…" and answers its prompts (URL, the access gateway
 * step, token, what the token was created with, name, protection level) through the scripted input. Resolves once the token is verified and
 * stored; rejects with what the prompts said was wrong (a validation message, or the reason the check
 * failed that the step at fault showed when it opened again).
 */
export async function connect(panel: { readonly url: string }, token: string, options: ConnectOptions = {}): Promise<void> {
  const { input, session } = await testApi();
  suiteTokens.add(token);
  suitePanels.add(panel);
  input.clear();
  const preset = options.scopes ? 'Some scopes…' : options.preset === 'readOnly' ? 'Read-only' : 'Full rights';
  input.queue(panel.url, ...(options.gateway ?? []), 'Continue', token, preset, ...(options.scopes ? [options.scopes] : []), options.name ?? 'Test panel', PROTECTION_LABELS[options.protection ?? 'open']);
  // A Connect that fails is told (the command wrapper tells and logs it) and resolves: it failed when the
  // panel is not connected afterwards, with what the prompts and notices said as the reason.
  const told = () => [
    ...input.questions.flatMap((question) => [...question.validation, ...(question.problem ? [question.problem] : [])]),
    ...input.notices.filter((notice) => notice.severity === 'error').map((notice) => notice.message),
  ];
  try {
    await vscode.commands.executeCommand('panelOps.connect');
    if (!session.panel(panel.url)) throw new Error(told().join(' | ') || 'the panel is not connected');
  } catch (error) {
    throw new Error(told().length > 0 ? told().join(' | ') : String(error));
  } finally {
    input.clear();
  }
}

/** Runs a command whose prompts are answered, in order, by `answers`; fails if an answer was left over. */
export async function runWithAnswers(command: string, ...answers: ScriptedAnswer[]): Promise<unknown> {
  const { input } = await testApi();
  input.clear();
  input.queue(...answers);
  const result = await vscode.commands.executeCommand(command);
  assert.equal(input.remaining, 0, `every scripted answer to ${command} was used`);
  return result;
}

/** Runs a command on tree items (as a menu does: the clicked item, then the selection) answering its prompts with `answers`. */
export async function runOnWithAnswers(command: string, args: readonly unknown[], ...answers: ScriptedAnswer[]): Promise<unknown> {
  const { input } = await testApi();
  input.clear();
  input.queue(...answers);
  const result = await vscode.commands.executeCommand(command, ...args);
  assert.equal(input.remaining, 0, `every scripted answer to ${command} was used`);
  return result;
}

/** Signs out of the panel through "Sign Out", picking it (by its URL) when several panels are connected. */
export async function signOut(panel: { readonly url: string }): Promise<void> {
  const api = await testApi();
  if (!api.session.panel(panel.url)) return; // not connected (e.g. a connect that failed)
  api.input.clear();
  api.input.queue(panel.url);
  try {
    await vscode.commands.executeCommand('panelOps.signOut');
  } finally {
    api.input.clear(); // with one panel connected nothing is asked
  }
}

export interface ConnectedPanelSetup {
  /** Options of the simulated panel (e.g. the data set). */
  readonly panel?: PanelOptions;
  /** The token to connect with; default the owner's full-rights token. */
  readonly token?: (panel: SimulatedPanel) => string;
  readonly connect?: ConnectOptions;
}

/** The test API and a simulated panel connected in the enclosing `describe`; read them inside hooks and tests. */
export interface ConnectedPanel {
  readonly api: TestApi;
  readonly panel: SimulatedPanel;
}

/**
 * Registers, in the enclosing `describe`, a `before` hook that starts a simulated panel and connects to it,
 * and an `after` hook that signs out and closes the panel.
 */
export function connectedPanel(setup: ConnectedPanelSetup = {}): ConnectedPanel {
  let api: TestApi | undefined;
  let panel: SimulatedPanel | undefined;
  before(async () => {
    api = await testApi();
    panel = await startPanel(setup.panel);
    await connect(panel, setup.token?.(panel) ?? panel.tokens.owner, setup.connect);
  });
  after(async () => {
    if (!panel) return;
    await signOut(panel);
    await panel.close();
  });
  return {
    get api() {
      assert.ok(api, 'the connected-panel fixture is read before its before() hook ran');
      return api;
    },
    get panel() {
      assert.ok(panel, 'the connected-panel fixture is read before its before() hook ran');
      return panel;
    },
  };
}

/**
 * `connectedPanel`, and before each test: no fault left from the previous one and the Users view started
 * over (what the suites acting on users need).
 */
export function connectedPanelForActions(setup: ConnectedPanelSetup = {}): ConnectedPanel {
  const connected = connectedPanel(setup);
  beforeEach(() => {
    connected.panel.clearFaults();
    void connected.api.users.provider.refresh();
  });
  return connected;
}

/** A state group of the Users view, by its label. */
export async function userGroup(api: TestApi, state: string): Promise<vscode.TreeItem> {
  const found = (await children(api.users)).find((item) => labelOf(item) === state);
  assert.ok(found, `group ${state}`);
  return found;
}

/** The Users section of a node in the Nodes view. */
export async function nodeUsersSection(api: TestApi, nodeName: string): Promise<vscode.TreeItem> {
  const node = (await children(api.nodes)).find((item) => labelOf(item) === nodeName);
  assert.ok(node, `node ${nodeName}`);
  const section = (await children(api.nodes, node)).find((item) => item.contextValue === 'nodeSection.users');
  assert.ok(section, `the Users section of ${nodeName}`);
  return section;
}

export async function children(parts: ViewParts, element?: vscode.TreeItem): Promise<vscode.TreeItem[]> {
  return (await parts.provider.getChildren(element)) ?? [];
}

export function labelOf(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : item.label?.label ?? '';
}

export function byContext(items: readonly vscode.TreeItem[], contextValue: string): vscode.TreeItem[] {
  return items.filter((item) => item.contextValue === contextValue);
}

/** A user item: contextValue `user.<state>` (with `.subscribed` while its subscription is active). */
export function isUserItem(item: vscode.TreeItem): boolean {
  return /^user\.[a-z]+(\.subscribed)?$/.test(item.contextValue ?? '');
}

/** The user items among a list of tree items. */
export function userItems(items: readonly vscode.TreeItem[]): vscode.TreeItem[] {
  return items.filter(isUserItem);
}

export function iconId(item: vscode.TreeItem): string | undefined {
  return item.iconPath instanceof vscode.ThemeIcon ? item.iconPath.id : (item.iconPath as { id?: string } | undefined)?.id;
}

/** The tooltip, which must be a MarkdownString. */
export function tooltipOf(item: vscode.TreeItem): vscode.MarkdownString {
  const tooltip = item.tooltip;
  assert.ok(tooltip && typeof tooltip !== 'string', 'the tooltip is a MarkdownString');
  return tooltip;
}

/** The tooltip's text, whatever its kind; '' without one. */
export function tooltipText(item: vscode.TreeItem): string {
  const tooltip = item.tooltip;
  if (tooltip === undefined) return '';
  return typeof tooltip === 'string' ? tooltip : tooltip.value;
}

/** Resolves once `condition()` holds, checking after every event of `event` (and right away). */
export async function until(event: vscode.Event<unknown>, condition: () => boolean, timeoutMs = 15_000): Promise<void> {
  if (condition()) return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(new Error('the condition did not hold within the time limit'));
    }, timeoutMs);
    const subscription = event(() => {
      if (!condition()) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve();
    });
  });
}

/** Resolves with the element of the next tree change that satisfies `matches`. Subscribe before acting. */
export function nextChange(parts: ViewParts, matches: (element: vscode.TreeItem | undefined) => boolean, timeoutMs = 15_000): Promise<vscode.TreeItem | undefined> {
  const event = parts.provider.onDidChangeTreeData;
  assert.ok(event, 'the provider fires onDidChangeTreeData');
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { subscription.dispose(); reject(new Error('no tree change within the time limit')); }, timeoutMs);
    const subscription = event((changed) => {
      const element = Array.isArray(changed) ? changed[0] : changed ?? undefined;
      if (!matches(element)) return;
      clearTimeout(timer);
      subscription.dispose();
      resolve(element);
    });
  });
}

/** Requests the simulated panel recorded for a path (given without the /api/v1 prefix), or paths matching a pattern. */
export function requestsTo(panel: SimulatedPanel, path: string | RegExp): SimulatedPanel['requests'][number][] {
  return panel.requests.filter((request) => {
    const bare = request.path.replace(/^\/api\/v1/, '');
    return typeof path === 'string' ? bare === path : path.test(bare);
  });
}

/** Resolves once `condition()` holds, checking every 50 ms (for state without an event, e.g. a webview's messages). */
export async function eventually(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The item becomes selected in the view within a while and stays selected for `stayMs`: a redraw of the view
 * that lands after a reveal (a switch of panel, a panel's first read) would drop it.
 */
export async function selectedAndStays(view: vscode.TreeView<vscode.TreeItem>, item: vscode.TreeItem, what: string, stayMs = 2000): Promise<void> {
  const selected = () => view.selection.some((candidate) => candidate.id === item.id);
  await eventually(selected, what);
  const until = Date.now() + stayMs;
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(selected(), `${what}, and stays so: the selection is now ${view.selection.map((candidate) => candidate.id).join(', ') || 'empty'}`);
  }
}

/** The items under a panel's item in a view that shows every panel. */
export async function under(view: ViewParts, panelName: string): Promise<vscode.TreeItem[]> {
  const item = (await children(view)).find((candidate) => labelOf(candidate) === panelName);
  assert.ok(item, `${panelName} is shown`);
  return children(view, item);
}

/** The node item of that name in the Nodes view. */
export async function nodeItem(api: TestApi, name: string): Promise<vscode.TreeItem> {
  const found = (await children(api.nodes)).find((item) => labelOf(item) === name);
  assert.ok(found, `node ${name}`);
  return found;
}

/** A user item of a state group whose user matches. */
export async function userItem(api: TestApi, state: string, matches: (key: { id: string; label?: unknown; subscription_short_url?: unknown }) => boolean): Promise<vscode.TreeItem & { user: { id: string; label: string } }> {
  const group = (await children(api.users)).find((item) => labelOf(item) === state);
  assert.ok(group, `group ${state}`);
  const users = userItems(await children(api.users, group));
  const found = users.find((item) => matches((item as unknown as { user: { id: string } }).user));
  assert.ok(found, `a ${state} user that matches`);
  return found as vscode.TreeItem & { user: { id: string; label: string } };
}

/** The last message of that type posted to a webview (its probe records them in test mode). */
export function lastPosted<M extends { readonly type: string }, T extends M['type']>(probe: { readonly posted: readonly M[] }, type: T): Extract<M, { type: T }> | undefined {
  return probe.posted.filter((message): message is Extract<M, { type: T }> => message.type === type).at(-1);
}
