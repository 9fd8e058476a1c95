import * as vscode from 'vscode';
import type { User, PanelNode } from '../../api/types';
import type { SavedPanels } from '../../connection/savedPanels';
import type { PanelStoresLookup } from '../../state/panelStores';
import type { UserInput } from '../../prompts/userInput';
import { PanelsSearch, SEARCH_DEBOUNCE_MS, USERS_PER_PANEL, type PanelAnswer, type SearchPanel } from '../../state/panelsSearch';
import { describeError } from '../../text/describeError';
import { nodeLabel } from '../../text/nodeText';
import { escapeIcons, plainLabel, quickInputText } from '../../text/plainText';

/** An item of Go to User… / Go to Node…: a found object with its panel, or an inert line (separator, failure). */
export interface FoundItem<R> extends vscode.QuickPickItem {
  readonly panelId?: string;
  readonly found?: R;
}

export interface GoToContext {
  /** Every connected panel: each one is searched through its own handle. */
  readonly panels: PanelStoresLookup;
  readonly store: SavedPanels;
  readonly input: UserInput;
}

/** The connected panels (those with a token), in the order they were connected. */
async function connectedPanels(store: SavedPanels): Promise<SearchPanel[]> {
  return (await store.connected()).map((record) => ({ id: record.url, name: record.name }));
}

/** Lines per panel: a separator with its name, then its items, or one line saying it is still reading or why it failed. */
function itemsOf<R>(answers: readonly PanelAnswer<R>[], item: (found: R, panel: SearchPanel) => FoundItem<R>, none: (panel: string) => string): FoundItem<R>[] {
  return answers.flatMap((answer): FoundItem<R>[] => {
    const name = plainLabel(answer.panel.name, 60);
    const separator: FoundItem<R> = { label: name, kind: vscode.QuickPickItemKind.Separator };
    switch (answer.kind) {
      case 'loading':
        return [separator, { label: `$(loading~spin) ${vscode.l10n.t('Searching {0}…', escapeIcons(name))}`, alwaysShow: true }];
      case 'failed':
        return [separator, {
          label: `$(warning) ${vscode.l10n.t('{0} could not be searched', escapeIcons(name))}`,
          detail: quickInputText(describeError(answer.error), 300),
          alwaysShow: true,
        }];
      case 'found':
        return answer.items.length === 0
          ? [separator, { label: none(escapeIcons(name)), alwaysShow: true }]
          : [separator, ...answer.items.map((found) => item(found, answer.panel))];
    }
  });
}

/**
 * Opens a live search over every connected panel and resolves with what the user chose (with its panel),
 * or undefined. `read` asks one panel for the typed text; the answers are shown panel by panel as they come.
 */
async function searchPanels<R>(
  context: GoToContext,
  options: {
    title: string;
    placeholder: string;
    debounceMs: number;
    read: (panel: SearchPanel, text: string, signal: AbortSignal) => Promise<readonly R[]>;
    item: (found: R, panel: SearchPanel) => FoundItem<R>;
    none: (panel: string) => string;
  },
): Promise<{ panelId: string; found: R } | undefined> {
  const chosen = await context.input.search<FoundItem<R>>({
    title: options.title,
    placeholder: options.placeholder,
    isInert: (item) => item.found === undefined,
    start: (show) => {
      const search = new PanelsSearch<R>({ panels: () => connectedPanels(context.store), read: options.read, debounceMs: options.debounceMs });
      search.onDidChange((state) => show(itemsOf(state.answers, options.item, options.none), state.busy));
      return search;
    },
  });
  return chosen?.panelId !== undefined && chosen.found !== undefined ? { panelId: chosen.panelId, found: chosen.found } : undefined;
}

/** Go to User…: the panels' own search (`GET /keys?q=`) as the user types, debounced, older searches cancelled. */
export function goToUser(context: GoToContext): Promise<{ panelId: string; found: User } | undefined> {
  return searchPanels<User>(context, {
    title: vscode.l10n.t('Go to User'),
    placeholder: vscode.l10n.t('Type a label, owner or note to search every connected panel'),
    debounceMs: SEARCH_DEBOUNCE_MS,
    read: async (panel, text, signal) => {
      const page = await context.panels.require(panel.id).call((api, callSignal) => api.keys.list({ q: text.trim() || undefined, per_page: USERS_PER_PANEL }, { signal: callSignal }), signal);
      return (Array.isArray(page?.items) ? page.items : []).filter((user): user is User => typeof user?.id === 'string');
    },
    item: (user, panel) => ({
      label: escapeIcons(plainLabel(user.label, 80) || plainLabel(user.id, 40)),
      description: escapeIcons(`${plainLabel(user.state, 20)} · ${plainLabel(panel.name, 60)}`),
      alwaysShow: true, // the panel matched it (perhaps on its note or owner): shown whatever the label
      panelId: panel.id,
      found: user,
    }),
    none: (panel) => vscode.l10n.t('No user of {0} matches', panel),
  });
}

/**
 * Go to Node…: each panel's node list as its nodes store holds it (read once per opening of the picker when
 * it holds none: `GET /nodes` has no filter), filtered by name as the user types.
 */
export function goToNode(context: GoToContext): Promise<{ panelId: string; found: PanelNode } | undefined> {
  const lists = new Map<string, Promise<PanelNode[]>>();
  const listOf = (panel: SearchPanel, signal: AbortSignal) => {
    let list = lists.get(panel.id);
    if (!list) {
      // The list the panel's nodes store holds, read through it when it holds none yet (sharing a read under
      // way), without the keystroke's signal: the list serves every later keystroke of this picker.
      list = Promise.resolve().then(() => {
        const nodes = context.panels.require(panel.id).nodes;
        return nodes.held ?? nodes.poll();
      }).then((nodes) => [...nodes]);
      list.catch(() => lists.delete(panel.id)); // a failed read is tried again on the next keystroke
      lists.set(panel.id, list);
    }
    return abortable(list, signal);
  };
  return searchPanels<PanelNode>(context, {
    title: vscode.l10n.t('Go to Node'),
    placeholder: vscode.l10n.t('Type part of a node\'s name to search every connected panel'),
    debounceMs: 0,
    read: async (panel, text, signal) => {
      const words = text.trim().toLowerCase();
      return (await listOf(panel, signal)).filter((node) => nodeLabel(node, vscode.l10n.t).toLowerCase().includes(words));
    },
    item: (node, panel) => ({
      label: escapeIcons(plainLabel(nodeLabel(node, vscode.l10n.t), 80)),
      description: escapeIcons(`${plainLabel(node.status, 20)} · ${plainLabel(panel.name, 60)}`),
      alwaysShow: true,
      panelId: panel.id,
      found: node,
    }),
    none: (panel) => vscode.l10n.t('No node of {0} matches', panel),
  });
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}
