import * as vscode from 'vscode';
import { PanelHttpError } from '../../api/errors';
import type { JsonObject, JsonValue, PanelNode } from '../../api/types';
import { listFromResponse } from '../../api/listFromResponse';
import { firstFlag, inShapeOf, memberNamed, scalarOf } from '../../api/silentValues';
import { setOwnMember } from '../../text/ownMember';
import { isNode } from '../../state/nodesStore';
import { describeError } from '../../text/describeError';
import { plainLabel } from '../../text/plainText';
import { sendEncoded, sendWithOptionalFields } from '../../api/bodyEncodings';
import type { PanelApi } from '../../api';
import { panelWordsOf } from '../../api/panelWords';
import { runMutation, runWithProgress } from '../../runner/actionRunner';
import { chosenNode, mutateNode, nodeName, nodesOf, type NodeActionContext } from './nodeActionSupport';
import { askNewNode, askNodeChanges } from './nodeForm';
import { confirmChange, refusedAsReadOnly } from '../../runner/guard';
import { plural } from '../../text/plural';
import { registerPanelCommand } from '../registerPanelCommand';

const refusedCheck = Symbol('the panel refused every body of the DNS check');

/**
 * `POST /nodes/preflight/dns`, whose body the contract does not show (bodyEncodings.ts): `{hostname}`, else
 * the hostname wrapped as `{value}`; `refusedCheck` when the panel refuses both as a body (400, 422), so that
 * a check this extension cannot phrase does not block Create Node (the panel checks the create itself).
 */
async function preflightBody(api: PanelApi, hostname: string, signal: AbortSignal): Promise<JsonObject | typeof refusedCheck> {
  const send = (body: JsonObject | undefined) => api.nodes.preflightDns(body ?? {}, { signal });
  try {
    return (await sendEncoded({
      memory: api.refusedFields,
      route: 'nodes.preflightDns',
      encodings: [
        { name: 'hostname as text', body: { hostname }, guessed: ['hostname'], send },
        { name: 'hostname wrapped as {value}', body: { hostname: { value: hostname } }, guessed: ['hostname'], send },
      ],
    })).value;
  } catch (error) {
    if (error instanceof PanelHttpError && (error.status === 400 || error.status === 422)) return refusedCheck;
    throw error;
  }
}

/** The panel's DNS preflight (`POST /nodes/preflight/dns`): undefined when the name resolves, else why not. */
async function preflight(context: NodeActionContext, panelId: string, hostname: string): Promise<string | undefined> {
  try {
    const answer = await runWithProgress(vscode.l10n.t('Checking that {0} resolves…', hostname),
      (_report, cancel) => context.panels.require(panelId).call((api, signal) => preflightBody(api, hostname, signal), cancel));
    if (answer === refusedCheck) return undefined; // the panel takes no check we can send: Create itself is checked by the panel
    if (typeof answer === 'object' && answer !== null && firstFlag(answer, ['ok', 'success', 'passed', 'resolves']) === false) {
      // The panel's reason in its own words, wherever it puts it (`message`, `reason`, `problems[]`…).
      const reason = plainLabel(panelWordsOf(answer).join('; '), 300);
      return vscode.l10n.t('The panel\'s DNS check of {0} failed: {1}. Correct the hostname (or its DNS record) and try again.', hostname, reason || vscode.l10n.t('it does not resolve'));
    }
    return undefined;
  } catch (error) {
    return vscode.l10n.t('The panel could not check {0}: {1}', hostname, describeError(error));
  }
}

