// The page shell every scripted webview loads: a CSP with a fresh nonce, scripts only with that nonce (the
// policy report first, then the page's module, whose chunks come from the webview's resource root), no
// inline script, a title from the panel escaped; the one policy builder for scripted and script-free pages;
// and the browser scripts never write HTML from strings.
import * as assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { contentSecurityPolicy, pageShell } from '../../../src/webviews/shared/pageShell';
import { SCRIPT_FREE_CSP } from '../../../src/webviews/shared/scriptFreeDocument';
import { newNonce } from '../../../src/webviews/shared/nonce';

const CSP_SOURCE = 'https://file+.vscode-resource.vscode-cdn.net';
const ROOT = `${CSP_SOURCE}/ext/dist/webview`;

function page(title = 'Logs: ams-1', nonce = newNonce()): { html: string; nonce: string } {
  return { nonce, html: pageShell({ cspSource: CSP_SOURCE, nonce, title, scripts: { policyReport: `${ROOT}/policyReport.js`, module: `${ROOT}/logs.js` }, styleUris: [`${ROOT}/logs.css`] }) };
}

/** The policy as the browser reads it from the meta element (entities decoded). */
function policyOf(html: string): Map<string, string[]> {
  const content = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
  assert.ok(content, 'a CSP meta element');
  const decoded = content.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  return new Map(decoded.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
}

describe('webviews: the page shell', () => {
  it('sets a CSP: default-src none, scripts only with the nonce and module chunks from the webview origin, styles and images from it, no connections', () => {
    const { html, nonce } = page();
    const policy = policyOf(html);
    assert.deepEqual(policy.get('default-src'), ["'none'"]);
    assert.deepEqual(policy.get('script-src'), [`'nonce-${nonce}'`, CSP_SOURCE]);
    assert.deepEqual(policy.get('font-src'), [CSP_SOURCE]);
    assert.deepEqual(policy.get('base-uri'), ["'none'"]);
    assert.deepEqual(policy.get('form-action'), ["'none'"]);
    assert.deepEqual(policy.get('style-src'), [CSP_SOURCE]);
    assert.deepEqual(policy.get('img-src'), [CSP_SOURCE, 'data:']);
    assert.equal(policy.has('connect-src'), false, 'no connect-src: default-src none forbids connections');
    for (const values of policy.values()) {
      assert.ok(!values.includes("'unsafe-inline'") && !values.includes("'unsafe-eval'") && !values.includes('*'), values.join(' '));
    }
  });

  it('loads scripts only from the resource root, with the nonce: the policy report first, then the page module; no inline script', () => {
    const { html, nonce } = page();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.deepEqual(scripts.map(([, attributes]) => /src="([^"]*)"/.exec(attributes)?.[1]), [`${ROOT}/policyReport.js`, `${ROOT}/logs.js`]);
    for (const [, attributes, body] of scripts) {
      assert.equal(body.trim(), '', 'no inline script');
      assert.match(attributes, new RegExp(`nonce="${nonce.replace(/[+/=]/g, (c) => `\\${c}`)}"`));
    }
    assert.doesNotMatch(scripts[0][1], /type="module"/, 'the report is a classic script: it runs before the module and its imports load');
    assert.match(scripts[1][1], /type="module"/, 'the page is a module: it imports the shared chunks');
    assert.ok(html.indexOf('policyReport.js') < html.indexOf('rel="stylesheet"'), 'the report runs before the style sheets load');
    assert.doesNotMatch(html, /\son[a-z]+=|javascript:/i, 'no event handler attributes or javascript: URLs');
  });

  it('uses a fresh nonce for every page', () => {
    const nonces = new Set(Array.from({ length: 20 }, () => newNonce()));
    assert.equal(nonces.size, 20);
    assert.match(newNonce(), /^[A-Za-z0-9+/]{22}==$/);
  });

  it('escapes a hostile title (a node name from the panel) and keeps it one plain line', () => {
    const { html } = page('Logs: <img src=x onerror=alert(1)></title><script>alert(2)</script>\u202Eevil\nline');
    const title = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1] ?? '';
    assert.equal(title, 'Logs: &lt;img src=x onerror=alert(1)&gt;&lt;/title&gt;&lt;script&gt;alert(2)&lt;/script&gt;evil line');
    assert.equal([...html.matchAll(/<script\b/g)].length, 2, 'the title adds no element');
  });

  it('enables no script without a script (a page with styles only)', () => {
    const html = pageShell({ cspSource: CSP_SOURCE, nonce: newNonce(), title: 't', styleUris: [`${ROOT}/x.css`] });
    assert.doesNotMatch(html, /<script/);
    assert.doesNotMatch(policyOf(html).get('default-src')?.join(' ') ?? '', /nonce/);
    assert.equal(policyOf(html).has('script-src'), false, 'scripts fall back to default-src none');
  });
});

describe('webviews: one policy builder for scripted and script-free pages', () => {
  it('builds each directive from what a page needs, never unsafe-eval or inline script', () => {
    assert.equal(
      contentSecurityPolicy({ resources: 'X', scriptNonce: 'N', dataImages: true }),
      "default-src 'none'; script-src 'nonce-N' X; style-src X; img-src X data:; font-src X; base-uri 'none'; form-action 'none'",
    );
    assert.equal(contentSecurityPolicy({}), "default-src 'none'; base-uri 'none'; form-action 'none'", 'a page that needs nothing gets nothing');
    assert.equal(contentSecurityPolicy({ resources: 'X' }), "default-src 'none'; style-src X; img-src X; font-src X; base-uri 'none'; form-action 'none'", 'no nonce: no script, not even from the resource origin');
    assert.throws(() => contentSecurityPolicy({ resources: 'X', scriptNonce: "N' 'unsafe-eval" }), /base64/);
  });

  it('gives the script-free pages of panel HTML inline styles and data: images and nothing by URL', () => {
    assert.equal(SCRIPT_FREE_CSP, contentSecurityPolicy({ inlineStyles: true, dataImages: true }));
    assert.equal(SCRIPT_FREE_CSP, "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'");
  });
});

describe('webviews: browser scripts', () => {
  const folder = resolve(__dirname, '../../../../src/webviews');
  const sources = readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.includes('browser') && file.endsWith('.ts'))
    .map((file) => ({ file, text: readFileSync(join(folder, file), 'utf8') }));

  it('insert panel data as text only: no innerHTML, insertAdjacentHTML, outerHTML, document.write or eval', () => {
    assert.ok(sources.length >= 6, 'the three pages and the shared helpers');
    for (const { file, text } of sources) {
      assert.doesNotMatch(text, /\.innerHTML|insertAdjacentHTML|\.outerHTML|document\.write|\beval\(|new Function\(/, file);
    }
  });
});
