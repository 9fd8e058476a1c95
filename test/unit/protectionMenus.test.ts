// A read-only panel offers no write action anywhere in the menus package.json contributes: each menu
// entry's `when` clause is evaluated (the subset of VS Code's grammar the manifest uses) for every kind of
// tree item, with and without the read-only suffix, and for the palette, view titles, editor titles and
// key bindings with and without `panelOps.activePanel.readOnly`. Read actions stay where they were.
// (The VS Code suite checks the same through the real menus of code-server.)
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCOPES } from '../../src/api/catalog';
import { READ_ONLY_ITEM_SUFFIX } from '../../src/connection/protectionLevel';
import { scopeContextKey } from '../../src/connection/scopeBelief';

/** Every command that changes a panel (each is refused by a read-only panel's client anyway). */
export const WRITE_COMMANDS = [
  'panelOps.users.addNodes', 'panelOps.users.create', 'panelOps.users.createBatch', 'panelOps.users.createSubscription', 'panelOps.users.delete',
  'panelOps.users.deleteSubscription', 'panelOps.users.disable', 'panelOps.users.edit', 'panelOps.users.enable', 'panelOps.users.import',
  'panelOps.users.removeNode', 'panelOps.users.revoke', 'panelOps.users.rotate', 'panelOps.users.applyPlan', 'panelOps.users.editAsTable',
  'panelOps.users.revertLastPlan', 'panelOps.nodes.apply', 'panelOps.nodes.applyAllPending', 'panelOps.nodes.create', 'panelOps.nodes.delete',
  'panelOps.nodes.edit', 'panelOps.nodes.engineUpdate', 'panelOps.nodes.restart', 'panelOps.nodes.site.choose', 'panelOps.nodes.site.upstream',
  'panelOps.nodes.webLifecycle', 'panelOps.fleet.update', 'panelOps.alerts.resolve', 'panelOps.alerts.resolveAll', 'panelOps.siteTemplates.customize',
  'panelOps.siteTemplates.delete', 'panelOps.siteTemplates.duplicate', 'panelOps.siteTemplates.import', 'panelOps.siteTemplates.new',
  'panelOps.branding.activate', 'panelOps.branding.create', 'panelOps.branding.delete', 'panelOps.branding.edit', 'panelOps.branding.editField',
  'panelOps.branding.upload', 'panelOps.templateHistory.restore', 'panelOps.settings.sendTestNotification', 'panelOps.panelFolder.apply',
  'panelOps.panelFolder.restore',
];

/** The node documents an open panel's menu offers as Edit …, and the commands a read-only panel's menu offers instead, as Open …. */
const OPENED_READ_ONLY: Record<string, string> = {
  'panelOps.nodes.openBlocklist': 'panelOps.nodes.viewBlocklist',
  'panelOps.nodes.openWebPolicy': 'panelOps.nodes.viewWebPolicy',
  'panelOps.nodes.openReliability': 'panelOps.nodes.viewReliability',
};

type Context = Record<string, string | boolean | readonly string[] | undefined>;

/** Evaluates a `when` clause: `!`, `&&`, `||`, parentheses, `==`, `!=`, `=~ /regex/`, `key in listKey`, bare keys. */
export function evaluateWhen(when: string, context: Context): boolean {
  let at = 0;
  const space = () => { while (when[at] === ' ') at++; };
  const peek = (text: string) => { space(); return when.startsWith(text, at); };
  const word = (): string => {
    space();
    const start = at;
    while (at < when.length && !/[\s()!&|=]/.test(when[at])) at++;
    if (start === at) throw new Error(`expected a key at ${at} of ${when}`);
    return when.slice(start, at);
  };
  const regex = (): RegExp => {
    space();
    if (when[at] !== '/') throw new Error(`expected a regex at ${at} of ${when}`);
    let end = at + 1;
    let inClass = false; // a `/` inside [...] does not end the regex
    while (end < when.length && (inClass || when[end] !== '/')) {
      if (when[end] === '[') inClass = true;
      else if (when[end] === ']') inClass = false;
      end += when[end] === '\\' ? 2 : 1;
    }
    const source = when.slice(at + 1, end);
    at = end + 1;
    const flags = /^[a-z]*/.exec(when.slice(at))?.[0] ?? '';
    at += flags.length;
    return new RegExp(source, flags);
  };
  const primary = (): boolean => {
    if (peek('!')) { at++; return !primary(); }
    if (peek('(')) {
      at++;
      const value = or();
      if (!peek(')')) throw new Error(`expected ) at ${at} of ${when}`);
      at++;
      return value;
    }
    const key = word();
    if (key === 'true') return true;
    if (key === 'false') return false;
    const value = context[key];
    if (peek('==')) { at += 2; return String(value) === word(); }
    if (peek('!=')) { at += 2; return String(value) !== word(); }
    if (peek('=~')) {
      at += 2;
      const pattern = regex();
      return typeof value === 'string' && pattern.test(value);
    }
    if (peek('in ')) {
      at += 2;
      const list = context[word()];
      return typeof value === 'string' && Array.isArray(list) && list.includes(value);
    }
    return Boolean(value);
  };
  const and = (): boolean => {
    let value = primary();
    while (peek('&&')) { at += 2; value = primary() && value; }
    return value;
  };
  const or = (): boolean => {
    let value = and();
    while (peek('||')) { at += 2; value = and() || value; }
    return value;
  };
  const result = or();
  space();
  if (at !== when.length) throw new Error(`unexpected ${when.slice(at)} in ${when}`);
  return result;
}

