import * as vscode from 'vscode';
import type { JsonObject, JsonValue } from '../../api/types';
import { withoutBack } from '../../prompts/userInput';
import { inShapeOf, memberNamed, scalarOf } from '../../api/silentValues';
import { sendSiteUpstream } from '../../state/siteUpstream';
import { sendEncoded } from '../../api/bodyEncodings';
import { parseTemplateRecord } from '../../state/siteTemplateRecord';
import { setOwnMember } from '../../text/ownMember';
import { SITE_VARIABLES, siteVariableValues } from '../../views/nodes/nodeSiteRows';
import { parseSiteTemplates } from '../../state/siteTemplatesModel';
import { plainLabel, quickInputText } from '../../text/plainText';
import type { WebviewHost } from '../../webviews/shared';
import { showSitePreview } from '../../webviews/sitePreview';
import { nothingToReconcile, runMutation, runRead } from '../../runner/actionRunner';
import { nodeName, refreshSections, type NodeActionContext } from './nodeActionSupport';
import { nodeTarget } from './nodeTarget';
import { registerPanelCommand } from '../registerPanelCommand';

/**
 * A node's cover site, on the panel the node came from: Choose Site Template… (template and its variables,
 * `POST /nodes/{id}/site`), Set Site Upstream… (`POST /nodes/{id}/site/upstream` and whether the site is
 * enabled) and Preview Site (a webview in which nothing runs). Applying the node afterwards is Apply
 * Configuration (commands/nodes/applyConfiguration.ts), which also watches the apply land.
 */
