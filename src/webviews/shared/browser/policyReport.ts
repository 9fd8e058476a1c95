/**
 * The first script of every scripted page, a classic script (dist/webview/policyReport.js) that runs before
 * the page's module and the shared chunks it imports: it takes the page's one handle on the extension and
 * reports each Content-Security-Policy violation of the page (a blocked chunk, style sheet, image or font)
 * as a `policyViolation` message, which the extension logs (and the VS Code suite fails on).
 */
import { POLICY_VIOLATION, type PolicyViolation } from '../messages';
import type { VsCodeApi } from './vsCodeApi';

declare function acquireVsCodeApi(): VsCodeApi;

const api = acquireVsCodeApi();
(globalThis as { panelOpsVsCodeApi?: VsCodeApi }).panelOpsVsCodeApi = api;

document.addEventListener('securitypolicyviolation', (event) => {
  const violation: PolicyViolation = {
    type: POLICY_VIOLATION,
    directive: event.effectiveDirective,
    blocked: event.blockedURI,
    source: event.sourceFile ? `${event.sourceFile}:${event.lineNumber}` : '',
  };
  api.postMessage(violation);
});
