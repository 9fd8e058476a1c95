import * as vscode from 'vscode';
import { SCOPES, type Scope } from '../api/catalog';
import { panelOrigin, tokenProblem, type PanelClientOptions } from '../api/options';
import type { PanelSession } from './panelSession';
import { askText, pickPreset, pickScopes, scopesOf } from './connectPrompts';
import type { PanelRecord, TokenPreset } from './panelRecords';
import { verifyConnection, type ConnectionProblem } from './verifyConnection';

export interface ConnectDependencies {
  readonly session: PanelSession;
  readonly clientOptions: (baseUrl: string) => Omit<PanelClientOptions, 'baseUrl' | 'token'>;
}

/** What the user has entered so far; kept across a failed check so only the wrong part is asked again. */
export interface ConnectDraft {
  url?: string;
  token?: string;
  preset?: TokenPreset;
  scopes?: Scope[];
  name?: string;
}

/** The argument of `executeCommand('panelOps.connect', …)`: connects without prompts, throws on failure. */
export interface ConnectArguments {
  readonly url: string;
  readonly token: string;
  readonly name?: string;
  readonly preset?: TokenPreset;
  readonly scopes?: readonly string[];
}

export function isConnectArguments(value: unknown): value is ConnectArguments {
  if (typeof value !== 'object' || value === null) return false;
  const { url, token } = value as Record<string, unknown>;
  return typeof url === 'string' && typeof token === 'string';
}

function urlProblem(value: string): string | undefined {
  if (!value.trim()) return vscode.l10n.t('Enter the panel\'s address, e.g. https://panel.example.com');
  try {
    panelOrigin(value);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function defaultName(url: string): string {
  return new URL(url).host;
}

/**
 * Asks for the URL, token, token scopes and an optional name, checks them with one read, and saves.
 * After a failed check the step at fault opens again with the reason and the other answers kept.
 * `keepUrl` reconnects a known panel: its URL is kept, the token, scopes and name are asked (prefilled).
 */
export async function connectInteractively(
  deps: ConnectDependencies,
  draft: ConnectDraft = {},
  keepUrl = false,
): Promise<PanelRecord | undefined> {
  const title = keepUrl ? vscode.l10n.t('Reconnect to {0}', draft.name ?? draft.url ?? '') : vscode.l10n.t('Connect to Panel');
  let step: ConnectionProblem['step'] | 'name' | 'check' = keepUrl && draft.url ? 'token' : 'url';
  let problem: ConnectionProblem | undefined;
  for (;;) {
    const reason = problem?.step === step ? problem.message : undefined;
    // After fixing what the check complained about, check again straight away.
    const next = (usual: typeof step): typeof step => (problem ? 'check' : usual);
    switch (step) {
      case 'url': {
        const url = await askText({
          title,
          prompt: vscode.l10n.t('Base URL of the panel (https, or http on this machine only)'),
          placeholder: 'https://panel.example.com',
          value: draft.url,
          problem: reason,
          validate: urlProblem,
        });
        if (url === undefined) return undefined;
        draft.url = panelOrigin(url).origin;
        step = next('token');
        break;
      }
      case 'token': {
        const token = await askText({
          title,
          prompt: vscode.l10n.t('Personal API token (created in the panel\'s web interface; stored in VS Code\'s secret storage)'),
          placeholder: 'pmt_…',
          value: draft.token,
          password: true,
          problem: reason,
          validate: (value) => (value ? tokenProblem(value) : vscode.l10n.t('Paste the token')),
        });
        if (token === undefined) return undefined;
        draft.token = token;
        step = next('scopes');
        break;
      }
      case 'scopes': {
        const preset = await pickPreset(draft.preset, reason);
        if (preset === undefined) return undefined;
        if (preset === 'custom') {
          const scopes = await pickScopes(draft.scopes ?? []);
          if (scopes === undefined) return undefined;
          draft.scopes = scopes;
        } else {
          draft.scopes = scopesOf(preset);
        }
        draft.preset = preset;
        step = next('name');
        break;
      }
      case 'name': {
        const url = draft.url ?? '';
        const name = await askText({
          title,
          prompt: vscode.l10n.t('Display name for this panel (optional)'),
          value: draft.name ?? defaultName(url),
          validate: () => undefined,
        });
        if (name === undefined) return undefined;
        draft.name = name || defaultName(url);
        step = 'check';
        break;
      }
      case 'check': {
        const record = toRecord(draft);
        const token = draft.token ?? '';
        problem = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Checking {0}…', record.url), cancellable: true },
          (_progress, cancel) => check(deps, record, token, cancel),
        );
        if (!problem) {
          await deps.session.connect(record, token);
          return record;
        }
        step = problem.step;
        break;
      }
    }
  }
}

/** The programmatic form (tests, the demo): no prompts; throws an Error with the reason on failure. */
export async function connectWithArguments(deps: ConnectDependencies, args: ConnectArguments): Promise<PanelRecord> {
  const problemWithUrl = urlProblem(args.url);
  if (problemWithUrl) throw new Error(problemWithUrl);
  const problemWithToken = tokenProblem(args.token);
  if (problemWithToken) throw new Error(problemWithToken);
  const preset: TokenPreset = args.scopes ? 'custom' : args.preset ?? 'fullRights';
  const url = panelOrigin(args.url).origin;
  const record = toRecord({
    url,
    preset,
    scopes: scopesOf(preset, SCOPES.filter((scope) => args.scopes?.includes(scope))),
    name: args.name?.trim() || defaultName(url),
  });
  const problem = await check(deps, record, args.token);
  if (problem) throw new Error(problem.message);
  await deps.session.connect(record, args.token);
  return record;
}

function toRecord(draft: ConnectDraft): PanelRecord {
  const url = draft.url ?? '';
  return { url, name: draft.name || defaultName(url), preset: draft.preset ?? 'fullRights', scopes: draft.scopes ?? [] };
}

async function check(
  deps: ConnectDependencies,
  record: PanelRecord,
  token: string,
  cancel?: vscode.CancellationToken,
): Promise<ConnectionProblem | undefined> {
  const controller = new AbortController();
  const subscription = cancel?.onCancellationRequested(() => controller.abort());
  try {
    return await verifyConnection({ ...deps.clientOptions(record.url), baseUrl: record.url, token }, record.scopes, controller.signal);
  } finally {
    subscription?.dispose();
  }
}
