import * as vscode from 'vscode';
import { scopeOf, type RouteId } from '../../api/catalog';
import type { PanelApi } from '../../api/index';
import { alertFacts, jobFacts, logFacts, nodeFacts, scrubText, userFacts } from '../../api/modelFacts';
import type { AlertId } from '../../api/monitoring';
import type { ApplyJob, Key, KeyState, PanelNode } from '../../api/types';
import type { SavedPanels } from '../../connection/savedPanels';
import { NotConnectedError } from '../../connection/panelSession';
import { chatMayChange } from '../../connection/protectionLevel';
import { panelAuthority } from '../../editors/panelPaths';
import { runMutation, type ActionContext, type ActionOutcome } from '../../runner/actionRunner';
import { confirmChange, panelWithLevel } from '../../runner/guard';
import type { Alert, AlertList } from '../../state/alertsModel';
import type { PanelStoreSet, PanelStoresLookup } from '../../state/panelStores';
import type { NodeProblems } from '../../runner/nodeProblems';
import { describeError } from '../../text/describeError';
import { plainLabel } from '../../text/plainText';
import { plural } from '../../text/plural';
import { nodeLabel } from '../../text/nodeText';
import { reReadUser, takeUser, userName } from '../users/userActionsSupport';
import { numberText } from '../../text/displayLanguage';

/**
 * The language model tools (chat: "which nodes are offline", "who expires this week", "why did the last
 * apply on fra-2 fail"). Read tools answer from every connected panel, or the one named, as JSON text
 * built only from the allow-lists of api/modelFacts.ts: no secret, link, QR code, slug or token ever
 * reaches the model. Write tools say in `prepareInvocation` exactly what will change (names, count,
 * panel) as confirmation messages, which chat shows with Continue/Cancel before `invoke` runs. Outside
 * chat (no toolInvocationToken) VS Code cannot be relied on to ask (see `writeTool`), so the tool asks
 * itself. A token without the scope, a read-only panel, or a panel whose chat tools only read gets no
 * confirmation, and `invoke` refuses without sending anything. The state a confirmation showed (the users
 * or node as read) is recorded; `invoke` reads it again and refuses as stale, asking to ask again, when
 * the panel changed in between. A protected panel also wants its name typed. The writes go through the
 * action runner (`runMutation` with a reconcile), as the commands do.
 *
 * Nodes, alerts, users and jobs are read through the panel's stores (`PanelStoreSet`), never around them, so
 * what a tool reads or changes shows in the views, pages and status bar at once. A tool always reads the
 * panel anew (a chat answer must be current, and the window may have been unfocused with the poll paused):
 * the nodes through `NodesStore.poll` (sharing a read under way), the alerts through `AlertsStore.refresh`
 * (likewise), users through `UsersStore.search`/`read`; whatever the read found changed redraws where it
 * is shown, with no request of the views' own. Only a node's log stream is read around them (no store holds it).
 */

export interface ChatToolsContext extends ActionContext {
  readonly store: SavedPanels;
  /** Every connected panel's stores: what the tools change goes into the changed panel's. */
  readonly panels: PanelStoresLookup;
}

/** The tools, by the names package.json contributes (`contributes.languageModelTools`). */
export type ChatTools = Record<string, vscode.LanguageModelTool<Record<string, unknown>>>;

interface ToolPanel {
  readonly id: string;
  readonly name: string;
}

const MAX_USERS = 50;
const MAX_JOBS = 20;
const MAX_LOG_LINES = 100;
/** How long a log tail reads the node's stream before it stops (the stream may follow for minutes). */
const LOG_READ_MS = 3000;
const KEY_STATES: readonly KeyState[] = ['active', 'pending', 'expiring', 'expired', 'disabled', 'revoked'];

/** A tool's answer: one JSON text part (the model reads it; nothing in it is rendered as Markdown). */
function answer(value: unknown): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item)))]);
}

/** A refusal or failure, as plain text for the model. */
function sentence(text: string): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
}

