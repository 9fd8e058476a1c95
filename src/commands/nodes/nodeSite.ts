import * as vscode from 'vscode';
import type { JsonObject } from '../../api/types';
import type { PanelSession } from '../../connection/panelSession';
import type { Prompts } from '../../prompts/prompts';
import { parseTemplateRecord } from '../../state/siteTemplateRecord';
import { parseSiteTemplates } from '../../state/siteTemplatesModel';
import { plainLabel, quickInputText } from '../../text/plainText';
import type { NodesTreeProvider } from '../../views/nodes/NodesTreeProvider';
import { showSitePreview } from '../../webviews/sitePreview';
import { runWithProgress } from '../runWithProgress';
import { nodeName, nodeTarget } from './nodeTarget';

interface Deps {
  readonly session: PanelSession;
  readonly prompts: Prompts;
  readonly nodes: NodesTreeProvider;
}

/**
 * A node's cover site: Choose Site Template… (template and its variables, `POST /nodes/{id}/site`), Set Site
 * Upstream… (`POST /nodes/{id}/site/upstream` and whether the site is enabled), Preview Site (a webview in
 * which nothing runs), and Apply Node (`POST /nodes/{id}/apply`).
 */
export function registerNodeSiteCommands({ session, prompts, nodes }: Deps): vscode.Disposable {
  const panelId = () => {
    const panel = session.active;
    if (!panel) throw new Error(vscode.l10n.t('No panel is connected.'));
    return panel.id;
  };
  const refreshSite = (target: ReturnType<typeof nodeTarget>) => {
    const section = target.section ?? target.item.sections.find((each) => each.kind === 'site');
    if (section) void nodes.refresh(section);
    void nodes.refresh(target.item);
  };

  return vscode.Disposable.from(
    vscode.commands.registerCommand('panelOps.nodes.site.choose', async (argument?: unknown) => {
      const target = nodeTarget(argument);
      const id = panelId();
      const name = plainLabel(nodeName(target.node), 80);
      const loaded = await runWithProgress(vscode.l10n.t('Reading the site templates'), (token) => Promise.all([
        session.callOn(id, (api, signal) => api.siteTemplates.list({ signal }), token),
        session.callOn(id, (api, signal) => api.nodes.site.get(target.node.id, { signal }), token),
      ]));
      if (!loaded) return undefined;
      const [list, site] = loaded;
      const items = parseSiteTemplates(list).templates.filter((template) => template.id)
        .map((template) => ({ label: plainLabel(template.name, 80) || String(template.id), description: plainLabel(template.id, 60), id: String(template.id) }));
      const picked = await prompts.pick(items, { title: vscode.l10n.t('Site template for {0}', name), placeHolder: vscode.l10n.t('Choose the template this node serves') });
      if (!picked) return undefined;
      const template = await runWithProgress(vscode.l10n.t('Reading "{0}"', picked.label), (token) =>
        session.callOn(id, (api, signal) => api.siteTemplates.get(picked.id, { signal }), token));
      const current = (site as { variables?: unknown }).variables;
      const currentValues = typeof current === 'object' && current !== null ? current as Record<string, unknown> : {};
      const values: Record<string, string> = {};
      for (const variable of parseTemplateRecord(template, picked.id)?.variables ?? []) {
        const value = await prompts.input({
          title: vscode.l10n.t('{0}: value of {1}', name, `{{${variable.name}}}`),
          prompt: quickInputText(variable.description ?? vscode.l10n.t('Leave the default or type a value for this node'), 300),
          value: typeof currentValues[variable.name] === 'string' ? String(currentValues[variable.name]) : variable.default,
        });
        if (value === undefined) return undefined;
        values[variable.name] = value;
      }
      const body: JsonObject = { template_id: picked.id };
      if (Object.keys(values).length > 0) body.variables = values;
      const saved = await runWithProgress(vscode.l10n.t('Setting the site of {0}', name), (token) =>
        session.callOn(id, (api, signal) => api.nodes.site.set(target.node.id, body, { signal }), token));
      refreshSite(target);
      return saved;
    }),

    vscode.commands.registerCommand('panelOps.nodes.site.upstream', async (argument?: unknown) => {
      const target = nodeTarget(argument);
      const id = panelId();
      const name = plainLabel(nodeName(target.node), 80);
      const url = await prompts.input({
        title: vscode.l10n.t('Site upstream of {0}', name),
        prompt: vscode.l10n.t('The http(s) URL the site proxies to; empty for none'),
        validateInput: (value) => (value.trim() === '' || /^https?:\/\/\S+$/i.test(value.trim()) ? undefined : vscode.l10n.t('An http:// or https:// URL, or nothing.')),
      });
      if (url === undefined) return undefined;
      const enabled = vscode.l10n.t('Enabled');
      const disabled = vscode.l10n.t('Disabled');
      const state = await prompts.pick([{ label: enabled }, { label: disabled }], { title: vscode.l10n.t('Is the site of {0} enabled?', name) });
      if (!state) return undefined;
      const done = await runWithProgress(vscode.l10n.t('Setting the site upstream of {0}', name), async (token) => {
        await session.callOn(id, (api, signal) => api.nodes.site.upstream(target.node.id, { url: url.trim() === '' ? null : url.trim() }, { signal }), token);
        return session.callOn(id, (api, signal) => api.nodes.site.set(target.node.id, { enabled: state.label === enabled }, { signal }), token);
      });
      refreshSite(target);
      return done;
    }),

    vscode.commands.registerCommand('panelOps.nodes.site.preview', async (argument?: unknown) => {
      const target = nodeTarget(argument);
      const id = panelId();
      const preview = await runWithProgress(vscode.l10n.t('Rendering the site of {0}', plainLabel(nodeName(target.node), 80)), (token) =>
        session.callOn(id, (api, signal) => api.nodes.site.preview(target.node.id, { signal }), token));
      if (!preview) return undefined;
      const html = typeof preview.html === 'string' ? preview.html : '';
      const css = typeof preview.css === 'string' ? preview.css : '';
      return showSitePreview(vscode.l10n.t('Site of {0}', nodeName(target.node)), html, css);
    }),

    vscode.commands.registerCommand('panelOps.nodes.apply', async (argument?: unknown) => {
      const target = nodeTarget(argument);
      const id = panelId();
      const name = plainLabel(nodeName(target.node), 80);
      const queued = await runWithProgress(vscode.l10n.t('Applying {0}', name), (token) =>
        session.callOn(id, (api, signal) => api.nodes.apply(target.node.id, { signal }), token));
      if (!queued) return undefined;
      void vscode.window.showInformationMessage(vscode.l10n.t('The panel queued an apply of {0}; the node shows when it is done.', name));
      void nodes.refresh(target.item);
      return queued;
    }),
  );
}