export function registerNodeSiteCommands(context: NodeActionContext, webviews: WebviewHost): vscode.Disposable {
  const { input, view: nodes } = context;

  return vscode.Disposable.from(
    registerPanelCommand('panelOps.nodes.site.choose', async (argument?: unknown) => {
      const target = nodeTarget(argument);
      const { panelId } = target.item;
      const name = plainLabel(nodeName(target.node), 80);
      const loaded = await runRead(context, {
        panelId,
        busyLabel: vscode.l10n.t('Reading the site templates…'),
        failure: vscode.l10n.t('Could not read the site templates'),
        run: (api, signal) => Promise.all([api.siteTemplates.list({ signal }), api.nodes.site.get(target.node.id, { signal })]),
      });
      if (loaded.kind !== 'done') return undefined;
      const [list, site] = loaded.value;
      const items = parseSiteTemplates(list).templates.filter((template) => template.id)
        .map((template) => ({ label: plainLabel(template.name, 80) || String(template.id), description: plainLabel(template.id, 60), id: String(template.id) }));
      const picked = withoutBack(await input.pick({ title: vscode.l10n.t('Site template for {0}', name), placeholder: vscode.l10n.t('Choose the template this node serves'), items }));
      if (!picked) return undefined;
      const read = await runRead(context, {
        panelId,
        busyLabel: vscode.l10n.t('Reading "{0}"…', picked.label),
        failure: vscode.l10n.t('Could not read "{0}"', picked.label),
        run: (api, signal) => api.siteTemplates.get(picked.id, { signal }),
      });
      if (read.kind !== 'done') return undefined;
      const current = memberNamed(site, SITE_VARIABLES);
      const currentValues = siteVariableValues(current?.value);
      const values: Record<string, string> = {};
      for (const variable of parseTemplateRecord(read.value, picked.id)?.variables ?? []) {
        const value = withoutBack(await input.text({
          title: vscode.l10n.t('{0}: value of {1}', name, `{{${variable.name}}}`),
          prompt: quickInputText(variable.description ?? vscode.l10n.t('Leave the default or type a value for this node'), 300),
          value: typeof currentValues[variable.name] === 'string' ? String(currentValues[variable.name]) : variable.default,
        }));
        if (value === undefined) return undefined;
        values[variable.name] = value;
      }
      const body: JsonObject = { template_id: picked.id };
      // Echo what was read: the site's variables go back under the name and in the shape the panel gave them.
      const variablesName = current?.name ?? 'variables';
      if (Object.keys(values).length > 0) body[variablesName] = siteVariablesInShape(current?.value as JsonValue | undefined, values);
      const outcome = await runMutation(context, {
        panelId,
        target: { item: target.section ?? target.item, view: nodes },
        busyLabel: vscode.l10n.t('Setting the site…'),
        failure: vscode.l10n.t('Could not set the site of {0}', name),
        run: async (api, signal) => {
          const send = (sent: JsonObject | undefined) => api.nodes.site.set(target.node.id, sent ?? {}, { signal });
          // No value read to take the shape of (no variables yet): plain values, else each wrapped as `{value}` (bodyEncodings.ts).
          if (!Object.hasOwn(body, variablesName) || hasValueShape(current?.value)) return send(body);
          return (await sendEncoded({
            memory: api.refusedFields,
            route: 'nodes.site.set',
            encodings: [
              { name: 'variables as plain values', body, guessed: [variablesName], send },
              { name: 'variable values wrapped as {value}', body: { ...body, [variablesName]: wrappedValues(body[variablesName]) }, guessed: [variablesName], send },
            ],
          })).value;
        },
        reconcile: nothingToReconcile('the node\'s Site section is read again right after, showing what the panel holds'),
      });
      refreshSections(context, target.item, ['site']);
      return outcome.kind === 'done';
    }),

    registerPanelCommand('panelOps.nodes.site.upstream', async (argument?: unknown) => {
      const target = nodeTarget(argument);
      const name = plainLabel(nodeName(target.node), 80);
      const url = withoutBack(await input.text({
        title: vscode.l10n.t('Site upstream of {0}', name),
        prompt: vscode.l10n.t('The http(s) URL the site proxies to; empty for none'),
        validate: (value) => (value.trim() === '' || /^https?:\/\/\S+$/i.test(value.trim()) ? undefined : vscode.l10n.t('An http:// or https:// URL, or nothing.')),
      }));
      if (url === undefined) return undefined;
      const enabled = { label: vscode.l10n.t('Enabled') };
      const disabled = { label: vscode.l10n.t('Disabled') };
      const state = withoutBack(await input.pick({ title: vscode.l10n.t('Is the site of {0} enabled?', name), items: [enabled, disabled] }));
      if (!state) return undefined;
      const outcome = await runMutation(context, {
        panelId: target.item.panelId,
        target: { item: target.section ?? target.item, view: nodes },
        busyLabel: vscode.l10n.t('Setting the upstream…'),
        failure: vscode.l10n.t('Could not set the site upstream of {0}', name),
        run: async (api, signal) => {
          // Echo what was read: the upstream in the shape the panel gives it, `enabled` under its name and in its shape.
          const site = await api.nodes.site.get(target.node.id, { signal });
          const next = url === '' ? null : url;
          await sendSiteUpstream(api, target.node.id, upstreamInShape(memberNamed(site, SITE_UPSTREAM)?.value, next), { signal });
          const flag = memberNamed(site, SITE_ENABLED);
          return api.nodes.site.set(target.node.id, { [flag?.name ?? 'enabled']: inShapeOf(flag?.value, state === enabled) as JsonValue }, { signal });
        },
        reconcile: nothingToReconcile('the node\'s Site section is read again right after, showing what the panel holds'),
      });
      refreshSections(context, target.item, ['site']);
      return outcome.kind === 'done';
    }),

    registerPanelCommand('panelOps.nodes.site.preview', async (argument?: unknown) => {
      const target = nodeTarget(argument);
      const outcome = await runRead(context, {
        panelId: target.item.panelId,
        target: { item: target.section ?? target.item, view: nodes },
        busyLabel: vscode.l10n.t('Rendering…'),
        failure: vscode.l10n.t('Could not render the site of {0}', plainLabel(nodeName(target.node), 80)),
        run: (api, signal) => api.nodes.site.preview(target.node.id, { signal }),
      });
      if (outcome.kind !== 'done') return undefined;
      // The contract does not show the preview's members: the page and its style under any plausible name, wrapped or not.
      const text = (names: readonly string[]) => {
        const value = scalarOf(memberNamed(outcome.value, names)?.value);
        return typeof value === 'string' ? value : '';
      };
      const html = text(['html', 'markup', 'content']);
      const css = text(['css', 'styles', 'stylesheet']);
      return showSitePreview(webviews, vscode.l10n.t('Site of {0}', nodeName(target.node)), html, css);
    }),
  );
}

