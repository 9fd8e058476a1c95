import * as vscode from 'vscode';
import type { Scope } from '../api/catalog';
import { panelOrigin, tokenProblemOf, type PanelClientOptions } from '../api/options';
import { reasonWords } from '../api/reasonWords';
import { describeError } from '../text/describeError';
import { withoutBack, type UserInput } from '../prompts/userInput';
import type { PanelSession } from './panelSession';
import { pickPreset, pickProtection, pickScopes, scopesOf } from './connectPrompts';
import type { PanelRecord, TokenPreset } from './panelRecords';
import type { ProtectionLevel } from './protectionLevel';
import { offerCertificateTrust } from './certificateTrust';
import { editGateway } from './gatewayPrompts';
import { accessGatewayOf, NO_GATEWAY, type GatewaySetup } from './gatewaySetup';
import { verifyConnection, type ConnectionProblem } from './verifyConnection';

export interface ConnectDependencies {
  readonly session: PanelSession;
  readonly input: UserInput;
  readonly clientOptions: (baseUrl: string) => Omit<PanelClientOptions, 'baseUrl' | 'token'>;
  /**
   * Runs the check in cancellable progress: the action runner's `runWithProgress` (src/runner), passed in
   * because the connection layer sits below the runner.
   */
  readonly runWithProgress: <T>(title: string, work: (report: (message: string) => void, signal: AbortSignal) => Promise<T>) => Promise<T>;
  /** The access gateway remembered for a URL (a panel connected before), to start the gateway step from. */
  readonly storedGateway?: (url: string) => Promise<GatewaySetup | undefined>;
}

/** What the user has entered so far; kept across a failed check so only the wrong part is asked again. */
export interface ConnectDraft {
  url?: string;
  token?: string;
  preset?: TokenPreset;
  scopes?: Scope[];
  name?: string;
  /** The certificate the operator trusted for this panel (a self-signed panel), once trusted. */
  trustedCertificate?: string;
  /** The access gateway's headers and client certificate (the optional step after the URL). */
  gateway?: GatewaySetup;
  /** How carefully Panel Ops treats the panel (an optional step, open unless chosen; a reconnect keeps it). */
  protection?: ProtectionLevel;
  /** Kept through a reconnect: the panel's colour and what its chat tools may do. */
  readonly kept?: Pick<PanelRecord, 'color' | 'chatTools'>;
}

function urlProblem(value: string): string | undefined {
  if (!value.trim()) return vscode.l10n.t('Enter the panel\'s address, e.g. https://panel.example.com');
  try {
    panelOrigin(value);
    return undefined;
  } catch (error) {
    return describeError(error);
  }
}