function stringInput(input: Record<string, unknown>, name: string): string | undefined {
  const value = input[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function numberInput(input: Record<string, unknown>, name: string, fallback: number, max: number): number {
  const value = input[name];
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(1, Math.floor(value))) : fallback;
}

function abortOn(token: vscode.CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}

export function createChatTools(context: ChatToolsContext): ChatTools {
  const { session, store } = context;

  /** The connected panels a tool acts on: the one named (by name, origin or readable address), else all. */
  async function panelsFor(input: Record<string, unknown>): Promise<ToolPanel[] | string> {
    const connected = (await store.connected()).map((record) => ({ id: record.url, name: record.name }));
    if (connected.length === 0) return vscode.l10n.t('No panel is connected in Panel Ops.');
    const wanted = stringInput(input, 'panel');
    if (!wanted) return connected;
    const lower = wanted.toLowerCase().replace(/\/+$/, '');
    const named = connected.filter((panel) => panel.name.toLowerCase() === lower || panel.id.toLowerCase() === lower || panelAuthority(panel.id).toLowerCase() === lower);
    if (named.length > 0) return named;
    return vscode.l10n.t('No connected panel is called "{0}". Connected panels: {1}.', plainLabel(wanted, 80), connected.map((panel) => `"${plainLabel(panel.name, 60)}"`).join(', '));
  }

  /** Exactly one panel for a write: the one named, or the only one connected. */
  async function onePanel(input: Record<string, unknown>): Promise<ToolPanel | string> {
    const panels = await panelsFor(input);
    if (typeof panels === 'string') return panels;
    if (panels.length > 1) return vscode.l10n.t('Several panels are connected; say which one with "panel": {0}.', panels.map((panel) => `"${plainLabel(panel.name, 60)}"`).join(', '));
    // The operator's switch per panel: a read-only panel, or one whose chat tools only read, is not changed from chat.
    const record = store.record(panels[0].id);
    if (record?.protection === 'readOnly') return vscode.l10n.t('Panel "{0}" is read-only in Panel Ops: the chat tools only read it, and nothing was changed.', plainLabel(panels[0].name, 60));
    if (!chatMayChange(record)) return vscode.l10n.t('On panel "{0}" the chat tools only read (the operator chose so with Set Chat Tools Access…); nothing was changed.', plainLabel(panels[0].name, 60));
    return panels[0];
  }

  /** Why the panel's token cannot run the route (from what it was connected with), undefined when it can. */
  function missingScope(panel: ToolPanel, route: RouteId): string | undefined {
    const allowed = context.panels.get(panel.id)?.session.capabilities.can(route) === true;
    return allowed ? undefined : vscode.l10n.t('The token of panel "{0}" does not have the {1} scope, so this cannot be done there. Connect with a token that has it.', plainLabel(panel.name, 60), scopeOf(route));
  }

  /** Runs a read on each panel; a panel that fails or lacks the scope answers with why, beside the others. */
  async function eachPanel(input: Record<string, unknown>, route: RouteId, token: vscode.CancellationToken, read: (stores: PanelStoreSet, signal: AbortSignal, panel: ToolPanel) => Promise<unknown>): Promise<vscode.LanguageModelToolResult> {
    const panels = await panelsFor(input);
    if (typeof panels === 'string') return sentence(panels);
    const signal = abortOn(token);
    const answers = await Promise.all(panels.map(async (panel) => {
      const refused = missingScope(panel, route);
      if (refused) return { panel: panel.name, error: refused };
      try {
        return { panel: panel.name, ...(await read(storesOf(context, panel.id), signal, panel) as object) };
      } catch (error) {
        return { panel: panel.name, error: scrubText(describeError(error)) };
      }
    }));
    return answer({ panels: answers });
  }

  const nodesTool: vscode.LanguageModelTool<Record<string, unknown>> = {
    invoke: ({ input }, token) => eachPanel(input, 'nodes.list', token, async (stores, signal) => {
      const name = stringInput(input, 'name')?.toLowerCase();
      const status = stringInput(input, 'status')?.toLowerCase();
      const nodes = (await stores.nodes.poll(signal))
        .filter((node) => !name || nodeLabel(node, vscode.l10n.t).toLowerCase().includes(name))
        .filter((node) => !status || String(node.status ?? '').toLowerCase() === status);
      return { total: nodes.length, nodes: nodes.map(nodeFacts) };
    }),
  };

  const usersTool: vscode.LanguageModelTool<Record<string, unknown>> = {
    invoke: ({ input }, token) => eachPanel(input, 'keys.list', token, async (stores, signal) => {
      const state = stringInput(input, 'state') as KeyState | undefined;
      const q = stringInput(input, 'q');
      const limit = numberInput(input, 'limit', 20, MAX_USERS);
      const page = await stores.users.search({ q, state: state && KEY_STATES.includes(state) ? state : undefined }, limit, signal);
      return { total: page.total ?? page.users.length, shown: page.users.length, users: page.users.map(userFacts) };
    }),
  };

  const alertsTool: vscode.LanguageModelTool<Record<string, unknown>> = {
    invoke: ({ input }, token) => eachPanel(input, 'alerts.list', token, async (stores) => {
      const list = await readAlerts(stores);
      const all = input.includeResolved === true;
      const alerts = list.alerts.filter((alert) => all || !alert.resolved);
      return { unresolved: list.alerts.filter((alert) => !alert.resolved).length, alerts: alerts.map(alertAsRecord).map(alertFacts) };
    }),
  };

  const jobsTool: vscode.LanguageModelTool<Record<string, unknown>> = {
    invoke: ({ input }, token) => {
      const wanted = stringInput(input, 'node');
      if (!wanted) return sentence(vscode.l10n.t('Say which node with "node" (its name or id).'));
      return eachPanel(input, 'nodes.jobs', token, async (stores, signal) => {
        const node = await findNode(stores, signal, wanted);
        if (!node) return { error: vscode.l10n.t('No node called "{0}" on this panel.', plainLabel(wanted, 80)) };
        const jobs = await stores.nodeDetails.readJobs(node.id, numberInput(input, 'limit', 5, MAX_JOBS), signal);
        return { node: nodeFacts(node), jobs: jobs.map(jobFacts) };
      });
    },
  };

  const logTool: vscode.LanguageModelTool<Record<string, unknown>> = {
    invoke: ({ input }, token) => {
      const wanted = stringInput(input, 'node');
      if (!wanted) return sentence(vscode.l10n.t('Say which node with "node" (its name or id).'));
      return eachPanel(input, 'nodes.logs', token, async (stores, signal, panel) => {
        const node = await findNode(stores, signal, wanted);
        if (!node) return { error: vscode.l10n.t('No node called "{0}" on this panel.', plainLabel(wanted, 80)) };
        // A log stream is held by no store: read around them, on the node's panel.
        const text = await session.callOn(panel.id, (api, callSignal) => readTail(api, node.id, callSignal), signal);
        return { node: nodeFacts(node), lines: logFacts(text, numberInput(input, 'lines', 40, MAX_LOG_LINES)) };
      });
    },
  };

  return {
    get_panel_nodes: nodesTool,
    search_panel_users: usersTool,
    get_panel_alerts: alertsTool,
    get_node_jobs: jobsTool,
    get_node_log_tail: logTool,
    set_panel_users_enabled: usersEnabledTool(context, onePanel, missingScope),
    apply_panel_node: applyNodeTool(context, onePanel, missingScope),
    resolve_panel_alerts: resolveAlertsTool(context, onePanel, missingScope),
  };
}

/** The panel's stores; a panel not connected (signed out meanwhile) is the session's NotConnectedError. */
function storesOf(context: Pick<ChatToolsContext, 'panels'>, panelId: string): PanelStoreSet {
  const stores = context.panels.get(panelId);
  if (!stores) throw new NotConnectedError();
  return stores;
}

/**
 * A node of the panel by id or name, from a read of the list through the panel's nodes store (sharing a read
 * under way): what it found changed redraws in the Nodes view and the pages that show the node.
 */
async function findNode(stores: PanelStoreSet, signal: AbortSignal, wanted: string): Promise<PanelNode | undefined> {
  const nodes = await stores.nodes.poll(signal);
  return nodes.find((node) => node.id === wanted) ?? nodes.find((node) => nodeLabel(node, vscode.l10n.t).toLowerCase() === wanted.toLowerCase());
}

/**
 * The panel's alerts, read again through its alerts store (sharing a read under way), so the Alerts view, its
 * badge and the status bar follow what the tool read. A failed read throws its error.
 */
async function readAlerts(stores: PanelStoreSet): Promise<AlertList> {
  await stores.alerts.refresh();
  const held = stores.alerts.held;
  if (held.kind === 'loaded') return held.list;
  if (held.kind === 'failed') throw held.error;
  throw new NotConnectedError(); // forgotten meanwhile: the panel was signed out or its token changed
}

/** The node's log for a few seconds (the stream may follow), then stops reading. */
async function readTail(api: PanelApi, nodeId: string, signal: AbortSignal): Promise<string> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  signal.addEventListener('abort', stop, { once: true });
  const timer = setTimeout(stop, LOG_READ_MS);
  let text = '';
  try {
    const stream = await api.nodes.logs(nodeId, { signal: controller.signal });
    for await (const chunk of stream) {
      text = (text + chunk).slice(-200_000);
      if (controller.signal.aborted) break;
    }
  } catch (error) {
    if (!controller.signal.aborted || signal.aborted) throw error;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', stop);
  }
  return text;
}

