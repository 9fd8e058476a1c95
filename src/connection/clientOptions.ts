import { readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import { DEFAULT_MAX_CONCURRENCY, type PanelClientOptions } from '../api/options';
import type { HostNetwork } from '../api/route';

/** Settings that change how the client talks to panels; a change rebuilds the active client. */
export const CLIENT_SETTINGS = [
  'panelOps.engineName',
  'panelOps.messengerName',
  'panelOps.requestTimeoutSeconds',
  'panelOps.keepAliveSeconds',
  'panelOps.caCertificatePath',
  'panelOps.paging.maxConcurrency',
  // VS Code's own, which decide the route requests take (src/api/route.ts).
  'http.proxy',
  'http.noProxy',
  'http.proxySupport',
  'http.proxyAuthorization',
  'http.fetchAdditionalSupport',
  'http.systemCertificates',
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
 * settings and the log channel (everything but the URL and token). There is no proxy setting of ours:
 * requests take the route VS Code's own settings give them (`network`, src/api/route.ts and dispatcher.ts),
 * through the extension host's `fetch` wherever VS Code decides it alone.
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
    keepAliveMs: Math.max(1, panelOps.get<number>('keepAliveSeconds', 75)) * 1000,
    network: hostNetwork(),
    paging: { maxConcurrency: panelOps.get<number>('paging.maxConcurrency', DEFAULT_MAX_CONCURRENCY) },
    ...(caPath ? { caCertificates: readCaFile(caPath, log) } : {}),
    ...(trustedCertificate ? { trustedCertificate } : {}),
    log: (level, message) => log[level](message),
  };
}

/** VS Code's settings (and the extension host's environment) that decide a request's route. */
function hostNetwork(): HostNetwork {
  const http = vscode.workspace.getConfiguration('http');
  const noProxy = http.get<unknown>('noProxy', []);
  return {
    proxySupport: http.get<string>('proxySupport', 'override') || 'override',
    proxy: http.get<string>('proxy', '') || '',
    noProxy: Array.isArray(noProxy) ? noProxy.filter((entry): entry is string => typeof entry === 'string') : [],
    proxyAuthorization: !!http.get<string | null>('proxyAuthorization', null),
    fetchAdditionalSupport: http.get<boolean>('fetchAdditionalSupport', true) !== false,
    systemCertificates: http.get<boolean>('systemCertificates', true) !== false,
    env: {
      HTTPS_PROXY: process.env.HTTPS_PROXY, https_proxy: process.env.https_proxy,
      HTTP_PROXY: process.env.HTTP_PROXY, http_proxy: process.env.http_proxy,
      NO_PROXY: process.env.NO_PROXY, no_proxy: process.env.no_proxy,
    },
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
