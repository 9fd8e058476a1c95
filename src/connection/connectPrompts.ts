import * as vscode from 'vscode';
import { PRESETS, SCOPES, type Scope } from '../api/catalog';
import { quickInputText } from '../text/plainText';
import type { TokenPreset } from './panelRecords';

export interface TextPrompt {
  readonly title: string;
  readonly prompt: string;
  readonly value?: string;
  readonly placeholder?: string;
  readonly password?: boolean;
  /**
   * Shown when the box opens, e.g. why the panel refused the previous value. It may quote the panel's own
   * words, and VS Code renders links (command links included) and icons in this message: made plain here.
   */
  readonly problem?: string;
  /** Live validation: a message for an unusable value, undefined when it is fine. */
  readonly validate: (value: string) => string | undefined;
}

/** An input box that validates as the user types and can open with an explanation of what went wrong. */
export function askText(options: TextPrompt): Promise<string | undefined> {
  return new Promise((resolve) => {
    const box = vscode.window.createInputBox();
    box.title = options.title;
    box.prompt = options.prompt;
    box.value = options.value ?? '';
    box.placeholder = options.placeholder;
    box.password = options.password ?? false;
    box.ignoreFocusOut = true;
    box.validationMessage = options.problem
      ? { message: quickInputText(options.problem), severity: vscode.InputBoxValidationSeverity.Error }
      : undefined;
    let settled = false;
    const finish = (value: string | undefined) => {
      if (settled) return;
      settled = true;
      resolve(value);
      box.dispose();
    };
    box.onDidChangeValue((value) => {
      box.validationMessage = options.validate(value);
    });
    box.onDidAccept(() => {
      const problem = options.validate(box.value);
      if (problem) box.validationMessage = problem;
      else finish(box.value.trim());
    });
    box.onDidHide(() => finish(undefined));
    box.show();
  });
}

interface PresetItem extends vscode.QuickPickItem {
  readonly preset: TokenPreset;
}

/** "Full rights", "Read-only" or "Some scopes…", as the token was created in the panel. */
export async function pickPreset(current: TokenPreset | undefined, problem?: string): Promise<TokenPreset | undefined> {
  const items: PresetItem[] = [
    { preset: 'fullRights', label: vscode.l10n.t('Full rights'), description: vscode.l10n.t('every scope; the account\'s role still applies') },
    { preset: 'readOnly', label: vscode.l10n.t('Read-only'), description: vscode.l10n.t('every :read scope') },
    { preset: 'custom', label: vscode.l10n.t('Some scopes…'), description: vscode.l10n.t('pick the scopes one by one') },
  ];
  const picked = await vscode.window.showQuickPick(
    items.map((item) => ({ ...item, picked: item.preset === current })),
    {
      title: vscode.l10n.t('Connect to Panel: what was the token created with?'),
      placeHolder: problem ?? vscode.l10n.t('The extension hides actions the token cannot perform'),
      ignoreFocusOut: true,
    },
  );
  return picked?.preset;
}

/** Multi-select of the 13 scopes, preselected with the current choice. */
export async function pickScopes(current: readonly Scope[]): Promise<Scope[] | undefined> {
  const picked = await vscode.window.showQuickPick(
    SCOPES.map((scope) => ({ label: scope, picked: current.includes(scope) })),
    {
      title: vscode.l10n.t('Connect to Panel: scopes of the token'),
      placeHolder: vscode.l10n.t('Select every scope the token was created with'),
      canPickMany: true,
      ignoreFocusOut: true,
    },
  );
  if (!picked) return undefined;
  return SCOPES.filter((scope) => picked.some((item) => item.label === scope));
}

/** The scopes a preset selects (custom keeps the given list). */
export function scopesOf(preset: TokenPreset, custom: readonly Scope[] = []): Scope[] {
  if (preset === 'fullRights') return [...PRESETS.fullRights];
  if (preset === 'readOnly') return [...PRESETS.readOnly];
  return [...custom];
}
