// The suite-wide check that webview pages load whole under their Content-Security-Policy: each scripted
// page runs dist/webview/policyReport.js first, which reports every `securitypolicyviolation` of the page to
// the extension; the extension logs it and keeps it in the test API's `webviewPolicyViolations`. A root
// `afterEach` (index.ts) fails the test during which a page reported one, and empties the list.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TestApi } from './support';

const EXTENSION_ID = 'panel-ops.panel-ops';

/** The violations reported so far (the extension's own list: emptying it here empties it there). */
export function webviewPolicyViolations(): string[] {
  const extension = vscode.extensions.getExtension<TestApi>(EXTENSION_ID);
  return extension?.isActive ? extension.exports?.webviewPolicyViolations ?? [] : [];
}

/** A report may arrive just after a test ends: give the pages a moment, then fail on any. */
export async function failOnWebviewPolicyViolations(): Promise<void> {
  const violations = webviewPolicyViolations();
  await new Promise((resolve) => setTimeout(resolve, 50));
  const reported = violations.splice(0);
  assert.deepEqual(reported, [], 'a webview page reported a Content-Security-Policy violation');
}
