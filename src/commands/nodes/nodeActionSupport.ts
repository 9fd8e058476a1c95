import * as vscode from 'vscode';
import type { ApplyJob, PanelNode } from '../../api/types';
import { NotConnectedError } from '../../connection/panelSession';
import type { ReadOnlyDocuments } from '../../editors/readOnlyDocuments';
import type { NodesStore } from '../../state/nodesStore';
import { plainLabel } from '../../text/plainText';
import { isolated } from '../../text/bidi';
import { nodeLabel } from '../../text/nodeText';
import { NodeItem, NodeSectionItem } from '../../views/nodes/nodeTreeItems';
import type { NodesTree } from '../../views/nodes/nodesView';
import type { PanelStoresLookup } from '../../state/panelStores';
import { recordedOn, type NodeOfAction, type NodeProblems } from '../../runner/nodeProblems';
import type { AppliesTold } from '../../state/appliesTold';
import { runMutation, runRead, type ActionContext, type ActionOutcome, type MutateAction, type ReadAction } from '../../runner/actionRunner';

/** What node and fleet update commands need: the action context (with prompts), the stores, the Nodes view and tabs. */
export interface NodeActionContext extends ActionContext {
  /** Every connected panel's stores: an item's panel's (`get`), the active panel's (`active`). */
  readonly panels: PanelStoresLookup;
  readonly view: NodesTree;
  readonly documents: ReadOnlyDocuments;
  /** The applies this window watches and tells (the panels watcher skips them). */
  readonly appliesTold?: AppliesTold;
}

/** The nodes store of panel `panelId`, or none (signed out). */
export function nodesOf(context: Pick<NodeActionContext, 'panels'>, panelId: string): NodesStore | undefined {
  return context.panels.get(panelId)?.nodes;
}

/**
 * Reads a node's latest jobs through its panel's node-details store (the one reader of jobs), so the Nodes
 * view's Recent jobs and an open Job History follow what this read found.
 */
export function readNodeJobs(context: Pick<NodeActionContext, 'panels'>, panelId: string, nodeId: string, limit: number, signal?: AbortSignal): Promise<readonly ApplyJob[]> {
  const details = context.panels.get(panelId)?.nodeDetails;
  if (!details) return Promise.reject(new NotConnectedError());
  return details.readJobs(nodeId, limit, signal);
}

/** Where the runner keeps the last problem of a node of panel `panelId` (the store holding that panel's nodes then). */
export function problemsOf(context: Pick<NodeActionContext, 'panels'>, panelId: string): NodeProblems {
  return {
    setProblem: (id, problem) => nodesOf(context, panelId)?.setProblem(id, problem),
    clearProblem: (id) => nodesOf(context, panelId)?.clearProblem(id),
  };
}

/**
 * A node's name for a sentence (one plain line, at most 80 characters), isolated from the words around it
 * when the display language is right to left (`isolated`).
 */
export function nodeName(node: Partial<PanelNode>): string {
  return isolated(plainLabel(nodeLabel(node, vscode.l10n.t), 80));
}

/**
 * The nodes a command was run on: the selection when the clicked item is part of it (the Nodes view
 * allows several), else the clicked item alone; a section stands for its node.
 */
export function chosenNodes(item: unknown, selected: unknown): NodeItem[] {
  const items: unknown[] = Array.isArray(selected) && selected.includes(item) ? selected : [item];
  const nodes = items.map((candidate) => (candidate instanceof NodeSectionItem ? candidate.parent : candidate));
  return [...new Set(nodes.filter((candidate): candidate is NodeItem => candidate instanceof NodeItem))];
}

/** The one node a command was run on (a section stands for its node). */
export function chosenNode(item: unknown): NodeItem | undefined {
  return chosenNodes(item, undefined)[0];
}

/** What a node action says besides the node: the runner's fields. */
export type NodeRead<T> = Omit<ReadAction<T>, 'panelId' | 'target'>;
export type NodeMutation<T> = Omit<MutateAction<T>, 'panelId' | 'target'>;

/** The runner's fields every action on a node item shares: its panel and its busy item. */
function onNode(context: NodeActionContext, item: NodeItem): Pick<ReadAction<unknown>, 'panelId' | 'target'> {
  return { panelId: item.panelId, target: { item, view: context.view } };
}

/** The node item an action is about, whose last problem (a 503 or 502) it records (`operation` names it). */
function nodeOfItem(context: NodeActionContext, item: NodeItem, operation: string): NodeOfAction {
  return { id: item.node.id, operation, problems: problemsOf(context, item.panelId) };
}

/**
 * Reads something of one node through the runner (busy item, progress, one failure sentence). A 503 (the
 * node is offline) or 502 (the node's operation failed) stays on the node item as its last problem, which
 * the next success on that node clears. `operation` names it there, e.g. "diagnostics".
 */
export function readNode<T>(context: NodeActionContext, item: NodeItem, operation: string, action: NodeRead<T>): Promise<ActionOutcome<T>> {
  return recordedOn(nodeOfItem(context, item, operation), runRead(context, { ...action, ...onNode(context, item) }));
}

/** Changes something on one node through the runner, like `readNode`; it says how a lost answer is reconciled. */
export function mutateNode<T>(context: NodeActionContext, item: NodeItem, operation: string, action: NodeMutation<T>): Promise<ActionOutcome<T>> {
  return recordedOn(nodeOfItem(context, item, operation), runMutation(context, { ...action, ...onNode(context, item) }));
}

/** Reloads the given sections of a node's item (Recent jobs, Users) if it is shown; no other item. */
export function refreshSections(context: NodeActionContext, item: NodeItem, kinds: readonly NodeSectionItem['kind'][]): void {
  for (const section of item.sections) if (kinds.includes(section.kind)) void context.view.refresh(section);
}

/** A command handler that runs `run` on the node item it was invoked on (nothing without one). */
export function onNodeItem(context: NodeActionContext, run: (context: NodeActionContext, item: NodeItem) => Promise<unknown>): (target?: unknown) => Promise<void> {
  return async (target?: unknown) => {
    const item = chosenNode(target);
    if (item) await run(context, item);
  };
}