function alertAsRecord(alert: Alert): Record<string, unknown> {
  return {
    id: alert.id, severity: alert.severityText || alert.severity, title: alert.title, message: alert.message, subject: alert.subject,
    node_id: alert.nodeId, created_at: alert.createdAt, resolved: alert.resolved, resolved_at: alert.resolvedAt,
  };
}

type OnePanel = (input: Record<string, unknown>) => Promise<ToolPanel | string>;
type MissingScope = (panel: ToolPanel, route: RouteId) => string | undefined;

function idsInput(input: Record<string, unknown>, name: string, max: number): string[] {
  const value = input[name];
  const ids = (Array.isArray(value) ? value : [])
    .map((id: unknown) => (typeof id === 'number' || typeof id === 'bigint' ? String(id) : typeof id === 'string' ? id.trim() : ''))
    .filter((id) => /^[A-Za-z0-9._:-]{1,64}$/.test(id));
  return [...new Set(ids)].slice(0, max);
}

function quoted(names: readonly string[]): string {
  const shown = names.slice(0, 10).map((name) => `"${name}"`).join(', ');
  return names.length > 10 ? vscode.l10n.t('{0} and {1} more', shown, numberText(names.length - 10)) : shown;
}

/** What a write tool will do, said the same way in VS Code's confirmation and in the tool's own. */
interface Confirmation {
  readonly title: string;
  readonly message: string;
  /** The confirming button of the tool's own question (outside chat). */
  readonly action: string;
  /** Shown while the tool runs. */
  readonly progress: string;
  /** Exactly what will change, one line each (a protected panel lists them before asking for its name). */
  readonly changes: readonly string[];
}

