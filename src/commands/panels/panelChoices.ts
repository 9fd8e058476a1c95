import * as vscode from 'vscode';
import { pickProtection, protectionWord } from '../../connection/connectPrompts';
import type { PanelRef, PanelSession } from '../../connection/panelSession';
import { PANEL_COLORS, type ChatAccess, type PanelColor } from '../../connection/protectionLevel';
import { locate } from '../../editors/panelUri';
import { withoutBack, type UserInput } from '../../prompts/userInput';
import { refusedAsReadOnly } from '../../runner/guard';
import { plainLabel } from '../../text/plainText';
import { registerPanelCommand } from '../registerPanelCommand';

/**
 * The panel a choice is about: the panel item it was run on (all-panels mode), a panel id, the only
 * connected panel, or one the operator picks (the active one first). Undefined when none is connected or
 * the pick was dismissed.
 */
async function panelOf(session: PanelSession, input: UserInput, argument: unknown, title: string): Promise<PanelRef | undefined> {
  const id = typeof argument === 'string' ? argument
    : typeof argument === 'object' && argument !== null && typeof (argument as { panelId?: unknown }).panelId === 'string' ? (argument as { panelId: string }).panelId
      : undefined;
  const named = id === undefined ? undefined : session.panel(id);
  if (named) return named;
  const panels = session.connectedPanels();
  if (panels.length === 0) {
    void input.notify('error', vscode.l10n.t('Connect to a panel first.'));
    return undefined;
  }
  if (panels.length === 1) return panels[0];
  const active = session.active?.id;
  const ordered = [...panels].sort((a, b) => Number(b.id === active) - Number(a.id === active));
  const picked = withoutBack(await input.pick({
    title,
    placeholder: vscode.l10n.t('Which panel?'),
    items: ordered.map((panel) => ({ label: plainLabel(panel.name, 80), description: `${panel.url} · ${protectionWord(panel.protection)}`, panel })),
  }));
  return picked?.panel;
}

/** "Set Protection Level…": open, protected or read-only, kept with the panel's record; nothing is sent. */
async function setProtection(session: PanelSession, input: UserInput, argument: unknown): Promise<PanelRef | undefined> {
  const title = vscode.l10n.t('Set Protection Level');
  const panel = await panelOf(session, input, argument, title);
  if (!panel) return undefined;
  const level = await pickProtection(input, vscode.l10n.t('Set Protection Level of "{0}"', plainLabel(panel.name, 80)), panel.protection);
  if (level === undefined || level === panel.protection) return panel;
  const changed = await session.setPanelChoices(panel.id, { protection: level });
  const name = plainLabel(panel.name, 80);
  const told = level === 'readOnly'
    ? vscode.l10n.t('"{0}" is now read-only in Panel Ops: nothing that changes it is sent, and its write actions are hidden.', name)
    : level === 'protected'
      ? vscode.l10n.t('"{0}" is now protected: destructive and bulk actions say what will change and need its name typed.', name)
      : vscode.l10n.t('"{0}" is now open: destructive actions ask once.', name);
  void input.notify('info', told);
  return changed;
}

const COLOR_NAMES: Record<PanelColor, () => string> = {
  'charts.red': () => vscode.l10n.t('Red'),
  'charts.orange': () => vscode.l10n.t('Orange'),
  'charts.yellow': () => vscode.l10n.t('Yellow'),
  'charts.green': () => vscode.l10n.t('Green'),
  'charts.blue': () => vscode.l10n.t('Blue'),
  'charts.purple': () => vscode.l10n.t('Purple'),
};

/** "Set Panel Color…": a theme colour for the status bar item, the panel's item and its documents' tabs, or none. */
async function setColor(session: PanelSession, input: UserInput, argument: unknown): Promise<PanelRef | undefined> {
  const panel = await panelOf(session, input, argument, vscode.l10n.t('Set Panel Color'));
  if (!panel) return undefined;
  const none = { label: vscode.l10n.t('No color'), color: undefined as PanelColor | undefined, picked: panel.color === undefined };
  const picked = withoutBack(await input.pick({
    title: vscode.l10n.t('Set Panel Color of "{0}"', plainLabel(panel.name, 80)),
    placeholder: vscode.l10n.t('Marks the panel in the status bar, in all-panels mode and on its documents\' tabs'),
    items: [none, ...PANEL_COLORS.map((color) => ({ label: COLOR_NAMES[color](), description: color, color: color as PanelColor | undefined, picked: panel.color === color }))],
  }));
  if (!picked) return panel;
  return session.setPanelChoices(panel.id, { color: picked.color });
}

/** "Set Chat Tools Access…": whether the chat tools may change the panel (each change confirmed) or only read it. */
async function setChatAccess(session: PanelSession, input: UserInput, argument: unknown): Promise<PanelRef | undefined> {
  const panel = await panelOf(session, input, argument, vscode.l10n.t('Set Chat Tools Access'));
  if (!panel) return undefined;
  const items: (vscode.QuickPickItem & { access: ChatAccess })[] = [
    { access: 'readWrite', label: vscode.l10n.t('Read and change'), description: vscode.l10n.t('each change says what it will do and waits for your confirmation'), picked: panel.chatTools === 'readWrite' },
    { access: 'read', label: vscode.l10n.t('Read only'), description: vscode.l10n.t('the tools that would change the panel refuse'), picked: panel.chatTools === 'read' },
  ];
  const picked = withoutBack(await input.pick({
    title: vscode.l10n.t('Chat tools on "{0}"', plainLabel(panel.name, 80)),
    placeholder: panel.protection === 'readOnly' ? vscode.l10n.t('The panel is read-only: its chat tools only read, whatever is chosen here') : vscode.l10n.t('What the chat tools may do on this panel'),
    items,
  }));
  if (!picked) return panel;
  return session.setPanelChoices(panel.id, { chatTools: picked.access });
}

/**
 * The keys that would change a read-only panel (Apply Configuration's key in the Nodes view, Save in one of the
 * panel's documents) run this instead of doing nothing: the one sentence of the guard, naming the level and
 * how to change it. The panel is the item's (when run on one), else the focused document's, else the active panel.
 */
function tellWhyReadOnly(session: PanelSession, input: UserInput, argument: unknown): void {
  const ofItem = typeof (argument as { panelId?: unknown } | undefined)?.panelId === 'string' ? (argument as { panelId: string }).panelId : undefined;
  const editor = vscode.window.activeTextEditor;
  const ofDocument = editor ? locate(editor.document.uri)?.panelId : undefined;
  refusedAsReadOnly({ session, input }, ofItem ?? ofDocument ?? session.active?.id);
}

/** The commands that set what the operator chooses about a connected panel (loaded at activation). */
export function registerPanelChoices(session: PanelSession, input: UserInput): vscode.Disposable {
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.setProtection', (argument?: unknown) => setProtection(session, input, argument)),
    registerPanelCommand('panelOps.setPanelColor', (argument?: unknown) => setColor(session, input, argument)),
    registerPanelCommand('panelOps.setChatAccess', (argument?: unknown) => setChatAccess(session, input, argument)),
    registerPanelCommand('panelOps.tellReadOnly', (argument?: unknown) => tellWhyReadOnly(session, input, argument)),
  );
}
