/**
 * The handle a page has on the extension (`acquireVsCodeApi()`, callable once per page: policyReport.ts
 * takes it and leaves it for the page's module).
 */
export interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

/** The handle policyReport.ts took for this page. */
export function vsCodeApi(): VsCodeApi {
  const api = (globalThis as { panelOpsVsCodeApi?: VsCodeApi }).panelOpsVsCodeApi;
  if (!api) throw new Error('policyReport.js did not run before the page script');
  return api;
}
