/**
 * What the chat tools share (commands/find/chatTools.ts, chatWriteTool.ts, chatChangeTools.ts): the context
 * they run in, the panel a tool names, the model's inputs and answers, and the reads through a panel's
 * stores that both the read and the write tools make.
 */
import * as vscode from 'vscode';
import type { RouteId } from '../../api/catalog';
import type { PanelNode } from '../../api/types';
import type { SavedPanels } from '../../connection/savedPanels';
import { NotConnectedError } from '../../connection/panelSession';
import { scrubText } from '../../api/modelFacts';
import type { ActionContext, ActionOutcome } from '../../runner/actionRunner';
import type { Alert, AlertList } from '../../state/alertsModel';
import type { ConnectedPanel, PanelStoresLookup } from '../../state/panelStores';
import { describeError } from '../../text/describeError';
import { numberText } from '../../text/displayLanguage';
import { nodeLabel } from '../../text/nodeText';

export interface ChatToolsContext extends ActionContext {
  readonly store: SavedPanels;
  /** Every connected panel's stores: what the tools change goes into the changed panel's. */
  readonly panels: PanelStoresLookup;
}

/** The tools, by the names package.json contributes (`contributes.languageModelTools`). */
export type ChatTools = Record<string, vscode.LanguageModelTool<Record<string, unknown>>>;

export interface ToolPanel {
  readonly id: string;
  readonly name: string;
}

/** The panel a write acts on (one, named or the only one connected), or why none. */
export type OnePanel = (input: Record<string, unknown>) => Promise<ToolPanel | string>;
/** Why the panel's token cannot run the route, undefined when it can. */
export type MissingScope = (panel: ToolPanel, route: RouteId) => string | undefined;

/** Most users a tool reads or changes at once. */
export const MAX_USERS = 50;

/** A tool's answer: one JSON text part (the model reads it; nothing in it is rendered as Markdown). */
export function answer(value: unknown): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(JSON.stringify(value, (_key, item: unknown) => (typeof item === 'bigint' ? item.toString() : item)))]);
}

/** A refusal or failure, as plain text for the model. */
export function sentence(text: string): vscode.LanguageModelToolResult {
  return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);
}

export function stringInput(input: Record<string, unknown>, name: string): string | undefined {
  const value = input[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export function numberInput(input: Record<string, unknown>, name: string, fallback: number, max: number): number {
  const value = input[name];
  return typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(1, Math.floor(value))) : fallback;
}

export function abortOn(token: vscode.CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}

/**
 * A node of the panel by id or name, from a read of the list through the panel's nodes store (sharing a read
 * under way): what it found changed redraws in the Nodes view and the pages that show the node.
 */
export async function findNode(stores: ConnectedPanel, signal: AbortSignal, wanted: string): Promise<PanelNode | undefined> {
  const nodes = await stores.nodes.poll(signal);
  return nodes.find((node) => node.id === wanted) ?? nodes.find((node) => nodeLabel(node, vscode.l10n.t).toLowerCase() === wanted.toLowerCase());
}

/**
 * The panel's alerts, read again through its alerts store (sharing a read under way), so the Alerts view, its
 * badge and the status bar follow what the tool read. A failed read throws its error.
 */
export async function readAlerts(stores: ConnectedPanel): Promise<AlertList> {
  await stores.alerts.refresh();
  const held = stores.alerts.held;
  if (held.kind === 'loaded') return held.list;
  if (held.kind === 'failed') throw held.error;
  throw new NotConnectedError(); // forgotten meanwhile: the panel was signed out or its token changed
}

export function alertAsRecord(alert: Alert): Record<string, unknown> {
  return {
    id: alert.id, severity: alert.severityText || alert.severity, title: alert.title, message: alert.message, subject: alert.subject,
    node_id: alert.nodeId, created_at: alert.createdAt, resolved: alert.resolved, resolved_at: alert.resolvedAt,
  };
}

export function idsInput(input: Record<string, unknown>, name: string, max: number): string[] {
  const value = input[name];
  const ids = (Array.isArray(value) ? value : [])
    .map((id: unknown) => (typeof id === 'number' || typeof id === 'bigint' ? String(id) : typeof id === 'string' ? id.trim() : ''))
    .filter((id) => /^[A-Za-z0-9._:-]{1,64}$/.test(id));
  return [...new Set(ids)].slice(0, max);
}

export function quoted(names: readonly string[]): string {
  const shown = names.slice(0, 10).map((name) => `"${name}"`).join(', ');
  return names.length > 10 ? vscode.l10n.t('{0} and {1} more', shown, numberText(names.length - 10)) : shown;
}

export function listed(entries: readonly string[]): string {
  const shown = entries.slice(0, 10).join(', ');
  return entries.length > 10 ? vscode.l10n.t('{0} and {1} more', shown, numberText(entries.length - 10)) : shown;
}

/** What a runner outcome other than `done` tells the model. */
export function outcomeSentence(outcome: ActionOutcome<unknown>): vscode.LanguageModelToolResult {
  if (outcome.kind === 'reconciled') return sentence(scrubText(outcome.message));
  if (outcome.kind === 'cancelled') return sentence(vscode.l10n.t('Cancelled; nothing was sent.'));
  if (outcome.kind === 'failed') return sentence(scrubText(describeError(outcome.error)));
  return sentence('');
}
