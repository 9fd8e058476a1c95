// The contributions in package.json agree with the code: scope context keys name real scopes, one welcome
// view offers "Connect to Panel" while nothing is connected, every command is in the Panel category.
import * as assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_MAX_CONCURRENCY, MAX_CONCURRENCY } from '../../src/api';
import { SCOPES } from '../../src/api/catalog';
import { scopeContextKey } from '../../src/connection/scopeBelief';

interface Manifest {
  activationEvents: string[];
  contributes: {
    commands: { command: string; title: string; category?: string }[];
    views: Record<string, { id: string; when?: string }[]>;
    viewsWelcome: { view: string; contents: string; when?: string }[];
    submenus: { id: string; label: string }[];
    menus: Record<string, { command?: string; submenu?: string; when?: string; group?: string }[]>;
    configuration: { properties: Record<string, { default?: unknown; type?: string; minimum?: number; maximum?: number }> };
  };
}

const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as Manifest;
const nls = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.nls.json'), 'utf8')) as Record<string, string>;

describe('package.json contributions', () => {
  it('uses only scope context keys the extension sets', () => {
    const known = new Set(SCOPES.map(scopeContextKey));
    const used = JSON.stringify(manifest.contributes.menus).match(/panelOps\.scope\.[a-z]+\.[a-z]+/g) ?? [];
    assert.ok(used.length > 0);
    assert.deepEqual(used.filter((key) => !known.has(key)), []);
  });

  it('hides Resolve Alert unless the token has monitoring:write', () => {
    const items = manifest.contributes.menus['view/item/context'].filter((item) => item.command === 'panelOps.alerts.resolve');
    assert.ok(items.length > 0);
    for (const item of items) assert.match(item.when ?? '', /panelOps\.scope\.monitoring\.write/);
  });

  it('offers logs, job history and QR codes only on nodes and users, and only to tokens with the write scope', () => {
    const needs: Record<string, RegExp> = {
      'panelOps.nodes.showLogs': /viewItem =~ \/\^node\(\\\.\|\$\)\/ && panelOps\.scope\.nodes\.write/,
      'panelOps.nodes.showJobHistory': /viewItem =~ \/\^node\(\\\.\|\$\)\/ && panelOps\.scope\.nodes\.write/,
      // Not on revoked users: the panel refuses the QR of a revoked key (409).
      'panelOps.users.showQr': /viewItem =~ \/\^user\\\.\(active\|pending\|expiring\|expired\|disabled\)\(\\\.\|\$\)\/ && panelOps\.scope\.users\.write/,
      'panelOps.users.showQrAsText': /viewItem =~ \/\^user\\\.\(active\|pending\|expiring\|expired\|disabled\)\(\\\.\|\$\)\/ && panelOps\.scope\.users\.write/,
    };
    for (const [command, when] of Object.entries(needs)) {
      // In the context menu itself or in one of its submenus.
      const items = Object.entries(manifest.contributes.menus).filter(([menu]) => menu !== 'commandPalette').flatMap(([, entries]) => entries).filter((item) => item.command === command);
      assert.ok(items.length > 0, command);
      for (const item of items) assert.match(item.when ?? '', when, command);
    }
    const palette = manifest.contributes.menus.commandPalette;
    assert.equal(palette.find((item) => item.command === 'panelOps.users.showQr')?.when, 'false', 'QR codes need a user item');
    assert.match(palette.find((item) => item.command === 'panelOps.nodes.showLogs')?.when ?? '', /panelOps\.scope\.nodes\.write/);
  });

  it('says "not connected" once, in a welcome view shown instead of the five panel views', () => {
    const views = manifest.contributes.views.panelOps;
    assert.deepEqual(views.map((view) => view.id), ['panelOps.welcome', 'panelOps.nodes', 'panelOps.users', 'panelOps.alerts', 'panelOps.siteTemplates', 'panelOps.branding']);
    assert.equal(views[0].when, '!panelOps.connected');
    for (const view of views.slice(1)) assert.equal(view.when, 'panelOps.connected', view.id);
    assert.equal(manifest.contributes.viewsWelcome.length, 1);
    const [welcome] = manifest.contributes.viewsWelcome;
    assert.equal(welcome.view, 'panelOps.welcome');
    // The text is in package.nls.json (package.json names it by %key%).
    assert.match(nls[welcome.contents.replace(/^%|%$/g, '')] ?? welcome.contents, /\[Connect to Panel\]\(command:panelOps\.connect\)/);
  });

  it('puts a node\'s common actions first in its context menu and the rest in submenus', () => {
    const onNode = manifest.contributes.menus['view/item/context']
      .filter((item) => item.group !== undefined && !item.group.startsWith('inline') && /viewItem =~ \/\^node\(/.test(item.when ?? ''))
      .sort((a, b) => (a.group ?? '').localeCompare(b.group ?? '', 'en', { numeric: true }));
    const names = onNode.map((item) => item.command ?? `submenu ${item.submenu ?? ''}`);
    assert.deepEqual(names.slice(0, 5), ['panelOps.nodes.showDetails', 'panelOps.nodes.showLogs', 'panelOps.nodes.showMetrics', 'panelOps.nodes.apply', 'panelOps.nodes.restart']);
    assert.deepEqual(names.slice(5, 10), ['submenu panelOps.nodes.operate', 'submenu panelOps.nodes.diagnose', 'submenu panelOps.nodes.documents', 'submenu panelOps.nodes.copy', 'submenu panelOps.nodes.terminal']);
    assert.deepEqual(names.slice(10), ['panelOps.nodes.edit', 'panelOps.nodes.delete']);
    assert.equal(new Set(onNode.map((item) => item.group?.split('@')[0])).size, 3, 'three groups');
  });

  it('puts every command in the Panel Ops category under panelOps.', () => {
    for (const command of manifest.contributes.commands) {
      assert.equal(command.category, 'Panel Ops', command.command);
      assert.match(command.command, /^panelOps\./);
    }
  });

  it('offers the paging cap as an integer setting with the client\'s default and range, read with the client options', () => {
    const setting = manifest.contributes.configuration.properties['panelOps.paging.maxConcurrency'];
    assert.deepEqual([setting.type, setting.default, setting.minimum, setting.maximum], ['integer', DEFAULT_MAX_CONCURRENCY, 1, MAX_CONCURRENCY]);
    const clientOptions = readFileSync(join(__dirname, '..', '..', '..', 'src', 'connection', 'clientOptions.ts'), 'utf8');
    assert.match(clientOptions, /CLIENT_SETTINGS = \[[^\]]*'panelOps\.paging\.maxConcurrency'/, 'a change rebuilds the client');
    assert.match(clientOptions, /paging: \{ maxConcurrency: panelOps\.get<number>\('paging\.maxConcurrency'/);
  });

  it('polls alerts every 60 s by default and activates after startup for the status bar', () => {
    assert.equal(manifest.contributes.configuration.properties['panelOps.alerts.pollIntervalSeconds'].default, 60);
    assert.ok(manifest.activationEvents.includes('onStartupFinished'));
  });
});

describe('package.json commands and the code agree', () => {
  const sources = (dir: string): string[] =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts')).map((file) => readFileSync(join(dir, file), 'utf8'));
  // Every command is registered through the one wrapper, src/commands/registerPanelCommand.ts: `registerPanelCommand('panelOps.…'`.
  const registered = new Set(
    sources(join(__dirname, '..', '..', '..', 'src')).flatMap((text) => [...text.matchAll(/(?<![.\w])registerPanelCommand\(\s*'(panelOps\.[A-Za-z.]+)'/g)].map((match) => match[1])),
  );

  it('registers commands only through the wrapper, which tells and logs their failures', () => {
    const src = join(__dirname, '..', '..', '..', 'src');
    const raw = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts') && /\bcommands\.register(TextEditor)?Command\(/.test(readFileSync(join(src, file), 'utf8')));
    assert.deepEqual(raw.map((file) => file.replaceAll('\\', '/')), ['commands/registerPanelCommand.ts']);
  });

  it('registers every contributed command, and contributes every registered one', () => {
    const contributed = new Set(manifest.contributes.commands.map((command) => command.command));
    assert.deepEqual([...contributed].filter((command) => !registered.has(command)), [], 'contributed but never registered');
    assert.deepEqual([...registered].filter((command) => !contributed.has(command)), [], 'registered but not contributed');
  });

  it('menus name only contributed commands', () => {
    const contributed = new Set(manifest.contributes.commands.map((command) => command.command));
    for (const [menu, items] of Object.entries(manifest.contributes.menus)) {
      for (const item of items) {
        if (item.submenu) assert.ok(manifest.contributes.submenus.some((submenu) => submenu.id === item.submenu), `${menu}: submenu ${item.submenu}`);
        else assert.ok(item.command && contributed.has(item.command), `${menu}: ${item.command}`);
      }
    }
    for (const submenu of manifest.contributes.submenus) {
      assert.ok((manifest.contributes.menus[submenu.id] ?? []).length > 0, `submenu ${submenu.id} has entries`);
      assert.match(submenu.label, /^%.+%$/, 'its label is in package.nls.json');
    }
  });
});
