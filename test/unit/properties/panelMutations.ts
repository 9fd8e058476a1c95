// One member changed on the simulated panel, in its own (first-reading) terms: the property suites change it
// there, let the extension read the changed resource in whatever shape the seed gives it, put the panel
// back, and then check the extension sends exactly that change. The value is always one the panel takes,
// since it came from the panel; the shape is always the seed's, since the extension read it.
import type { PanelData } from '../../panel/types';

export type MutationKind = 'node' | 'settings' | 'template' | 'branding' | 'user';

// The simulator's records, loosely typed: a mutation reaches into members of any record.
type Rec = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface PanelMutation {
  readonly name: string;
  readonly kind: MutationKind;
  /** The record the member belongs to (changed in place, restored from a copy). */
  target(data: PanelData): Rec;
  change(record: Rec): void;
  /** The member, to compare what the panel holds with what the change set. */
  read(record: Rec): unknown;
}


function nodeNamed(data: PanelData, name: string): Rec {
  const node = [...data.nodes.values()].find((candidate) => candidate.name === name);
  if (!node) throw new Error(`no node ${name} in the data set`);
  return node as unknown as Rec;
}

function templateNamed(data: PanelData, name: string): Rec {
  const template = [...data.siteTemplates.values()].find((candidate) => candidate.name === name);
  if (!template) throw new Error(`no template ${name} in the data set`);
  return template as unknown as Rec;
}

function profileNamed(data: PanelData, name: string): Rec {
  const profile = [...data.brandingProfiles.values()].find((candidate) => candidate.name === name);
  if (!profile) throw new Error(`no branding profile ${name} in the data set`);
  return profile as unknown as Rec;
}

/** The newest active user: one every edit may change. */
function activeUser(data: PanelData): Rec {
  const user = [...data.keys.values()].find((key) => key.status === 'active' && key.disabled_at === null && key.label.length < 40 && !/[<[\u202e]/.test(key.label));
  if (!user) throw new Error('no plain active user in the data set');
  return user as unknown as Rec;
}

const node = (name: string, nodeName: string, change: (node: Rec) => void, read: (node: Rec) => unknown): PanelMutation =>
  ({ name, kind: 'node', target: (data) => nodeNamed(data, nodeName), change, read });

/** Every kind of resource, top-level and nested members, scalars, lists and objects. */
export const PANEL_MUTATIONS: readonly PanelMutation[] = [
  node('a node\'s note', 'fra-2', (n) => (n.note = 'changed by a property'), (n) => n.note),
  node('a node\'s region', 'fra-2', (n) => (n.region = 'Frankfurt (property)'), (n) => n.region),
  node('a node site\'s upstream', 'ams-1', (n) => (n.site.upstream = 'https://upstream.example/property'), (n) => n.site.upstream),
  node('a node site\'s enabled', 'ams-1', (n) => (n.site.enabled = !n.site.enabled), (n) => n.site.enabled),
  node('a node site\'s variable', 'ams-1', (n) => (n.site.variables = { ...n.site.variables, site_name: 'Property Bakery' }), (n) => n.site.variables),
  node('a node\'s blocklist', 'hel-3', (n) => (n.blocklist = [...n.blocklist, '198.51.100.0/24']), (n) => n.blocklist),
  node('a node\'s web policy mode', 'fra-2', (n) => (n.web_policy.mode = n.web_policy.mode === 'block' ? 'cover' : 'block'), (n) => n.web_policy.mode),
  node('a node\'s allowed countries', 'fra-2', (n) => (n.web_policy.allow_countries = ['DE', 'NL', 'SE']), (n) => n.web_policy.allow_countries),
  node('a node\'s restarts per hour', 'ams-1', (n) => (n.reliability.max_restarts_per_hour = n.reliability.max_restarts_per_hour === 7 ? 8 : 7), (n) => n.reliability.max_restarts_per_hour),
  node('a node\'s auto restart', 'ams-1', (n) => (n.reliability.auto_restart = !n.reliability.auto_restart), (n) => n.reliability.auto_restart),
  { name: 'a setting', kind: 'settings', target: (data) => data.settings as Rec, change: (s) => (s.timezone = 'Europe/Berlin'), read: (s) => s.timezone },
  { name: 'a nested setting', kind: 'settings', target: (data) => data.settings as Rec, change: (s) => (s.subscription_page = { ...s.subscription_page, title: 'Changed by a property' }), read: (s) => s.subscription_page },
  { name: 'a messenger\'s chat id', kind: 'settings', target: (data) => data.settings as Rec, change: (s) => (s.notifications = { ...s.notifications, telegram: { ...s.notifications.telegram, chat_id: '-1009876543210' } }), read: (s) => s.notifications.telegram.chat_id },
  { name: 'a nested number setting', kind: 'settings', target: (data) => data.settings as Rec, change: (s) => (s.apply = { ...s.apply, batch_size: 17 }), read: (s) => s.apply },
  { name: 'a template\'s description', kind: 'template', target: (data) => templateNamed(data, 'Broken draft'), change: (t) => (t.description = 'Changed by a property'), read: (t) => t.description },
  { name: 'a template\'s CSS', kind: 'template', target: (data) => templateNamed(data, 'Broken draft'), change: (t) => (t.css = `${t.css}\n.property { color: #123456; }\n`), read: (t) => t.css },
  { name: 'a template\'s variables', kind: 'template', target: (data) => templateNamed(data, 'Broken draft'), change: (t) => (t.variables = [...t.variables, { name: 'motto', default: 'Steady' }]), read: (t) => t.variables.map((v: Rec) => `${v.name}=${v.default}`) },
  { name: 'a branding profile\'s footer', kind: 'branding', target: (data) => profileNamed(data, 'Default'), change: (p) => (p.footer_text = 'Changed by a property'), read: (p) => p.footer_text },
  { name: 'a branding profile\'s colour', kind: 'branding', target: (data) => profileNamed(data, 'Default'), change: (p) => (p.primary_color = '#123456'), read: (p) => p.primary_color },
  { name: 'a user\'s note', kind: 'user', target: activeUser, change: (u) => (u.note = 'changed by a property'), read: (u) => u.note },
  { name: 'a user\'s owner', kind: 'user', target: activeUser, change: (u) => (u.owner_label = 'property-owner'), read: (u) => u.owner_label },
];

/** The mutations a seed tries: `count` of them, turning through the list so that every one runs every few seeds. */
export function mutationsOf(seed: number, count: number): PanelMutation[] {
  return Array.from({ length: count }, (_, k) => PANEL_MUTATIONS[(seed * count + k) % PANEL_MUTATIONS.length]);
}

/** Changes the member, and returns how to put the record back as it was. */
export function changeOnPanel(data: PanelData, mutation: PanelMutation): { expected: unknown; restore(): void } {
  const record = mutation.target(data);
  const before = structuredClone(record);
  mutation.change(record);
  const expected = structuredClone(mutation.read(record));
  return {
    expected,
    restore() {
      for (const name of Object.keys(record)) delete record[name];
      Object.assign(record, before);
    },
  };
}

/**
 * The demo with its one non-built-in template made valid: the demo's "Broken draft" HTML is refused by the
 * panel's validate, which the folder's plan rightly reports for any change to it.
 */
export function withValidDraft(data: PanelData): void {
  const draft = templateNamed(data, 'Broken draft');
  draft.html = '<!doctype html>\n<html>\n<head><title>Draft</title></head>\n<body>\n  <div class="hero"><p>Ready</p></div>\n</body>\n</html>\n';
}