/** Whether variables as read hold at least one value, whose shape the values sent take. */
function hasValueShape(asRead: unknown): boolean {
  if (Array.isArray(asRead)) return asRead.some((item) => typeof item === 'object' && item !== null && !Array.isArray(item) && typeof (item as { name?: unknown }).name === 'string');
  return typeof asRead === 'object' && asRead !== null && Object.keys(asRead).length > 0;
}

/** Variables with each value wrapped as `{value}`: in a list of `{name, value}`, or an object of name → value. */
function wrappedValues(variables: JsonValue | undefined): JsonValue {
  if (Array.isArray(variables)) {
    return variables.map((item) => (typeof item === 'object' && item !== null && !Array.isArray(item) && Object.hasOwn(item, 'value') ? { ...item, value: { value: item.value } } : item));
  }
  const result: JsonObject = {};
  if (typeof variables === 'object' && variables !== null) for (const [name, value] of Object.entries(variables)) setOwnMember(result, name, { value });
  return result;
}

const SITE_UPSTREAM = ['upstream', 'upstream_url', 'backend'];
const SITE_ENABLED = ['enabled', 'is_enabled', 'active'];

/**
 * The upstream to send, in the shape the site gives it: a URL or null as such; inside an object such as
 * `{url, enabled}` (whose `enabled` says whether the upstream is used) with the URL replaced and `enabled`
 * true for a URL, false for none.
 */
function upstreamInShape(asRead: unknown, next: string | null): JsonValue {
  const shaped = inShapeOf(asRead, next);
  if (typeof shaped !== 'object' || shaped === null || Array.isArray(shaped)) return next;
  const record = { ...(shaped as JsonObject) };
  if (Object.hasOwn(record, 'enabled')) record.enabled = inShapeOf(record.enabled, next !== null) as JsonValue;
  return record;
}

/**
 * A site's variables with new `values`, in the shape they were read: a list of `{name, value|default}` or an
 * object of name → value, each value kept in its wrapping (`{value}`), a variable not read yet added in the
 * shape of the others. An object of plain values when nothing was read.
 */
function siteVariablesInShape(asRead: JsonValue | undefined, values: Readonly<Record<string, string>>): JsonValue {
  const given = (name: string) => Object.hasOwn(values, name);
  if (Array.isArray(asRead)) {
    const records = asRead.filter((item): item is JsonObject => typeof item === 'object' && item !== null && !Array.isArray(item) && typeof item.name === 'string');
    const memberOf = (item: JsonObject | undefined) => ['value', 'default', 'default_value'].find((name) => item !== undefined && Object.hasOwn(item, name)) ?? 'value';
    const kept = asRead.map((item) => {
      if (typeof item !== 'object' || item === null || Array.isArray(item) || typeof item.name !== 'string' || !given(item.name)) return item;
      const member = memberOf(item);
      return { ...item, [member]: inShapeOf(item[member], values[item.name]) as JsonValue };
    });
    const named = new Set(records.map((item) => item.name));
    const member = memberOf(records[0]);
    const added = Object.keys(values).filter((name) => !named.has(name))
      .map((name) => ({ name, [member]: inShapeOf(records[0]?.[member], values[name]) as JsonValue }));
    return [...kept, ...added];
  }
  if (typeof asRead === 'object' && asRead !== null) {
    const result: JsonObject = {};
    const sample = Object.values(asRead)[0];
    for (const [name, value] of Object.entries(asRead)) setOwnMember(result, name, given(name) ? inShapeOf(value, values[name]) as JsonValue : value);
    for (const name of Object.keys(values)) if (!Object.hasOwn(asRead, name)) setOwnMember(result, name, inShapeOf(sample, values[name]) as JsonValue);
    return result;
  }
  return { ...values };
}
