import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { PanelClientOptions } from '../api/options';
import { DEFAULT_MAX_CONCURRENCY } from '../api/paging';

/** Settings that change how the client talks to panels; a change rebuilds the active client. */
export const CLIENT_SETTINGS = [
  'panelOps.engineName',
  'panelOps.messengerName',
  'panelOps.requestTimeoutSeconds',
  'panelOps.caCertificatePath',
  'panelOps.paging.maxConcurrency',
] as const;

/** What a panel's record says about its route names (either may be absent in an older record). */
export interface RouteNamed {
  readonly engineName?: string;
  readonly messengerName?: string;
}

/**
 * The proxy engine's name in a panel's route paths and wording: the panel's own (kept with its record),
 * else `panelOps.engineName`, the default for new panels (application scope), `mtg` when empty.
 */
export function engineName(panel?: RouteNamed): string {
  return panel?.engineName || vscode.workspace.getConfiguration('panelOps').get<string>('engineName', 'mtg') || 'mtg';
}

/** The messenger's name in a panel's route paths: the panel's own, else `panelOps.messengerName`, `telegram` when empty. */
export function messengerName(panel?: RouteNamed): string {
  return panel?.messengerName || vscode.workspace.getConfiguration('panelOps').get<string>('messengerName', 'telegram') || 'telegram';
}

/**
 * Client options for a panel from its record (the route names and the certificate trusted for it), the
 * settings and the log channel (everything but the URL and token). There is no proxy option: requests go
 * through the extension host's `fetch`, which applies VS Code's proxy and certificate settings itself.
 * A CA file that cannot be read is reported in the log and left out, so the failure shows up as the
 * panel's certificate being refused rather than as a broken extension.
 */
export function clientOptionsFromSettings(log: vscode.LogOutputChannel, panel?: RouteNamed & { readonly trustedCertificate?: string }): Omit<PanelClientOptions, 'baseUrl' | 'token'> {
  const trustedCertificate = panel?.trustedCertificate;
  const panelOps = vscode.workspace.getConfiguration('panelOps');
  const timeoutMs = Math.max(1, panelOps.get<number>('requestTimeoutSeconds', 30)) * 1000;
  const caPath = panelOps.get<string>('caCertificatePath', '').trim();
  return {
    engineName: engineName(panel),
    messengerName: messengerName(panel),
    timeouts: { connectMs: Math.min(timeoutMs, 10_000), headersMs: timeoutMs, bodyMs: timeoutMs },
    paging: { maxConcurrency: panelOps.get<number>('paging.maxConcurrency', DEFAULT_MAX_CONCURRENCY) },
    ...(caPath ? { caCertificates: readCaFile(caPath, log) } : {}),
    ...(trustedCertificate ? { trustedCertificate } : {}),
    log: (level, message) => log[level](message),
  };
}

function readCaFile(path: string, log: vscode.LogOutputChannel): string[] {
  try {
    const pem = readFileSync(path, 'utf8');
    if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
      log.warn(`panelOps.caCertificatePath: ${path} holds no PEM certificate; ignored`);
      return [];
    }
    return [pem];
  } catch (error) {
    log.warn(`panelOps.caCertificatePath: cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
    return [];
  }
}
