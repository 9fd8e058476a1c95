import * as vscode from 'vscode';
import type { JsonObject, JsonValue } from '../../api/types';
import { withoutBack } from '../../prompts/userInput';
import { parseTemplateRecord, parseVariables, variablesInShape } from '../../state/siteTemplateRecord';
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
      const current = (site as { variables?: unknown }).variables;
      const currentValues = siteValues(current);
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
      // Echo what was read: the site's variables go back in the shape the panel gave them.
      if (Object.keys(values).length > 0) body.variables = variablesInShape(current as JsonValue | undefined, values, { addMissing: true }) ?? values;
      const outcome = await runMutation(context, {
        panelId,
        target: { item: target.section ?? target.item, view: nodes },
        busyLabel: vscode.l10n.t('Setting the site…'),
        failure: vscode.l10n.t('Could not set the site of {0}', name),
        run: (api, signal) => api.nodes.site.set(target.node.id, body, { signal }),
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
          await api.nodes.site.upstream(target.node.id, { url: url === '' ? null : url }, { signal });
          return api.nodes.site.set(target.node.id, { enabled: state === enabled }, { signal });
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
      const html = typeof outcome.value.html === 'string' ? outcome.value.html : '';
      const css = typeof outcome.value.css === 'string' ? outcome.value.css : '';
      return showSitePreview(webviews, vscode.l10n.t('Site of {0}', nodeName(target.node)), html, css);
    }),
  );
}

/** A site's variables as name → value, from an object of values or a list of `{name, value|default}`. */
function siteValues(current: unknown): Record<string, unknown> {
  if (Array.isArray(current)) return Object.fromEntries((parseVariables(current) ?? []).map((variable) => [variable.name, variable.default]));
  return typeof current === 'object' && current !== null ? current as Record<string, unknown> : {};
}
