/**
 * Proxy options from the conventional environment variables, for callers whose own setting is empty
 * (VS Code's `http.proxy` falls back to them the same way): `HTTPS_PROXY` for https panels, `HTTP_PROXY`
 * for http ones (either case), and `NO_PROXY`.
 */
import type { PanelClientOptions } from './options';

export function proxyFromEnvironment(
  baseUrl: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Pick<PanelClientOptions, 'proxy' | 'noProxy'> {
  const read = (name: string) => (env[name] ?? env[name.toLowerCase()] ?? '').trim() || undefined;
  const https = baseUrl.trim().toLowerCase().startsWith('https:');
  const proxy = https ? read('HTTPS_PROXY') ?? read('HTTP_PROXY') : read('HTTP_PROXY');
  const noProxy = read('NO_PROXY');
  return { ...(proxy ? { proxy } : {}), ...(noProxy ? { noProxy } : {}) };
}
