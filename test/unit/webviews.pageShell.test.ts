// The page shell every webview loads: a CSP with a fresh nonce, scripts only with that nonce and only from
// the webview's resource root, no inline script, a title from the panel escaped; and the browser scripts
// never write HTML from strings.
import * as assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { contentSecurityPolicy, pageShell } from '../../src/webviews/shared/pageShell';
import { newNonce } from '../../src/webviews/shared/nonce';

const CSP_SOURCE = 'https://file+.vscode-resource.vscode-cdn.net';
const ROOT = `${CSP_SOURCE}/ext/dist/webview`;

function page(title = 'Logs: ams-1', nonce = newNonce()): { html: string; nonce: string } {
  return { nonce, html: pageShell({ cspSource: CSP_SOURCE, nonce, title, scriptUri: `${ROOT}/logs.js`, styleUris: [`${ROOT}/logs.css`] }) };
}

/** The policy as the browser reads it from the meta element (entities decoded). */
function policyOf(html: string): Map<string, string[]> {
  const content = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
  assert.ok(content, 'a CSP meta element');
  const decoded = content.replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  return new Map(decoded.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name, values]));
}

describe('webviews: the page shell', () => {
  it('sets a CSP: default-src none, scripts only with the nonce, styles and images from the webview origin, no connections', () => {
    const { html, nonce } = page();
    const policy = policyOf(html);
    assert.deepEqual(policy.get('default-src'), ["'none'"]);
    assert.deepEqual(policy.get('script-src'), [`'nonce-${nonce}'`]);
    assert.deepEqual(policy.get('style-src'), [CSP_SOURCE]);
    assert.deepEqual(policy.get('img-src'), [CSP_SOURCE, 'data:']);
    assert.equal(policy.has('connect-src'), false, 'no connect-src: default-src none forbids connections');
    for (const values of policy.values()) {
      assert.ok(!values.includes("'unsafe-inline'") && !values.includes("'unsafe-eval'") && !values.includes('*'), values.join(' '));
    }
  });

  it('loads scripts only from the resource root, with the nonce, and has no inline script', () => {
    const { html, nonce } = page();
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.equal(scripts.length, 1);
    const [, attributes, body] = scripts[0];
    assert.equal(body.trim(), '', 'no inline script');
    assert.match(attributes, new RegExp(`nonce="${nonce.replace(/[+/=]/g, (c) => `\\${c}`)}"`));
    const src = /src="([^"]*)"/.exec(attributes)?.[1] ?? '';
    assert.ok(src.startsWith(`${ROOT}/`), src);
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
    assert.equal([...html.matchAll(/<script\b/g)].length, 1, 'the title adds no element');
  });

  it('enables no script without a script (a page with styles only)', () => {
    const html = pageShell({ cspSource: CSP_SOURCE, nonce: newNonce(), title: 't', styleUris: [`${ROOT}/x.css`] });
    assert.doesNotMatch(html, /<script/);
  });

  it('writes the policy the extension and the page shell agree on', () => {
    assert.equal(contentSecurityPolicy('X', 'N').split('; ')[1], "script-src 'nonce-N'");
  });
});

describe('webviews: browser scripts', () => {
  const folder = resolve(__dirname, '../../../src/webviews');
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