interface MenuEntry { command?: string; submenu?: string; when?: string }
const manifest = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
  contributes: { menus: Record<string, MenuEntry[]>; submenus: { id: string }[]; keybindings: { command: string; key: string; when?: string }[] };
};

const VIEWS = ['panelOps.nodes', 'panelOps.users', 'panelOps.alerts', 'panelOps.siteTemplates', 'panelOps.branding', 'panelOps.templateHistory'];
/** Every contextValue the views' items carry (busy states included). */
const ITEMS = [
  'node', 'node.dirty', 'node.offline', 'node.applying', 'nodeSection.users', 'nodeSection.site', 'nodeSection.health', 'nodeSection.jobs',
  ...['active', 'pending', 'expiring', 'expired', 'disabled', 'revoked'].flatMap((state) => [`user.${state}`, `user.${state}.subscribed`]),
  'userGroup', 'userBinding', 'alert.unresolved', 'alert.unresolved.node', 'alert.resolved', 'alert.resolved.node', 'alertGroup.resolved', 'siteTemplate.builtin', 'siteTemplate.custom',
  'brandingProfile', 'brandingProfile.active', 'brandingProfile.live', 'brandingField', 'brandingField.readonly', 'brandingAsset', 'templateVersion',
];

function baseContext(readOnly: boolean): Context {
  const context: Context = {
    'panelOps.connected': true, 'panelOps.activePanel.readOnly': readOnly, 'panelOps.remoteSsh.installed': true, 'panelOps.allPanels': false,
    resourceScheme: 'panelops', resourcePath: '/site-templates/t1/index.html', resourceFilename: 'users-plan.diff', activeEditorIsReadonly: true, focusedView: 'panelOps.nodes',
    explorerResourceIsFolder: true, 'panelOps.pulledFolders': ['/site-templates/t1/index.html'],
  };
  for (const scope of SCOPES) context[scopeContextKey(scope)] = true;
  return context;
}

const itemMenus = ['view/item/context', ...manifest.contributes.submenus.map((submenu) => submenu.id)];

