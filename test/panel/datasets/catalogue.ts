/** Site templates and branding profiles shared by the demo and large data sets. */
import type { SeededRandom } from '../seededRandom';
import type { BrandingProfileRecord, SiteTemplateRecord, SiteTemplateVariable } from '../types';

const SITE_VARIABLES: readonly SiteTemplateVariable[] = [
  { name: 'site_name', default: 'Example', description: 'Name shown as title and heading' },
  { name: 'tagline', default: 'Welcome', description: 'One line under the heading' },
  { name: 'accent_color', default: '#1f6feb', description: 'Heading colour' },
];

const TEMPLATE_SOURCES: readonly { name: string; description: string; html: string; css: string }[] = [
  {
    name: 'Minimal landing',
    description: 'A one-screen landing page with a title and a short paragraph.',
    html: '<!doctype html>\n<html lang="en">\n<head>\n  <meta charset="utf-8">\n  <title>{{site_name}}</title>\n  <link rel="stylesheet" href="style.css">\n</head>\n<body>\n  <main>\n    <h1>{{site_name}}</h1>\n    <p>{{tagline}}</p>\n  </main>\n</body>\n</html>\n',
    css: 'body { font-family: system-ui, sans-serif; margin: 0; display: grid; place-items: center; min-height: 100vh; }\nh1 { color: {{accent_color}}; }\n',
  },
  {
    name: 'Company blog',
    description: 'A small blog front page with three posts.',
    html: '<!doctype html>\n<html lang="en">\n<head>\n  <meta charset="utf-8">\n  <title>{{site_name}} blog</title>\n</head>\n<body>\n  <header><h1>{{site_name}}</h1></header>\n  <article><h2>Release notes</h2><p>We shipped faster builds.</p></article>\n  <article><h2>Hiring</h2><p>We are hiring engineers.</p></article>\n  <article><h2>Office move</h2><p>New address from May.</p></article>\n  <footer>&copy; {{site_name}}</footer>\n</body>\n</html>\n',
    css: 'body { max-width: 40rem; margin: 2rem auto; font-family: Georgia, serif; }\narticle { border-bottom: 1px solid #ddd; }\n',
  },
  {
    name: 'Under construction',
    description: 'A placeholder page.',
    html: '<!doctype html>\n<html>\n<head><title>Coming soon</title></head>\n<body><p>Under construction.</p></body>\n</html>\n',
    css: '',
  },
  {
    name: 'Broken draft',
    description: 'A draft with an unclosed tag and no title, to show validation errors.',
    html: '<!doctype html>\n<html>\n<head>\n</head>\n<body>\n  <div class="hero">\n    <p>Draft\n</body>\n</html>\n',
    css: '.hero { padding: 4rem; }\n',
  },
];

export function siteTemplates(rng: SeededRandom, now: number): Map<string, SiteTemplateRecord> {
  const templates = new Map<string, SiteTemplateRecord>();
  TEMPLATE_SOURCES.forEach((source, i) => {
    const created = new Date(now - (90 - i * 10) * 86_400_000).toISOString();
    const id = rng.uuid();
    const variables = i < 3 ? SITE_VARIABLES.map((variable) => ({ ...variable })) : [];
    templates.set(id, { id, ...source, variables, builtin: i < 3, version: 1, created_at: created, updated_at: created, updated_by: null });
  });
  return templates;
}

export function brandingProfiles(rng: SeededRandom, now: number): Map<string, BrandingProfileRecord> {
  const created = new Date(now - 60 * 86_400_000).toISOString();
  const base = {
    custom_css: '',
    footer_text: 'Operated by the network team',
    login_text: 'Sign in to manage the fleet',
    support_link: 'https://support.example.net',
    assets: {},
    created_at: created,
    updated_at: created,
  };
  const profiles: BrandingProfileRecord[] = [
    { id: rng.uuid(), name: 'Default', active: true, panel_name: 'Fleet Panel', primary_color: '#1f6feb', accent_color: '#2da44e', theme_default: 'light', ...base },
    { id: rng.uuid(), name: 'Night ops', active: false, panel_name: 'Fleet Panel (night)', primary_color: '#0d1117', accent_color: '#f0883e', theme_default: 'dark', ...base, custom_css: 'body { letter-spacing: .01em; }' },
  ];
  return new Map(profiles.map((profile) => [profile.id, profile]));
}
