import * as vscode from 'vscode';
import { scopeOf, type RouteId } from '../../api/catalog';
import type { PanelApi } from '../../api/index';
import { alertFacts, jobFacts, logFacts, nodeFacts, scrubText, userFacts } from '../../api/modelFacts';
import type { KeyState } from '../../api/types';
import { chatMayChange } from '../../connection/protectionLevel';
import { panelAuthority } from '../../editors/panelPaths';
import type { ConnectedPanel } from '../../state/panelStores';
import { describeError } from '../../text/describeError';
import { plainLabel } from '../../text/plainText';
import { nodeLabel } from '../../text/nodeText';
import { applyNodeTool, resolveAlertsTool, usersEnabledTool } from './chatChangeTools';
import { abortOn, alertAsRecord, answer, findNode, MAX_USERS, numberInput, readAlerts, sentence, stringInput, type ChatTools, type ChatToolsContext, type ToolPanel } from './chatToolParts';

export type { ChatTools, ChatToolsContext } from './chatToolParts';

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
 * the panel changed in between. A protected panel also wants its name typed (chatWriteTool.ts). The writes
 * run the same changes as the commands, through the action runner (chatChangeTools.ts).
 *
 * Nodes, alerts, users and jobs are read through the panel's stores (`ConnectedPanel`), never around them, so
 * what a tool reads or changes shows in the views, pages and status bar at once. A tool always reads the
 * panel anew (a chat answer must be current, and the window may have been unfocused with the poll paused):
 * the nodes through `NodesStore.poll` (sharing a read under way), the alerts through `AlertsStore.refresh`
 * (likewise), users through `UsersStore.search`/`read`; whatever the read found changed redraws where it
 * is shown, with no request of the views' own. Only a node's log stream is read around them (no store holds it).
 */

const MAX_JOBS = 20;
const MAX_LOG_LINES = 100;
/** How long a log tail reads the node's stream before it stops (the stream may follow for minutes). */
const LOG_READ_MS = 3000;
const KEY_STATES: readonly KeyState[] = ['active', 'pending', 'expiring', 'expired', 'disabled', 'revoked'];

export function createChatTools(context: ChatToolsContext): ChatTools {
  const { store } = context;

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
    const allowed = context.panels.get(panel.id)?.scopes.can(route) === true;
    return allowed ? undefined : vscode.l10n.t('The token of panel "{0}" does not have the {1} scope, so this cannot be done there. Connect with a token that has it.', plainLabel(panel.name, 60), scopeOf(route));
  }

  /** Runs a read on each panel; a panel that fails or lacks the scope answers with why, beside the others. */
  async function eachPanel(input: Record<string, unknown>, route: RouteId, token: vscode.CancellationToken, read: (stores: ConnectedPanel, signal: AbortSignal, panel: ToolPanel) => Promise<unknown>): Promise<vscode.LanguageModelToolResult> {
    const panels = await panelsFor(input);
    if (typeof panels === 'string') return sentence(panels);
    const signal = abortOn(token);
    const answers = await Promise.all(panels.map(async (panel) => {
      const refused = missingScope(panel, route);
      if (refused) return { panel: panel.name, error: refused };
      try {
        return { panel: panel.name, ...(await read(context.panels.require(panel.id), signal, panel) as object) };
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
      return eachPanel(input, 'nodes.logs', token, async (stores, signal) => {
        const node = await findNode(stores, signal, wanted);
        if (!node) return { error: vscode.l10n.t('No node called "{0}" on this panel.', plainLabel(wanted, 80)) };
        // A log stream is held by no store: read around them, on the node's panel.
        const text = await stores.call((api, callSignal) => readTail(api, node.id, callSignal), signal);
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