describe('package.json menus on a read-only panel', () => {
  it('parses every when clause of the menus and key bindings', () => {
    for (const entries of Object.values(manifest.contributes.menus)) for (const entry of entries) if (entry.when) evaluateWhen(entry.when, baseContext(false));
    for (const binding of manifest.contributes.keybindings) if (binding.when) evaluateWhen(binding.when, baseContext(false));
  });

  it('offers no write action on an item of a read-only panel, in the context menus and their submenus', () => {
    let offeredBefore = 0;
    for (const menu of itemMenus) {
      for (const entry of manifest.contributes.menus[menu] ?? []) {
        if (!entry.command || !WRITE_COMMANDS.includes(entry.command) || !entry.when) continue;
        for (const view of VIEWS) {
          for (const item of ITEMS) {
            if (evaluateWhen(entry.when, { ...baseContext(false), view, viewItem: item })) offeredBefore++;
            assert.equal(evaluateWhen(entry.when, { ...baseContext(true), view, viewItem: `${item}${READ_ONLY_ITEM_SUFFIX}` }), false, `${menu}: ${entry.command} on ${item} of a read-only panel (${view})`);
          }
        }
      }
    }
    assert.ok(offeredBefore > 30, `write actions are offered on open panels (${offeredBefore})`);
  });

  it('keeps every read action on the items of a read-only panel where it was offered (a document that opens read-only under Open …)', () => {
    for (const menu of itemMenus) {
      for (const entry of manifest.contributes.menus[menu] ?? []) {
        if (!entry.when || (entry.command && WRITE_COMMANDS.includes(entry.command))) continue;
        const readOnlyEntry = entry.command && OPENED_READ_ONLY[entry.command]
          ? manifest.contributes.menus[menu]?.find((each) => each.command === OPENED_READ_ONLY[entry.command as string]) ?? {}
          : entry;
        for (const view of VIEWS) {
          for (const item of ITEMS) {
            if (!evaluateWhen(entry.when, { ...baseContext(false), view, viewItem: item })) continue;
            assert.equal(evaluateWhen(readOnlyEntry.when ?? 'false', { ...baseContext(true), view, viewItem: `${item}${READ_ONLY_ITEM_SUFFIX}` }), true, `${menu}: ${readOnlyEntry.command ?? readOnlyEntry.submenu} on ${item} of a read-only panel (${view})`);
          }
        }
      }
    }
  });

  it('says Open, never Edit, for a document a read-only panel\'s item opens, and Edit elsewhere', () => {
    const titles = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.nls.json'), 'utf8')) as Record<string, string>;
    const commands = (manifest.contributes as unknown as { commands: { command: string; title: string }[] }).commands;
    const titleOf = (command: string) => titles[/^%(.*)%$/.exec(commands.find((each) => each.command === command)?.title ?? '')?.[1] ?? ''];
    let offered = 0;
    for (const menu of itemMenus) {
      for (const entry of manifest.contributes.menus[menu] ?? []) {
        if (!entry.command || !entry.when || WRITE_COMMANDS.includes(entry.command)) continue;
        for (const item of ITEMS) {
          const readOnly = evaluateWhen(entry.when, { ...baseContext(true), view: 'panelOps.nodes', viewItem: `${item}${READ_ONLY_ITEM_SUFFIX}` });
          if (readOnly) assert.doesNotMatch(titleOf(entry.command), /^Edit /, `${entry.command} on ${item} of a read-only panel`);
          if (Object.values(OPENED_READ_ONLY).includes(entry.command)) {
            assert.equal(evaluateWhen(entry.when, { ...baseContext(false), view: 'panelOps.nodes', viewItem: item }), false, `${entry.command} on ${item} of an open panel`);
            if (readOnly) offered++;
          }
        }
      }
    }
    for (const [edit, open] of Object.entries(OPENED_READ_ONLY)) {
      assert.match(titleOf(edit), /^Edit /, edit);
      assert.equal(titleOf(open), titleOf(edit).replace(/^Edit /, 'Open '), open);
    }
    assert.equal(offered, 3 * 3, 'Open Blocklist, Web Policy and Reliability on a node, a dirty and an offline node');
  });

  it('answers the keys that would change a read-only panel with a sentence, and only then', () => {
    const tell = manifest.contributes.keybindings.filter((binding) => binding.command === 'panelOps.tellReadOnly');
    const applyKey = manifest.contributes.keybindings.find((binding) => binding.command === 'panelOps.nodes.apply');
    assert.ok(applyKey);
    const inNodes = (readOnly: boolean) => ({ ...baseContext(readOnly), focusedView: 'panelOps.nodes', editorTextFocus: false });
    const onKey = (key: string, context: Context) => [applyKey, ...tell].filter((binding) => binding.key === key && evaluateWhen(binding.when ?? 'true', context)).map((binding) => binding.command);
    assert.deepEqual(onKey(applyKey.key, inNodes(false)), ['panelOps.nodes.apply']);
    assert.deepEqual(onKey(applyKey.key, inNodes(true)), ['panelOps.tellReadOnly']);
    const inDocument = (readonly: boolean) => ({ ...baseContext(true), focusedView: '', editorTextFocus: true, resourceScheme: 'panelops', activeEditorIsReadonly: readonly });
    assert.deepEqual(onKey('ctrl+s', inDocument(true)), ['panelOps.tellReadOnly']);
    assert.deepEqual(onKey('ctrl+s', inDocument(false)), [], 'a document that can be saved is saved as usual');
    assert.deepEqual(onKey('ctrl+s', { ...inDocument(true), resourceScheme: 'file' }), [], 'other read-only files are left to VS Code');
  });

  it('hides every write command from the palette, the view titles, the editor titles, the Explorer\'s context menu and the key bindings while the active panel is read-only', () => {
    let offeredBefore = 0;
    for (const menu of ['commandPalette', 'view/title', 'editor/title', 'explorer/context']) {
      for (const entry of manifest.contributes.menus[menu]) {
        if (!entry.command || !WRITE_COMMANDS.includes(entry.command) || !entry.when) continue;
        for (const view of VIEWS) {
          if (evaluateWhen(entry.when, { ...baseContext(false), view })) offeredBefore++;
          assert.equal(evaluateWhen(entry.when, { ...baseContext(true), view }), false, `${menu}: ${entry.command} (${view})`);
        }
      }
    }
    for (const binding of manifest.contributes.keybindings.filter((each) => WRITE_COMMANDS.includes(each.command))) {
      assert.equal(evaluateWhen(binding.when ?? 'true', baseContext(true)), false, `key binding of ${binding.command}`);
    }
    assert.ok(offeredBefore > 20, `write commands are offered on open panels (${offeredBefore})`);
  });

  it('lists every palette write command: a command that changes a panel and is in the palette is in WRITE_COMMANDS', () => {
    const palette = manifest.contributes.menus.commandPalette.filter((entry) => entry.when !== 'false').map((entry) => entry.command);
    const writes = palette.filter((command): command is string => command !== undefined && /\.(create|delete|import|apply|resolve|edit|upload|activate|revert|new|duplicate|customize|send)/i.test(command));
    assert.deepEqual(writes.filter((command) => !WRITE_COMMANDS.includes(command)), []);
  });
});