/** What every planned write knows: its panel, and the state it read (to tell a stale confirmation). */
interface Planned {
  readonly panel: ToolPanel;
}

/** How long a confirmation's recorded state is kept for its invocation. */
const PREVIEW_TTL_MS = 10 * 60_000;
/** Most confirmations kept at once (one per pending invocation; the oldest goes first). */
const MAX_PREVIEWS = 50;

/**
 * The state each confirmation showed, by tool and input: `prepareInvocation` records what it read, and the
 * invocation of the same input compares what it reads then. Chat gives both calls the same input and no
 * other common id.
 */
class Previews {
  private readonly shown = new Map<string, { readonly state: string; readonly at: number }>();

  record(key: string, state: string): void {
    this.shown.delete(key);
    this.shown.set(key, { state, at: Date.now() });
    while (this.shown.size > MAX_PREVIEWS) this.shown.delete(this.shown.keys().next().value as string);
  }

  /** The state recorded for this invocation (forgotten once taken), undefined when none or too old. */
  take(key: string): string | undefined {
    const entry = this.shown.get(key);
    this.shown.delete(key);
    return entry && Date.now() - entry.at <= PREVIEW_TTL_MS ? entry.state : undefined;
  }
}

/** The key of an invocation: the tool and its input, written with sorted members. */
function previewKey(tool: string, input: Record<string, unknown>): string {
  const sorted = (value: unknown): unknown => (Array.isArray(value) ? value.map(sorted)
    : typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([name, item]) => [name, sorted(item)]))
      : typeof value === 'bigint' ? value.toString() : value);
  return `${tool}\n${JSON.stringify(sorted(input))}`;
}

/** What the model is told when the panel changed between the confirmation and the invocation. */
function staleSentence(panel: ToolPanel): vscode.LanguageModelToolResult {
  return sentence(vscode.l10n.t('Refused as stale: panel "{0}" changed after the confirmation was shown, so nothing was changed. Ask again to read it anew and confirm what it holds now.', plainLabel(panel.name, 60)));
}

