import * as vscode from 'vscode';
import type { PanelApi } from '../../api/index';
import type { User, KeyListQuery } from '../../api/types';
import { PanelCancelledError } from '../../api/errors';
import { runWithProgress, tellFailure } from '../../runner/actionRunner';
import { inPool } from '../../state/inPool';
import type { ConnectedPanel } from '../../state/panelStores';
import { plainLabel } from '../../text/plainText';
import { plural } from '../../text/plural';
import { tableEnd, tableHeader, tableRowsText, type TableFormat } from '../../usersTable/tableText';
import { NodeNames, rowOf, userStateOf, type NodeRef, type UserState } from '../../usersTable/userRows';
import { NodeSectionItem } from '../../views/nodes/nodeTreeItems';
import { groupLabel, UserGroupItem, UserItem } from '../../views/shared/userTreeItems';
import { describeFilter, filterQuery, isFilterActive } from '../../views/users/usersFilterModel';
import { activePanelId } from '../users/userActionsSupport';
import type { TableOrigin, TableSession } from './tableSessions';
import type { UsersTableContext } from './usersTableContext';
import { refusedAsReadOnly } from '../../runner/guard';
import { numberText } from '../../text/displayLanguage';

/** How often the open document follows the rows read (the first page shows at once). */
const FOLLOW_MS = 300;

interface Chosen {
  readonly panelId: string;
  readonly origin: TableOrigin;
  readonly what: string;
  /** The table's name, what its tab shows (`Users — active`): words, no id. */
  readonly name: string;
}

/** What Edit Users as Table acts on: a state group, a node's users, a selection of users, or the filter. */
function chosenUsers(context: UsersTableContext, from: unknown, selected: unknown): Chosen | undefined {
  const filter = context.users.provider.filter;
  const base: KeyListQuery = filterQuery(filter);
  if (from instanceof UserGroupItem) {
    // A group belongs to the panel the Users view shows it under (in all-panels mode, not only the active one).
    const panelId = context.users.provider.panelOf(from) ?? activePanelId(context);
    return panelId ? { panelId, origin: { kind: 'query', query: { ...base, state: from.state } }, what: vscode.l10n.t('users in state "{0}"', from.state), name: vscode.l10n.t('Users — {0}', groupLabel(from.state)) } : undefined;
  }
  if (from instanceof NodeSectionItem && from.kind === 'users') {
    const name = plainLabel(from.parent.node.name ?? from.parent.node.id, 60);
    return { panelId: from.parent.panelId, origin: { kind: 'query', query: { node: from.parent.node.id } }, what: vscode.l10n.t('users of node {0}', name), name: vscode.l10n.t('Users of {0}', name) };
  }
  if (from instanceof UserItem) {
    const items = (Array.isArray(selected) && selected.includes(from) ? selected : [from]).filter((item): item is UserItem => item instanceof UserItem && item.panelId === from.panelId);
    const ids = [...new Set(items.map((item) => item.user.id))];
    return { panelId: from.panelId, origin: { kind: 'selection', ids }, what: plural(ids.length, { one: '{0} selected user', other: '{0} selected users' }, vscode.l10n.t), name: vscode.l10n.t('Users — {0} selected', numberText(ids.length)) };
  }
  const panelId = activePanelId(context);
  if (!panelId) return undefined;
  return isFilterActive(filter)
    ? { panelId, origin: { kind: 'query', query: base }, what: vscode.l10n.t('users matching {0}', describeFilter(filter, vscode.l10n.t)), name: vscode.l10n.t('Users — filtered') }
    : { panelId, origin: { kind: 'query', query: {} }, what: vscode.l10n.t('all users'), name: vscode.l10n.t('Users — all') };
}

function formatSetting(): TableFormat {
  return vscode.workspace.getConfiguration('panelOps').get<string>('usersTable.format') === 'json' ? 'json' : 'csv';
}

/**
 * Edit Users as Table: a `panelops:` document (CSV, or JSON with the setting) of the chosen users, opened
 * with its first rows while the rest is read (read-only until the last row is in). Saving plans; Apply
 * Plan sends. Resolves with the table's URI.
 */
