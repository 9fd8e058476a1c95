import * as vscode from 'vscode';
import { protectionWord } from '../connection/connectPrompts';
import type { PanelRef, PanelSession } from '../connection/panelSession';
import { confirmed, withoutBack, type UserInput } from '../prompts/userInput';
import { plainLabel } from '../text/plainText';
import { numberText } from '../text/displayLanguage';

/**
 * The one guard of destructive and bulk actions, by the panel's protection level (connection/protectionLevel.ts):
 * - open: today's confirmation (a modal naming what is acted on), or none for a bulk change that never asked;
 * - protected: a modal that names the panel and lists exactly what will change (counts and names), then the
 *   panel's name to type; anything else changes nothing;
 * - read-only: refused with one sentence, nothing asked, nothing sent (the panel's client refuses any
 *   request that would change it anyway: connection/protection.ts).
 * Commands, the users table, documents and chat tools call `confirmChange` where they used to confirm.
 */
export interface GuardContext {
  readonly session: PanelSession;
  readonly input: UserInput;
  readonly log?: vscode.LogOutputChannel;
}

/** A change about to be sent to a panel, as the guard tells it. */
export interface PanelChange {
  /** The panel the change goes to (the acted-on item's, never simply the active one). */
  readonly panelId: string;
  /** The confirming button, e.g. "Delete". */
  readonly action: string;
  /** The question naming what is acted on, e.g. `Delete "alice"?`. */
  readonly question: string;
  /** What follows, e.g. "This cannot be undone." */
  readonly detail?: string;
  /** Exactly what will change, one line each, with counts and names (`Delete 2 users: "alice", "bob"`). */
  readonly changes: readonly string[];
  /** Whether an open panel asks too (default true); false for a bulk change that did not ask before levels. */
  readonly askOnOpen?: boolean;
  /** The operator has just seen what will change (chat's own confirmation): a protected panel asks only for its name. */
  readonly shown?: boolean;
}

/** Resolves true when the change may be sent; false when the operator declined, or the panel is read-only (told). */
export async function confirmChange(context: GuardContext, change: PanelChange): Promise<boolean> {
  const panel = context.session.panel(change.panelId);
  // A panel signed out meanwhile: the request then fails with "no longer connected", told by the runner.
  if (!panel) return true;
  switch (panel.protection) {
    case 'readOnly':
      tellReadOnly(context, panel);
      return false;
    case 'open':
      if (change.askOnOpen === false || change.shown) return true;
      return confirmed(context.input, change.action, change.question, change.detail);
    case 'protected':
      return confirmOnProtected(context, panel, change);
  }
}

/**
 * The guard for a selection that may span panels (all-panels mode): when every panel of it is open, one
 * question for the whole selection, as before levels existed (`whole`, none when `askOnOpen` is false);
 * otherwise each panel is asked on its own (`ofPanel`), so a protected panel's name is typed for its part
 * only and a read-only panel's part is refused. Resolves with the panels whose part may be sent.
 */
export async function confirmSelection(
  context: GuardContext,
  panelIds: readonly string[],
  whole: Omit<PanelChange, 'panelId' | 'changes'>,
  ofPanel: (panelId: string) => PanelChange,
): Promise<Set<string>> {
  const allOpen = panelIds.every((panelId) => (context.session.panel(panelId)?.protection ?? 'open') === 'open');
  if (allOpen) {
    const sure = whole.askOnOpen === false || await confirmed(context.input, whole.action, whole.question, whole.detail);
    return new Set(sure ? panelIds : []);
  }
  const kept = new Set<string>();
  for (const panelId of panelIds) if (await confirmChange(context, ofPanel(panelId))) kept.add(panelId);
  return kept;
}

/**
 * For commands that ask several questions before they change anything (Create User, Import Users…): true,
 * after telling why, when the panel is read-only, so the operator is not walked through a wizard whose end
 * would be refused.
 */
export function refusedAsReadOnly(context: Pick<GuardContext, 'session' | 'input'>, panelId: string | undefined): boolean {
  const panel = panelId === undefined ? undefined : context.session.panel(panelId);
  if (panel?.protection !== 'readOnly') return false;
  tellReadOnly(context, panel);
  return true;
}

/** "Production (protected)": how notifications and confirmations name a panel that is not open. */
export function panelWithLevel(panel: Pick<PanelRef, 'name' | 'protection'>): string {
  const name = plainLabel(panel.name, 80);
  return panel.protection === 'open' ? name : vscode.l10n.t('{0} ({1})', name, protectionWord(panel.protection));
}

/**
 * A sentence about a panel, led by the panel and its level when it is protected or read-only ("Production
 * (protected): Could not delete "alice": …"), so the operator always knows which panel spoke; as it is for
 * an open panel, or one signed out (undefined).
 */
export function onPanelOf(panel: Pick<PanelRef, 'name' | 'protection'> | undefined, sentence: string): string {
  return panel && panel.protection !== 'open' ? vscode.l10n.t('{0}: {1}', panelWithLevel(panel), sentence) : sentence;
}

function tellReadOnly(context: Pick<GuardContext, 'input'>, panel: PanelRef): void {
  void context.input.notify('warning', vscode.l10n.t('"{0}" is read-only in Panel Ops, so nothing was changed or sent. To act on it, change its level with Set Protection Level….', plainLabel(panel.name, 80)));
}

async function confirmOnProtected(context: GuardContext, panel: PanelRef, change: PanelChange): Promise<boolean> {
  const name = plainLabel(panel.name, 80);
  if (!change.shown) {
    const lines = change.changes.map((line) => `• ${line}`);
    const detail = [
      ...lines,
      ...(change.detail ? ['', change.detail] : []),
      '',
      vscode.l10n.t('Next, type the panel\'s name to go ahead.'),
    ].join('\n');
    const go = vscode.l10n.t('{0}…', change.action);
    const answer = await context.input.confirm({ message: vscode.l10n.t('On the protected panel "{0}": {1}', name, change.question), detail, actions: [go] });
    if (answer !== go) return false;
  }
  const typed = withoutBack(await context.input.text({
    title: vscode.l10n.t('{0} on "{1}" (protected)', change.action, name),
    prompt: vscode.l10n.t('Type the panel\'s name, {0}, to go ahead: {1}', name, change.changes.join('; ') || change.question),
    // VS Code shows a validation message in place of the prompt: a wrong name keeps what will change in view.
    validate: (value) => (value.trim() === name.trim() ? undefined : vscode.l10n.t('Type the panel\'s name exactly ({0}), or press Escape to change nothing. What will change: {1}', name, change.changes.join('; ') || change.question)),
  }));
  const confirmedByName = typed !== undefined && typed.trim() === name.trim();
  context.log?.info(`${change.action} on the protected panel ${panel.id}: ${confirmedByName ? 'the name was typed; sending' : 'not confirmed; nothing sent'}`);
  return confirmedByName;
}

/** "Delete 3 users: "alice", "bob", "carol"" — at most `max` names, then "and N more". */
export function namesLine(what: string, names: readonly string[], max = 10): string {
  const shown = names.slice(0, max).map((name) => `"${plainLabel(name, 60)}"`).join(', ');
  if (names.length === 0) return what;
  return names.length > max ? vscode.l10n.t('{0}: {1} and {2} more', what, shown, numberText(names.length - max)) : vscode.l10n.t('{0}: {1}', what, shown);
}
