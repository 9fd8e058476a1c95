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

/** The proxy engine's name in route paths and wording (`panelOps.engineName`, `mtg` when empty). */
export function engineName(): string {
  return vscode.workspace.getConfiguration('panelOps').get<string>('engineName', 'mtg') || 'mtg';
}

/**
 * Client options for a panel from the settings, the certificate trusted for it, and the log channel
 * (everything but the URL and token). There is no proxy option: requests go through the extension host's
 * `fetch`, which applies VS Code's proxy and certificate settings itself, read at each request.
 * A CA file that cannot be read is reported in the log and left out, so the failure shows up as the
 * panel's certificate being refused rather than as a broken extension.
 */
export function clientOptionsFromSettings(
  log: vscode.LogOutputChannel,
  trustedCertificate: string | undefined,
): Omit<PanelClientOptions, 'baseUrl' | 'token'> {
  const panelOps = vscode.workspace.getConfiguration('panelOps');
  const timeoutMs = Math.max(1, panelOps.get<number>('requestTimeoutSeconds', 30)) * 1000;
  const caPath = panelOps.get<string>('caCertificatePath', '').trim();
  return {
    engineName: engineName(),
    messengerName: panelOps.get<string>('messengerName', 'telegram') || 'telegram',
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
