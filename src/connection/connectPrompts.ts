import * as vscode from 'vscode';
import { PRESETS, SCOPES, type Scope } from '../api/catalog';
import { withoutBack, type UserInput } from '../prompts/userInput';
import type { TokenPreset } from './panelRecords';

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