/**
 * A tool that changes a panel. `plan` reads what the input names (side-effect free) and refuses with a
 * sentence (unknown panel, missing scope, a panel whose chat tools only read, unknown ids); `state` is
 * what of the read the change depends on; `confirmation` says exactly what will change; `act` changes it
 * through the action runner. In chat (a toolInvocationToken) VS Code has shown the confirmation of
 * `prepareInvocation` before `invoke`, and the state it showed was recorded: a different state read by
 * `invoke` refuses as stale. Outside chat VS Code may skip it (1.100 answers its own confirmation
 * "confirmed" without showing it in extension tests and under the smoke-test driver), so the tool then asks
 * itself, through the guard (runner/guard.ts), and changes nothing unless the user chose the action. A
 * protected panel wants its name typed either way. After any question the state is read again: changed
 * meanwhile, the invocation is refused as stale.
 */
function writeTool<P extends Planned>(
  context: ChatToolsContext,
  name: string,
  checking: string,
  plan: (input: Record<string, unknown>, token: vscode.CancellationToken) => Promise<P | string>,
  state: (planned: P) => string,
  confirmation: (planned: P) => Confirmation,
  act: (planned: P, token: vscode.CancellationToken) => Promise<vscode.LanguageModelToolResult>,
): vscode.LanguageModelTool<Record<string, unknown>> {
  const previews = new Previews();
  // A panel that cannot be read (offline, token rejected) is a sentence for the model, not an exception.
  const safePlan = (input: Record<string, unknown>, token: vscode.CancellationToken) => plan(input, token).catch((error: unknown) => scrubText(describeError(error)));
  return {
    async prepareInvocation({ input }, token) {
      const planned = await safePlan(input, token);
      if (typeof planned === 'string') return { invocationMessage: checking }; // nothing will change: `invoke` says why
      previews.record(previewKey(name, input), state(planned));
      const { title, message, progress } = confirmation(planned);
      return { invocationMessage: progress, confirmationMessages: { title, message } };
    },
    async invoke(options, token) {
      const planned = await safePlan(options.input, token);
      if (typeof planned === 'string') return sentence(planned);
      const previewed = previews.take(previewKey(name, options.input));
      if (previewed !== undefined && previewed !== state(planned)) return staleSentence(planned.panel);
      const { title, message, action, changes } = confirmation(planned);
      const inChat = options.toolInvocationToken !== undefined;
      const asks = !inChat || context.session.protectionOf(planned.panel.id) === 'protected';
      const sure = await confirmChange(context, { panelId: planned.panel.id, action, question: title, detail: message, changes, shown: inChat });
      if (!sure) return sentence(vscode.l10n.t('The user did not confirm; nothing was changed.'));
      if (!asks) return act(planned, token);
      // Time passed while the user answered: what is acted on must still be what the confirmation showed.
      const now = await safePlan(options.input, token);
      if (typeof now === 'string') return sentence(now);
      if (state(now) !== state(planned)) return staleSentence(planned.panel);
      return act(now, token);
    },
  };
}

/** The state of users a change depends on: each one's id, label, state and dates, in id order. */
function usersState(users: readonly Key[]): string {
  return JSON.stringify([...users].sort((a, b) => a.id.localeCompare(b.id)).map((user) => [user.id, user.label, user.state, user.status, user.disabled_at, user.revoked_at, user.expires_at]));
}

/** "Alice Martin" (active): a user as the confirmation names it, with the state it is in now. */
function userWithState(user: Key): string {
  const state = plainLabel(user.state, 20);
  return state ? vscode.l10n.t('"{0}" ({1})', userName(user), state) : `"${userName(user)}"`;
}

function listed(entries: readonly string[]): string {
  const shown = entries.slice(0, 10).join(', ');
  return entries.length > 10 ? vscode.l10n.t('{0} and {1} more', shown, numberText(entries.length - 10)) : shown;
}

