/**
 * The branding preview: a mock of the panel's login card in the profile's colours with its texts, the
 * profile's custom CSS applied, and the nine fields listed with colour swatches. Every value is escaped;
 * colours are used only when they are `#rgb`/`#rrggbb`; the support link is a link only when it is http(s)
 * (a `javascript:` or other link is shown as text and said to be refused). Shown in a script-free webview
 * (scriptFreeDocument.ts). No `vscode` import (unit-tested).
 */
import { escapeHtml } from '../../text/html';
import { BRANDING_FIELDS, COLOUR_FIELDS, isHexColour, type BrandingProfile } from '../../state/brandingModel';
import { styleText } from '../shared/scriptFreeDocument';

export interface BrandingPreviewWords {
  readonly heading: string;
  readonly signIn: string;
  readonly support: string;
  readonly notAWebLink: string;
  readonly fields: string;
  readonly notSet: string;
  readonly customCss: string;
  readonly assets: string;
  readonly active: string;
}

export function isWebLink(value: string | undefined): boolean {
  if (!value) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * A field's value for the field list: control and bidi-override characters become visible `⟨U+202E⟩`
 * marks (they would otherwise reorder or hide what is shown), then the whole is escaped.
 */
export function fieldText(value: string): string {
  return escapeHtml(value.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g,
    (character) => `⟨U+${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}⟩`));
}

export function brandingPreviewHtml(profile: BrandingProfile, words: BrandingPreviewWords): string {
  const f = profile.fields;
  const primary = isHexColour(f.primary_color) ? f.primary_color : '#1f6feb';
  const accent = isHexColour(f.accent_color) ? f.accent_color : '#2da44e';
  const dark = f.theme_default === 'dark';
  const support = f.support_link
    ? isWebLink(f.support_link)
      ? `<a class="support" href="${escapeHtml(f.support_link)}">${escapeHtml(words.support)}</a>`
      : `<span class="support refused">${escapeHtml(words.support)}: <code>${escapeHtml(f.support_link)}</code> — ${escapeHtml(words.notAWebLink)}</span>`
    : '';
  const rows = BRANDING_FIELDS.map((field) => {
    const value = f[field];
    const swatch = COLOUR_FIELDS.includes(field) && isHexColour(value) ? `<span class="swatch" style="background:${value}"></span>` : '';
    const shown = value === undefined ? `<em>${escapeHtml(words.notSet)}</em>` : field === 'custom_css' ? `<pre>${fieldText(value)}</pre>` : `<code>${fieldText(value)}</code>`;
    return `<tr><th>${escapeHtml(field)}</th><td>${swatch}${shown}</td></tr>`;
  }).join('\n');
  const assets = profile.assets.length === 0 ? '' : `<h2>${escapeHtml(words.assets)}</h2><ul>${profile.assets
    .map((asset) => `<li><code>${escapeHtml(asset.kind)}</code> ${escapeHtml(asset.filename ?? '')} ${escapeHtml(asset.contentType ?? '')}</li>`).join('')}</ul>`;
  return `<style>
:root { --primary: ${primary}; --accent: ${accent}; }
body { margin: 0; padding: 16px; font-family: system-ui, sans-serif; background: ${dark ? '#0d1117' : '#f6f8fa'}; color: ${dark ? '#e6edf3' : '#1f2328'}; }
.bar { background: var(--primary); color: #fff; padding: 10px 16px; font-weight: 600; border-radius: 6px 6px 0 0; }
.card { max-width: 28em; margin: 0 auto 24px; border: 1px solid rgba(128,128,128,.4); border-radius: 6px; background: ${dark ? '#161b22' : '#fff'}; }
.card .body { padding: 16px; }
.button { display: inline-block; background: var(--accent); color: #fff; padding: 6px 14px; border-radius: 4px; }
.footer { padding: 8px 16px; font-size: .85em; opacity: .8; border-top: 1px solid rgba(128,128,128,.3); }
.support.refused, .fields-box .refused { color: #cf222e !important; }
/* The field list stays readable whatever the custom CSS does to the page's colours. */
.fields-box { background: #ffffff !important; color: #1f2328 !important; padding: 8px; border-radius: 6px; }
.fields-box * { color: #1f2328 !important; }
table.fields { border-collapse: collapse; width: 100%; font-size: .9em; }
table.fields th, table.fields td { text-align: left; vertical-align: top; padding: 4px 8px; border-bottom: 1px solid rgba(128,128,128,.3); }
table.fields pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
table.fields code { overflow-wrap: anywhere; }
.swatch { display: inline-block; width: 1em; height: 1em; border: 1px solid rgba(128,128,128,.6); margin-right: 6px; vertical-align: -2px; }
h1, h2 { font-size: 1.1em; }
</style>
<style>${styleText(f.custom_css ?? '')}</style>
<h1>${escapeHtml(words.heading)}${profile.active ? ` <small>(${escapeHtml(words.active)})</small>` : ''}</h1>
<div class="card">
  <div class="bar"><bdi>${escapeHtml(f.panel_name ?? '')}</bdi></div>
  <div class="body"><p><bdi>${escapeHtml(f.login_text ?? '')}</bdi></p><span class="button">${escapeHtml(words.signIn)}</span></div>
  <div class="footer"><bdi>${escapeHtml(f.footer_text ?? '')}</bdi> ${support}</div>
</div>
<div class="fields-box"><h2>${escapeHtml(words.fields)}</h2>
<table class="fields">${rows}</table>
${assets}</div>`;
}
