import * as vscode from 'vscode';
import { PRESETS, SCOPES, type Scope } from '../api/catalog';
import { withoutBack, type UserInput } from '../prompts/userInput';
import type { TokenPreset } from './panelRecords';
import { PROTECTION_LEVELS, type ProtectionLevel } from './protectionLevel';

interface PresetItem extends vscode.QuickPickItem {
  readonly preset: TokenPreset;
}

/** "Full rights", "Read-only" or "Some scopes…", as the token was created in the panel. */
export async function pickPreset(input: UserInput, current: TokenPreset | undefined, problem?: string): Promise<TokenPreset | undefined> {
  const items: PresetItem[] = [
    { preset: 'fullRights', label: vscode.l10n.t('Full rights'), description: vscode.l10n.t('every scope; the account\'s role still applies') },
    { preset: 'readOnly', label: vscode.l10n.t('Read-only'), description: vscode.l10n.t('every :read scope') },
    { preset: 'custom', label: vscode.l10n.t('Some scopes…'), description: vscode.l10n.t('pick the scopes one by one') },
  ];
  const picked = withoutBack(await input.pick({
    title: vscode.l10n.t('Connect to Panel: what was the token created with?'),
    items: items.map((item) => ({ ...item, picked: item.preset === current })),
    placeholder: vscode.l10n.t('The extension hides actions the token cannot perform'),
    problem,
  }));
  return picked?.preset;
}

/** Multi-select of the 13 scopes, preselected with the current choice. */
export async function pickScopes(input: UserInput, current: readonly Scope[]): Promise<Scope[] | undefined> {
  const picked = withoutBack(await input.pickMany({
    title: vscode.l10n.t('Connect to Panel: scopes of the token'),
    placeholder: vscode.l10n.t('Select every scope the token was created with'),
    items: SCOPES.map((scope) => ({ label: scope, picked: current.includes(scope) })),
  }));
  if (!picked) return undefined;
  return SCOPES.filter((scope) => picked.some((item) => item.label === scope));
}

/** The scopes a preset selects (custom keeps the given list). */
export function scopesOf(preset: TokenPreset, custom: readonly Scope[] = []): Scope[] {
  if (preset === 'fullRights') return [...PRESETS.fullRights];
  if (preset === 'readOnly') return [...PRESETS.readOnly];
  return [...custom];
}

interface ProtectionItem extends vscode.QuickPickItem {
  readonly level: ProtectionLevel;
}

/** A protection level in words: "open", "protected", "read-only". */
export function protectionWord(level: ProtectionLevel): string {
  switch (level) {
    case 'open': return vscode.l10n.t('open');
    case 'protected': return vscode.l10n.t('protected');
    case 'readOnly': return vscode.l10n.t('read-only');
  }
}

/** Open, Protected or Read-only, the current one highlighted (Enter keeps it). */
export async function pickProtection(input: UserInput, title: string, current: ProtectionLevel): Promise<ProtectionLevel | undefined> {
  const descriptions: Record<ProtectionLevel, string> = {
    open: vscode.l10n.t('destructive actions ask once, as usual'),
    protected: vscode.l10n.t('destructive and bulk actions say what will change and need the panel\'s name typed'),
    readOnly: vscode.l10n.t('Panel Ops sends nothing that changes this panel; write actions are hidden'),
  };
  const labels: Record<ProtectionLevel, string> = { open: vscode.l10n.t('Open panel'), protected: vscode.l10n.t('Protected panel'), readOnly: vscode.l10n.t('Read-only panel') };
  const items: ProtectionItem[] = PROTECTION_LEVELS.map((level) => ({
    level, label: labels[level], description: descriptions[level], picked: level === current,
  }));
  const picked = withoutBack(await input.pick({
    title,
    items,
    placeholder: vscode.l10n.t('How carefully Panel Ops treats this panel (change it later with Set Protection Level…)'),
  }));
  return picked?.level;
}