/** Why a pasted token cannot be used, in the operator's language; undefined when it can. */
function tokenWords(token: string): string | undefined {
  const problem = tokenProblemOf(token);
  return problem && reasonWords({ kind: 'config', problem }, vscode.l10n.t);
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
  let step: ConnectionProblem['step'] | 'name' | 'protection' | 'check' = keepUrl && draft.url ? 'token' : 'url';
  let problem: ConnectionProblem | undefined;
  for (;;) {
    const reason = problem?.step === step ? problem.message : undefined;
    // After fixing what the check complained about, check again straight away.
    const next = (usual: typeof step): typeof step => (problem ? 'check' : usual);
    switch (step) {
      case 'url': {
        const url = withoutBack(await deps.input.text({
          title,
          prompt: vscode.l10n.t('Base URL of the panel (https, or http on this machine only)'),
          placeholder: 'https://panel.example.com',
          value: draft.url,
          problem: reason,
          validate: urlProblem,
        }));
        if (url === undefined) return undefined;
        draft.url = panelOrigin(url).origin;
        // The gateway step follows the address even after a failed check: how the address is reached may be what failed.
        step = 'gateway';
        break;
      }
      case 'gateway': {
        draft.gateway ??= (await deps.storedGateway?.(draft.url ?? '')) ?? NO_GATEWAY;
        const gateway = await editGateway(deps.input, draft.gateway, { title, finish: 'continue', problem: problem?.step === step ? problem : undefined });
        if (gateway === undefined) return undefined;
        draft.gateway = gateway;
        step = next('token');
        break;
      }
      case 'token': {
        const token = withoutBack(await deps.input.text({
          title,
          prompt: vscode.l10n.t('Personal API token (created in the panel\'s web interface; stored in VS Code\'s secret storage)'),
          placeholder: 'pmt_…',
          value: draft.token,
          password: true,
          problem: reason,
          validate: (value) => (value ? tokenWords(value) : vscode.l10n.t('Paste the token')),
        }));
        if (token === undefined) return undefined;
        draft.token = token;
        step = next('scopes');
        break;
      }
      case 'scopes': {
        const preset = await pickPreset(deps.input, draft.preset, reason);
        if (preset === undefined) return undefined;
        if (preset === 'custom') {
          const scopes = await pickScopes(deps.input, draft.scopes ?? []);
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
        const name = withoutBack(await deps.input.text({
          title,
          prompt: vscode.l10n.t('Display name for this panel (optional)'),
          value: draft.name ?? defaultName(url),
        }));
        if (name === undefined) return undefined;
        draft.name = name || defaultName(url);
        // A reconnect keeps the level chosen before (Set Protection Level… changes it).
        step = keepUrl ? 'check' : 'protection';
        break;
      }
      case 'protection': {
        const level = await pickProtection(deps.input, vscode.l10n.t('Connect to Panel: protection in Panel Ops (optional)'), draft.protection ?? 'open');
        if (level === undefined) return undefined;
        draft.protection = level;
        step = 'check';
        break;
      }
      case 'check': {
        // A reconnect skips the gateway step: it keeps the panel's gateway.
        draft.gateway ??= (await deps.storedGateway?.(draft.url ?? '')) ?? NO_GATEWAY;
        const record = toRecord(draft, deps.clientOptions(draft.url ?? ''));
        const token = draft.token ?? '';
        problem = await deps.runWithProgress(vscode.l10n.t('Checking {0}…', record.url), (_report, signal) => checkConnection(deps, record, token, draft.gateway, signal));
        if (problem?.untrustedCertificate && !record.trustedCertificate) {
          // Nothing was sent (the TLS handshake failed): ask before the token ever goes to this server.
          const trusted = await offerCertificateTrust(deps.input, record.url, problem.untrustedCertificate);
          if (trusted) {
            draft.trustedCertificate = trusted;
            problem = undefined;
            break; // check again, now with the trusted certificate
          }
        }
        if (!problem) {
          await deps.session.connect(record, token, draft.gateway ?? NO_GATEWAY);
          return record;
        }
        step = problem.step;
        break;
      }
    }
  }
}

/**
 * The record to save. The route names are the panel's own when it is known (a reconnect keeps them), else
 * the settings' defaults for new panels (`clientOptions` of an unknown URL reads them).
 */
function toRecord(draft: ConnectDraft, known: Pick<PanelClientOptions, 'engineName' | 'messengerName'>): PanelRecord {
  const url = draft.url ?? '';
  return {
    url, name: draft.name || defaultName(url), preset: draft.preset ?? 'fullRights', scopes: draft.scopes ?? [],
    ...(known.engineName ? { engineName: known.engineName } : {}),
    ...(known.messengerName ? { messengerName: known.messengerName } : {}),
    ...(draft.trustedCertificate ? { trustedCertificate: draft.trustedCertificate } : {}),
    ...(draft.protection && draft.protection !== 'open' ? { protection: draft.protection } : {}),
    ...(draft.kept?.color ? { color: draft.kept.color } : {}),
    ...(draft.kept?.chatTools === 'read' ? { chatTools: draft.kept.chatTools } : {}),
  };
}

/** The check before saving: one read with the token, through the given access gateway. */
export async function checkConnection(deps: ConnectDependencies, record: PanelRecord, token: string, gateway: GatewaySetup | undefined, signal: AbortSignal): Promise<ConnectionProblem | undefined> {
  let accessGateway;
  try {
    accessGateway = accessGatewayOf(gateway);
  } catch (error) {
    return { step: 'gateway', message: describeError(error) }; // the certificate file changed or went away since it was chosen
  }
  const options = { ...deps.clientOptions(record.url), engineName: record.engineName, messengerName: record.messengerName, trustedCertificate: record.trustedCertificate, baseUrl: record.url, token };
  return verifyConnection({ ...options, ...(accessGateway ? { gateway: accessGateway } : {}) }, record.scopes, signal);
}
