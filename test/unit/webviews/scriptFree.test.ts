// Pages for HTML from the panel run nothing and load nothing: the policy comes first, custom CSS cannot
// close its style element, the branding preview escapes every field and links only http(s) support links.
import * as assert from 'node:assert/strict';
import { brandingPreviewHtml, fieldText, isWebLink } from '../../../src/webviews/branding/brandingPreviewDocument';
import { SCRIPT_FREE_CSP, scriptFreeDocument, styleText } from '../../../src/webviews/shared/scriptFreeDocument';
import { brandingProfile, brandingProfiles } from '../../../src/state/brandingModel';
import { subscriptionPreviewOf } from '../../../src/webviews/settings/subscriptionPreview';

const words = { heading: 'Branding', signIn: 'Sign in', support: 'Support', notAWebLink: 'not a web link', fields: 'Fields', notSet: 'not set', customCss: 'CSS', assets: 'Assets', active: 'active' };

describe('webviews: script-free pages for panel HTML', () => {
  it('puts the policy first: no script, nothing from any origin, inline styles and data: images only', () => {
    assert.equal(SCRIPT_FREE_CSP, "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'");
    const page = scriptFreeDocument('T<i>', '<!doctype html><html><head><script>alert(1)</script></head><body>x</body></html>');
    assert.ok(page.startsWith('<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; style-src &#39;unsafe-inline&#39;; img-src data:;'), page.slice(0, 120));
    assert.match(page, /<title>T&lt;i&gt;<\/title>/);
  });

  it('keeps custom CSS inside its style element', () => {
    assert.equal(styleText('a{}</style><script>alert(1)</script>'), 'a{}\\3c /style>\\3c script>alert(1)\\3c /script>');
  });

  it('previews a hostile profile as text: escaped fields, no javascript: link, colours only when they are colours', () => {
    const profile = brandingProfile({
      id: 'p1', name: '<img src=x onerror=alert(1)>', active: true, panel_name: '</style><script>alert(2)</script>',
      primary_color: 'red;background:url(https://evil.example/x.png)', accent_color: '#2da44e', support_link: 'javascript:alert(3)',
      custom_css: 'body{background:url(https://evil.example/t.png)}</style><script>alert(4)</script>', theme_default: 'dark',
    });
    assert.ok(profile);
    const html = brandingPreviewHtml(profile, words);
    assert.doesNotMatch(html, /<script/i);
    assert.doesNotMatch(html, /<img/i);
    assert.doesNotMatch(html, /href="javascript:/i);
    assert.match(html, /javascript:alert\(3\)<\/code> — not a web link/);
    assert.doesNotMatch(html, /--primary: red/);
    assert.match(html, /<span class="swatch" style="background:#2da44e"><\/span>/);
    assert.equal(isWebLink('https://support.example.net'), true);
    assert.equal(fieldText('user \u202Eevil\u202C <b>'), 'user ⟨U+202E⟩evil⟨U+202C⟩ &lt;b&gt;');
    assert.equal(isWebLink('javascript:alert(1)'), false);
    assert.equal(isWebLink('data:text/html,x'), false);
  });

  it('reads profiles of any shape, keeping only string fields of spec 2.4', () => {
    const list = brandingProfiles({ items: [{ id: 'a', name: 'A', active: true, panel_name: 5, assets: { logo: { filename: 'l.png', size: 10 } } }, 'junk', { name: 'no id' }], live: false }, false);
    assert.equal(list.profiles.length, 1);
    assert.equal(list.unreadable, 2);
    assert.deepEqual(list.profiles[0].fields, { name: 'A' });
    assert.deepEqual(list.profiles[0].assets, [{ kind: 'logo', filename: 'l.png', contentType: undefined, size: 10 }]);
    assert.equal(brandingProfiles({ profiles: [] }, true).live, true);
  });

  it('shows the subscription preview HTML as the panel sent it, or the answer as text', () => {
    assert.deepEqual(subscriptionPreviewOf({ title: 'T', html: '<p>x</p>' }), { title: 'T', html: '<p>x</p>' });
    assert.match(subscriptionPreviewOf({ other: '<b>' }).html, /^<pre>\{\n {2}&quot;other&quot;: &quot;&lt;b&gt;&quot;\n\}<\/pre>$/);
  });
});