/** Create Node: the steps, then `POST /nodes`; the new node joins the end of the Nodes view. */
async function createNode(context: NodeActionContext): Promise<PanelNode | undefined> {
  const panelId = context.panels.activeId;
  if (!panelId || refusedAsReadOnly(context, panelId)) return undefined;
  const form = await askNewNode(context.input, (hostname) => preflight(context, panelId, hostname));
  if (!form) return undefined;
  let dropped: readonly string[] = [];
  // Echo what was read: each member under the name and in the shape the nodes of this panel give it.
  const created = nodeBody(context.panels.get(panelId)?.nodes.held ?? [], { name: form.name, hostname: form.hostname, ...(form.region ? { region: form.region } : {}), ...(form.note ? { note: form.note } : {}) });
  const outcome = await runMutation(context, {
    panelId,
    busyLabel: vscode.l10n.t('Creating node "{0}"…', plainLabel(form.name, 80)),
    failure: vscode.l10n.t('Could not create node "{0}"', plainLabel(form.name, 80)),
    run: async (api, signal) => {
      const sent = await sendWithOptionalFields({
        memory: api.refusedFields, route: 'nodes.create', body: created.body, optional: created.optional,
        send: (body) => api.nodes.create(body, { signal }),
      });
      dropped = sent.dropped.map((name) => created.fieldOf.get(name) ?? name);
      return sent.value;
    },
    // A lost 201: the list says whether the node exists now; it is never created twice.
    reconcile: async (api, signal) => {
      const list = await api.nodes.list({ signal });
      const found = listFromResponse(list, ['items', 'nodes', 'data', 'results'])
        .find((node) => isNode(node) && nodeText(node, 'hostname').toLowerCase() === form.hostname.toLowerCase());
      context.panels.get(panelId)?.nodes.replaceAll(list);
      return found
        ? vscode.l10n.t('The panel created node "{0}".', plainLabel(form.name, 80))
        : vscode.l10n.t('The panel has no node for {0}; nothing was created.', form.hostname);
    },
  });
  if (outcome.kind !== 'done' || !isNode(outcome.value)) return undefined;
  const node = outcome.value as PanelNode;
  context.panels.get(panelId)?.nodes.add(node);
  tellDropped(context, nodeName(node), dropped, form);
  void context.input.notify('info', vscode.l10n.t('Node "{0}" is created ({1}). Install the agent with its install command.', nodeName(node), plainLabel(node.status, 20) || vscode.l10n.t('status unknown')));
  return node;
}

/** What the operator typed that this panel does not keep (it refused the field), quoted so it is not lost. */
function tellDropped(context: NodeActionContext, name: string, dropped: readonly string[], typed: Partial<Record<'region' | 'note', string>>): void {
  for (const field of dropped) {
    const text = typed[field as 'region' | 'note'];
    if (!text) continue;
    void context.input.notify('warning', field === 'note'
      ? vscode.l10n.t('This panel does not keep a note on nodes, so "{0}" was saved without it. Your note: {1}', name, plainLabel(text, 500))
      : vscode.l10n.t('This panel does not keep a region on nodes, so "{0}" was saved without it. Your region: {1}', name, plainLabel(text, 200)));
  }
}

/** The names a panel may give a node's members the contract does not show (`name` is given by spec 2.3). */
const NODE_MEMBERS = { name: ['name'], hostname: ['hostname', 'host', 'fqdn'], region: ['region', 'location'], note: ['note', 'notes', 'comment'] } as const;
type NodeField = keyof typeof NODE_MEMBERS;

/** A node's member as text, under whichever of its names the node carries, wrapped (`{value}`) or not. */
function nodeText(node: Record<string, unknown>, field: NodeField): string {
  const value = scalarOf(memberNamed(node, NODE_MEMBERS[field])?.value);
  return typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'bigint' ? String(value) : '';
}

/**
 * A body with `values`, each under the name and in the shape (`{value}`, a numeric string…) that the first of
 * `read` (nodes read from the same panel) carrying it gives it; the contract's name and a plain value when none
 * does. `fieldOf` maps the names sent back to the fields; `optional` are region and note, as sent.
 */
function nodeBody(read: readonly Record<string, unknown>[], values: Partial<Record<NodeField, string>>): { body: JsonObject; optional: string[]; fieldOf: Map<string, NodeField> } {
  const body: JsonObject = {};
  const fieldOf = new Map<string, NodeField>();
  for (const [field, value] of Object.entries(values) as [NodeField, string][]) {
    const asRead = read.map((node) => memberNamed(node, NODE_MEMBERS[field])).find((member) => member !== undefined);
    const name = asRead?.name ?? field;
    setOwnMember(body, name, (asRead ? inShapeOf(asRead.value, value) : value) as JsonValue);
    fieldOf.set(name, field);
  }
  return { body, optional: [...fieldOf].filter(([, field]) => field === 'region' || field === 'note').map(([name]) => name), fieldOf };
}

