/**
 * Which proxy a panel's client goes through (no `vscode` import; unit-tested): VS Code's `http.proxy` when
 * set, else the environment's `HTTPS_PROXY`/`HTTP_PROXY` the way VS Code itself falls back to them. Hosts
 * in `http.noProxy` go direct either way; with the environment's proxy, so do those in its `NO_PROXY`.
 */
import { proxyFromEnvironment } from '../api/proxyEnvironment';
import type { PanelClientOptions } from '../api/options';

export interface ProxySettings {
  /** `http.proxy`; empty when unset. */
  readonly proxy: string;
  /** `http.noProxy`. */
  readonly noProxy: readonly string[];
}

export function chooseProxy(
  baseUrl: string,
  settings: ProxySettings,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Pick<PanelClientOptions, 'proxy' | 'noProxy'> {
  const proxy = settings.proxy.trim();
  const fromSettings = settings.noProxy.map((entry) => entry.trim()).filter((entry) => entry.length > 0);
  if (proxy) return { proxy, ...(fromSettings.length > 0 ? { noProxy: fromSettings.join(',') } : {}) };
  const fromEnvironment = proxyFromEnvironment(baseUrl, env);
  if (!fromEnvironment.proxy) return {};
  const noProxy = [...fromSettings, ...(fromEnvironment.noProxy ? [fromEnvironment.noProxy] : [])].join(',');
  return { proxy: fromEnvironment.proxy, ...(noProxy ? { noProxy } : {}) };
}