/** Disable or enable users of one panel, each through `runMutation` (a lost answer re-reads the user). */
function usersEnabledTool(context: ChatToolsContext, onePanel: OnePanel, missingScope: MissingScope): vscode.LanguageModelTool<Record<string, unknown>> {
  const plan = async (input: Record<string, unknown>, token: vscode.CancellationToken) => {
    const panel = await onePanel(input);
    if (typeof panel === 'string') return panel;
    const enable = input.enabled === true;
    if (input.enabled !== true && input.enabled !== false) return vscode.l10n.t('Say "enabled": true to enable the users or false to disable them.');
    const refused = missingScope(panel, enable ? 'keys.enable' : 'keys.disable');
    if (refused) return refused;
    const ids = idsInput(input, 'userIds', MAX_USERS);
    if (ids.length === 0) return vscode.l10n.t('Give the users\' ids in "userIds" (search_panel_users gives them).');
    const signal = abortOn(token);
    const users = storesOf(context, panel.id).users;
    const keys = await Promise.all(ids.map((id) => users.read(id, signal).catch(() => undefined)));
    const found = keys.filter((user): user is Key => user !== undefined);
    if (found.length < ids.length) return vscode.l10n.t('Not every user was found on panel "{0}" ({1} missing); nothing was changed.', plainLabel(panel.name, 60), numberText(ids.length - found.length));
    return { panel, enable, keys: found };
  };
  return writeTool(context, 'set_panel_users_enabled', vscode.l10n.t('Checking the users…'), plan, ({ keys: users }) => usersState(users), ({ panel, enable, keys: users }) => {
    const names = listed(users.map(userWithState));
    const panelName = toolPanelName(context, panel);
    const count = users.length;
    return enable
      ? {
        title: plural(count, { one: 'Enable {0} user on panel "{1}"?', other: 'Enable {0} users on panel "{1}"?' }, vscode.l10n.t, panelName),
        message: vscode.l10n.t('These users get access again (an expired date or a revocation stays): {0}.', names),
        action: vscode.l10n.t('Enable'),
        progress: plural(count, { one: 'Enabling {0} user…', other: 'Enabling {0} users…' }, vscode.l10n.t),
        changes: [vscode.l10n.t('{0}: {1}', plural(count, { one: 'Enable {0} user', other: 'Enable {0} users' }, vscode.l10n.t), names)],
      }
      : {
        title: plural(count, { one: 'Disable {0} user on panel "{1}"?', other: 'Disable {0} users on panel "{1}"?' }, vscode.l10n.t, panelName),
        message: vscode.l10n.t('These users lose access until enabled again: {0}.', names),
        action: vscode.l10n.t('Disable'),
        progress: plural(count, { one: 'Disabling {0} user…', other: 'Disabling {0} users…' }, vscode.l10n.t),
        changes: [vscode.l10n.t('{0}: {1}', plural(count, { one: 'Disable {0} user', other: 'Disable {0} users' }, vscode.l10n.t), names)],
      };
  }, async ({ panel, enable, keys: users }, token) => {
    const done: string[] = [];
    const failed: string[] = [];
    for (const user of users) {
      if (token.isCancellationRequested) break;
      const name = userName(user);
      const outcome = await runMutation(context, {
        panelId: panel.id,
        busyLabel: enable ? vscode.l10n.t('Enabling "{0}"…', name) : vscode.l10n.t('Disabling "{0}"…', name),
        failure: enable ? vscode.l10n.t('Could not enable "{0}"', name) : vscode.l10n.t('Could not disable "{0}"', name),
        run: (api, signal) => (enable ? api.keys.enable(user.id, { signal }) : api.keys.disable(user.id, { signal })),
        apply: (changed) => takeUser(context, panel.id, changed, user),
        reconcile: (api, signal) => reReadUser(context, panel.id, user.id, signal, api),
      });
      (outcome.kind === 'done' || outcome.kind === 'reconciled' ? done : failed).push(name);
    }
    return answer({ panel: panel.name, action: enable ? 'enable' : 'disable', changed: done.map(scrubText), failed: failed.map(scrubText) });
  });
}

/** A node's latest jobs, read through its panel's node-details store (the one reader of jobs). */
function jobsOf(context: ChatToolsContext, panelId: string, nodeId: string, limit: number, signal: AbortSignal): Promise<readonly ApplyJob[]> {
  return storesOf(context, panelId).nodeDetails.readJobs(nodeId, limit, signal);
}