/** Rename/Edit: name, region, note; `PATCH /nodes/{id}` with the changed fields only. */
async function editNode(context: NodeActionContext, target: unknown): Promise<void> {
  const item = chosenNode(target);
  if (!item || refusedAsReadOnly(context, item.panelId)) return;
  const node = item.node;
  const current = { name: nodeText(node, 'name'), region: nodeText(node, 'region'), note: nodeText(node, 'note') };
  const next = await askNodeChanges(context.input, current);
  if (!next) return;
  const changed: Partial<Record<NodeField, string>> = {};
  for (const key of ['name', 'region', 'note'] as const) if (next[key] !== current[key]) changed[key] = next[key];
  // Echo what was read: the changed members under the node's names and in its shapes.
  const changes = nodeBody([node], changed);
  if (Object.keys(changed).length === 0) {
    void context.input.notify('info', vscode.l10n.t('Nothing changed on "{0}".', nodeName(node)));
    return;
  }
  let dropped: readonly string[] = [];
  const outcome = await mutateNode(context, item, vscode.l10n.t('edit'), {
    busyLabel: vscode.l10n.t('Saving…'),
    failure: vscode.l10n.t('Could not change node "{0}"', nodeName(node)),
    run: async (api, signal) => {
      const sent = await sendWithOptionalFields({
        memory: api.refusedFields, route: 'nodes.update', body: changes.body, optional: changes.optional,
        send: (body) => api.nodes.update(node.id, body, { signal }),
      });
      dropped = sent.dropped.map((name) => changes.fieldOf.get(name) ?? name);
      return sent.value;
    },
    apply: (answer) => { if (isNode(answer)) nodesOf(context, item.panelId)?.update(answer); },
    reconcile: async (api, signal) => {
      const now = await api.nodes.get(node.id, { signal });
      nodesOf(context, item.panelId)?.update(now);
      return vscode.l10n.t('The panel now holds the node as "{0}".', nodeName(now));
    },
  });
  if (outcome.kind === 'done') tellDropped(context, nodeName(node), dropped, changed);
}

/** Delete Node after a modal confirmation (`DELETE /nodes/{id}`); it leaves the Nodes view. */
async function deleteNode(context: NodeActionContext, target: unknown): Promise<void> {
  const item = chosenNode(target);
  if (!item) return;
  const name = nodeName(item.node);
  const bound = typeof item.node.keys_bound === 'number' ? item.node.keys_bound : undefined;
  const sure = await confirmChange(context, {
    panelId: item.panelId,
    action: vscode.l10n.t('Delete'),
    question: vscode.l10n.t('Delete node "{0}"?', name),
    detail: vscode.l10n.t('The panel forgets the node, its jobs and its settings. Users bound to it must be unbound first.'),
    changes: [
      vscode.l10n.t('Delete node "{0}" with its jobs and settings', name),
      ...(bound !== undefined ? [plural(bound, { one: '{0} user is bound to it', other: '{0} users are bound to it' }, vscode.l10n.t)] : []),
    ],
  });
  if (!sure) return;
  const outcome = await mutateNode(context, item, vscode.l10n.t('delete'), {
    busyLabel: vscode.l10n.t('Deleting…'),
    failure: vscode.l10n.t('Could not delete node "{0}"', name),
    run: (api, signal) => api.nodes.delete(item.node.id, { signal }),
    reconcile: async (api, signal) => {
      try {
        const still = await api.nodes.get(item.node.id, { signal });
        nodesOf(context, item.panelId)?.update(still);
        return vscode.l10n.t('The panel still has node "{0}".', name);
      } catch (error) {
        if (!(error instanceof PanelHttpError && error.status === 404)) throw error;
        nodesOf(context, item.panelId)?.remove(item.node.id);
        return vscode.l10n.t('The panel deleted node "{0}".', name);
      }
    },
  });
  if (outcome.kind === 'done') nodesOf(context, item.panelId)?.remove(item.node.id);
}

/** Sends a new order (`PUT /nodes/order {ids}`); the view shows the order the panel answers with. */
export async function reorderNodes(context: NodeActionContext, panelId: string, ids: readonly string[]): Promise<void> {
  await runMutation(context, {
    panelId,
    busyLabel: vscode.l10n.t('Saving the order of the nodes…'),
    failure: vscode.l10n.t('Could not change the order of the nodes'),
    run: (api, signal) => api.nodes.order({ ids: [...ids] }, { signal }),
    apply: async (answer) => {
      // The panel answers with the list in its order; without one, the store reads it.
      const nodes = nodesOf(context, panelId);
      if (Array.isArray((answer as { items?: unknown } | undefined)?.items)) nodes?.replaceAll(answer);
      else await nodes?.load();
    },
    reconcile: async (_api, signal) => {
      await nodesOf(context, panelId)?.load(signal);
      return vscode.l10n.t('The Nodes view shows the order the panel holds now.');
    },
  });
}

/** "Create Node…", "Rename/Edit Node…" and "Delete Node…". */
export function registerNodeEditing(context: NodeActionContext): vscode.Disposable {
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.nodes.create', () => createNode(context)),
    registerPanelCommand('panelOps.nodes.edit', (item?: unknown) => editNode(context, item)),
    registerPanelCommand('panelOps.nodes.delete', (item?: unknown) => deleteNode(context, item)),
  );
}