export async function editUsersAsTable(context: UsersTableContext, from?: unknown, selected?: unknown): Promise<vscode.Uri | undefined> {
  const chosen = chosenUsers(context, from, selected);
  // The table plans changes to send: not on a read-only panel.
  if (!chosen || refusedAsReadOnly(context, chosen.panelId)) return undefined;
  const format = formatSetting();
  const file = context.files.create(chosen.panelId, chosen.name, format, tableHeader(format) + tableEnd(format, true));
  const session: TableSession = {
    file, origin: chosen.origin, what: chosen.what, base: [], baseMap: new Map(), names: new NodeNames([]), version: 0, loading: true,
  };
  context.tables.add(session);
  const document = await vscode.workspace.openTextDocument(file.uri);
  await vscode.window.showTextDocument(document, { preview: false });
  try {
    const panel = context.panels.require(chosen.panelId);
    await runWithProgress(vscode.l10n.t('Reading {0}', chosen.what), (report, signal) => panel.call(async (api, callSignal) => {
      const nodes = await nodeRefs(panel, callSignal);
      session.names = new NodeNames(nodes);
      let shownAt = 0;
      await readUsers(api, chosen.origin, callSignal, (users, total) => {
        session.base.push(...users.map(userStateOf));
        session.total = total;
        report(total === undefined ? String(session.base.length) : vscode.l10n.t('{0} of {1}', numberText(session.base.length), numberText(total)));
        if (shownAt === 0 || Date.now() - shownAt >= FOLLOW_MS) {
          shownAt = Date.now();
          context.files.setText(file.uri, textOf(format, session.base, session.names), false);
        }
      });
    }, signal));
  } catch (error) {
    if (!(error instanceof PanelCancelledError)) {
      tellFailure(context, vscode.l10n.t('Could not read every user of the table ({0} read)', numberText(session.base.length)), error);
    } else {
      void context.input.notify('warning', plural(session.base.length, { one: 'Reading stopped after {0} user: the table holds that one.', other: 'Reading stopped after {0} users: the table holds those.' }, vscode.l10n.t));
    }
  }
  finishRead(context, session);
  return file.uri;
}

/** The table is complete (every row read, or reading stopped): writable, and planned against what it holds. */
function finishRead(context: UsersTableContext, session: TableSession): void {
  session.baseMap = new Map(session.base.map((user) => [user.id.toLowerCase(), user]));
  session.loading = false;
  context.files.setText(session.file.uri, textOf(session.file.format, session.base, session.names), true);
}

/** Reads the table again from the panel (after an apply): the document shows what the panel holds. */
export async function rereadTable(context: UsersTableContext, session: TableSession): Promise<void> {
  const users: UserState[] = [];
  const panel = context.panels.require(session.file.panelId);
  await panel.call(async (api, signal) => {
    session.names = new NodeNames(await nodeRefs(panel, signal));
    await readUsers(api, session.origin, signal, (keys, total) => {
      users.push(...keys.map(userStateOf));
      session.total = total;
    });
  });
  session.base = users;
  session.version++;
  finishRead(context, session);
}

export function textOf(format: TableFormat, users: readonly UserState[], names: NodeNames): string {
  const rows = users.map((user) => rowOf(user, names));
  return tableHeader(format) + tableRowsText(format, rows, true) + tableEnd(format, rows.length === 0);
}

/** The panel's nodes by id and name, from its nodes store (read only when it holds none yet). */
export async function nodeRefs(panel: Pick<ConnectedPanel, 'nodes'>, signal: AbortSignal): Promise<NodeRef[]> {
  return (await panel.nodes.load(signal)).map((node) => ({ id: node.id, name: typeof node.name === 'string' ? node.name : node.id }));
}

/** The users of a listing page by page, or of a selection (each read again, six at a time). */
async function readUsers(api: PanelApi, origin: TableOrigin, signal: AbortSignal, onUsers: (users: User[], total: number | undefined) => void): Promise<void> {
  if (origin.kind === 'selection') {
    const keys = await inPool(origin.ids, 6, (id) => api.keys.get(id, { signal }).catch((error: unknown) => {
      if ((error as { status?: number }).status === 404) return undefined;
      throw error;
    }));
    onUsers(keys.filter((user): user is User => user !== undefined), origin.ids.length);
    return;
  }
  const seen = new Set<string>();
  for await (const page of api.keys.allPages({ ...origin.query, per_page: 200 }, { signal })) {
    const fresh = (Array.isArray(page.items) ? page.items : []).filter((user): user is User => typeof user?.id === 'string' && !seen.has(user.id) && (seen.add(user.id), true));
    onUsers(fresh, typeof page.total === 'number' ? page.total : undefined);
  }
}