/** Where the runner keeps a node's last problem: the node's panel's nodes store. */
function nodeProblems(context: ChatToolsContext, panelId: string): NodeProblems {
  return {
    setProblem: (id, problem) => context.panels.get(panelId)?.nodes.setProblem(id, problem),
    clearProblem: (id) => context.panels.get(panelId)?.nodes.clearProblem(id),
  };
}

/** A panel as a confirmation names it: "Production" or, when it is not open, "Production (protected)". */
function toolPanelName(context: ChatToolsContext, panel: ToolPanel): string {
  const ref = context.session.panel(panel.id);
  return ref ? panelWithLevel(ref) : plainLabel(panel.name, 60);
}

/** The state of a node an apply depends on: its status, pending configuration and last apply. */
function nodeState(node: PanelNode): string {
  return JSON.stringify([node.id, node.name, node.status, node.dirty, node.last_apply_at]);
}

/** Queue an apply of one node (`POST /nodes/{id}/apply`); a lost answer is settled by reading its jobs. */
function applyNodeTool(
  context: ChatToolsContext,
  onePanel: OnePanel,
  missingScope: MissingScope,
): vscode.LanguageModelTool<Record<string, unknown>> {
  const plan = async (input: Record<string, unknown>, token: vscode.CancellationToken) => {
    const panel = await onePanel(input);
    if (typeof panel === 'string') return panel;
    const refused = missingScope(panel, 'nodes.apply');
    if (refused) return refused;
    const wanted = stringInput(input, 'node');
    if (!wanted) return vscode.l10n.t('Say which node with "node" (its name or id).');
    const node = await findNode(storesOf(context, panel.id), abortOn(token), wanted);
    if (!node) return vscode.l10n.t('No node called "{0}" on panel "{1}"; nothing was changed.', plainLabel(wanted, 80), plainLabel(panel.name, 60));
    return { panel, node, name: plainLabel(nodeLabel(node, vscode.l10n.t), 80) };
  };
  return writeTool(context, 'apply_panel_node', vscode.l10n.t('Checking the node…'), plan, ({ node }) => nodeState(node), ({ panel, node, name }) => {
    const now = vscode.l10n.t('"{0}" now: status {1}, {2}.', name, plainLabel(node.status, 30) || vscode.l10n.t('unknown'),
      node.dirty === true ? vscode.l10n.t('configuration pending') : node.dirty === false ? vscode.l10n.t('nothing pending') : vscode.l10n.t('pending configuration unknown'));
    return {
      title: vscode.l10n.t('Apply the configuration of node "{0}" on panel "{1}"?', name, toolPanelName(context, panel)),
      message: `${vscode.l10n.t('The panel queues one apply job on "{0}": its proxy reloads with the pending configuration.', name)} ${now}`,
      action: vscode.l10n.t('Apply'),
      progress: vscode.l10n.t('Queuing an apply on "{0}"…', name),
      changes: [vscode.l10n.t('Queue one apply on node "{0}" (its proxy reloads)', name), now],
    };
  }, async ({ panel, node, name }) => {
    let before: readonly unknown[] = [];
    const outcome = await runMutation(context, {
      panelId: panel.id,
      busyLabel: vscode.l10n.t('Queuing apply…'),
      failure: vscode.l10n.t('Could not apply the configuration of "{0}"', name),
      node: { id: node.id, operation: vscode.l10n.t('apply'), problems: nodeProblems(context, panel.id) },
      run: async (api, signal) => {
        before = await jobsOf(context, panel.id, node.id, MAX_JOBS, signal);
        return api.nodes.apply(node.id, { signal });
      },
      apply: () => {
        void context.panels.get(panel.id)?.nodes.refresh(node.id).catch(() => undefined);
      },
      reconcile: async (_api, signal) => {
        const jobs = await jobsOf(context, panel.id, node.id, MAX_JOBS, signal);
        return jobs.length > before.length
          ? vscode.l10n.t('The panel queued the apply on "{0}".', name)
          : vscode.l10n.t('The panel shows no new apply job on "{0}" yet. Look at its Recent jobs before applying again: a late apply may still appear.', name);
      },
    });
    if (outcome.kind === 'done') return sentence(vscode.l10n.t('An apply is queued on "{0}" (panel "{1}"). Its job history shows how it ends.', scrubText(name), plainLabel(panel.name, 60)));
    return outcomeSentence(outcome);
  });
}

/** Resolve alerts of one panel by id (`POST /alerts/resolve`); a lost answer re-reads the alerts. */
function resolveAlertsTool(context: ChatToolsContext, onePanel: OnePanel, missingScope: MissingScope): vscode.LanguageModelTool<Record<string, unknown>> {
  const plan = async (input: Record<string, unknown>, token: vscode.CancellationToken) => {
    const panel = await onePanel(input);
    if (typeof panel === 'string') return panel;
    const refused = missingScope(panel, 'alerts.resolveMany');
    if (refused) return refused;
    const ids = idsInput(input, 'alertIds', 200);
    if (ids.length === 0) return vscode.l10n.t('Give the alerts\' ids in "alertIds" (get_panel_alerts gives them).');
    if (token.isCancellationRequested) return vscode.l10n.t('Cancelled; nothing was sent.');
    const list = await readAlerts(storesOf(context, panel.id));
    const alerts = ids.map((id) => list.alerts.find((alert) => alert.id !== undefined && String(alert.id) === id));
    if (alerts.some((alert) => alert === undefined)) return vscode.l10n.t('Not every alert was found on panel "{0}" ({1} missing); nothing was changed.', plainLabel(panel.name, 60), numberText(alerts.filter((alert) => !alert).length));
    return { panel, alerts: alerts as Alert[] };
  };
  const titleOf = (alert: Alert) => plainLabel(alert.title || alert.message, 80) || String(alert.id);
  const alertsState = (alerts: readonly Alert[]) => JSON.stringify(alerts.map((alert) => [String(alert.id), alert.resolved]).sort());
  return writeTool(context, 'resolve_panel_alerts', vscode.l10n.t('Checking the alerts…'), plan, ({ alerts }) => alertsState(alerts), ({ panel, alerts }) => ({
    title: plural(alerts.length, { one: 'Resolve {0} alert on panel "{1}"?', other: 'Resolve {0} alerts on panel "{1}"?' }, vscode.l10n.t, toolPanelName(context, panel)),
    message: vscode.l10n.t('These alerts are marked resolved: {0}.', quoted(alerts.map(titleOf))),
    action: vscode.l10n.t('Resolve'),
    progress: plural(alerts.length, { one: 'Resolving {0} alert…', other: 'Resolving {0} alerts…' }, vscode.l10n.t),
    changes: [vscode.l10n.t('{0}: {1}', plural(alerts.length, { one: 'Resolve {0} alert', other: 'Resolve {0} alerts' }, vscode.l10n.t), quoted(alerts.map(titleOf)))],
  }), async ({ panel, alerts }) => {
    const ids = alerts.map((alert) => alert.id as AlertId);
    const outcome = await runMutation(context, {
      panelId: panel.id,
      busyLabel: plural(ids.length, { one: 'Resolving {0} alert…', other: 'Resolving {0} alerts…' }, vscode.l10n.t),
      failure: vscode.l10n.t('Could not resolve the alerts'),
      run: (api, signal) => api.alerts.resolveMany(ids, { signal }),
      apply: () => {
        context.panels.get(panel.id)?.alerts.markResolved(ids);
      },
      reconcile: async () => {
        const now = await readAlerts(storesOf(context, panel.id));
        const wanted = new Set(ids.map(String));
        const resolved = now.alerts.filter((alert) => alert.resolved && alert.id !== undefined && wanted.has(String(alert.id))).length;
        return vscode.l10n.t('The panel now holds {0} of the {1} alert(s) resolved.', numberText(resolved), numberText(ids.length));
      },
    });
    if (outcome.kind === 'done') return answer({ panel: panel.name, resolved: alerts.map((alert) => scrubText(titleOf(alert))) });
    return outcomeSentence(outcome);
  });
}

/** What a runner outcome other than `done` tells the model. */
function outcomeSentence(outcome: ActionOutcome<unknown>): vscode.LanguageModelToolResult {
  if (outcome.kind === 'reconciled') return sentence(scrubText(outcome.message));
  if (outcome.kind === 'cancelled') return sentence(vscode.l10n.t('Cancelled; nothing was sent.'));
  if (outcome.kind === 'failed') return sentence(scrubText(describeError(outcome.error)));
  return sentence('');
}
