import * as vscode from 'vscode';
import type { User, PanelNode } from '../../api/types';
import { templateFileUri } from '../../editors/panelUri';
import { panelAuthority } from '../../editors/panelPaths';
import { runRead } from '../../runner/actionRunner';
import type { Services } from '../../services';
import { isNode } from '../../state/nodesStore';
import { templateNameOf } from '../../state/siteTemplateRecord';
import { plainLabel } from '../../text/plainText';
import { revealNodeOnPanel } from '../nodes/revealNode';
import type { UserCommandsContext } from '../users/userActionsSupport';
import { revealUserOnPanel } from '../users/revealUser';
import { templateTarget } from '../siteTemplates/templateTarget';
import { createChatTools, type ChatTools } from './chatTools';
import { goToNode, goToUser } from './goTo';
import { isRefusal, linkPathAndQuery, parseLink, type LinkRefusal, type PanelLink } from './linkFormat';
import { registerPanelCommand } from '../registerPanelCommand';

/** What the composition root uses besides the commands: the URI handler and the chat tools. */
export interface FindCommands extends vscode.Disposable {
  /** Opens what a `vscode://panel-ops.panel-ops/…` link names; resolves with what it opened, or undefined when refused. */
  handleUri(uri: vscode.Uri): Promise<PanelLink | undefined>;
  readonly tools: ChatTools;
}

/** Go to User…, Go to Node…, the deep links (open and copy) and the chat tools. */
export function registerFindCommands(services: Services): FindCommands {
  const { session, savedPanels: store, input, log, documents, views, panels } = services;
  const users: UserCommandsContext = { session, log, input, users: views.users, documents, panels };
  const nodeReveal = { session, log, nodesView: views.nodes };

  const revealUserAt = (panelId: string, user: User) => revealUserOnPanel(users, panelId, user);
  const revealNode = (panelId: string, node: PanelNode) => revealNodeOnPanel(nodeReveal, panelId, node);

  /** Opens what a link names; it never changes anything on a panel (reads only, then reveals or opens). */
  async function open(link: PanelLink): Promise<boolean> {
    const name = plainLabel(session.panel(link.panelId)?.name, 60);
    switch (link.kind) {
      case 'user': {
        const read = await runRead(services, { panelId: link.panelId, busyLabel: vscode.l10n.t('Opening the link…'), failure: vscode.l10n.t('Could not open the user of the link on "{0}"', name), run: (api, signal) => api.keys.get(link.id, { signal }) });
        return read.kind === 'done' && (await revealUserAt(link.panelId, read.value)) !== undefined;
      }
      case 'node': {
        const read = await runRead(services, { panelId: link.panelId, busyLabel: vscode.l10n.t('Opening the link…'), failure: vscode.l10n.t('Could not open the node of the link on "{0}"', name), run: (api, signal) => api.nodes.get(link.id, { signal }) });
        return read.kind === 'done' && isNode(read.value) && (await revealNode(link.panelId, read.value)) !== undefined;
      }
      case 'job': {
        const nodeId = link.nodeId ?? '';
        const read = await runRead(services, { panelId: link.panelId, busyLabel: vscode.l10n.t('Opening the link…'), failure: vscode.l10n.t('Could not open the job of the link on "{0}"', name), run: (api, signal) => api.nodes.get(nodeId, { signal }) });
        if (read.kind !== 'done' || !isNode(read.value)) return false;
        services.webviews().jobHistories.show({ panelId: link.panelId, node: read.value }, { selectJob: link.id });
        return true;
      }
      case 'template': {
        const read = await runRead(services, { panelId: link.panelId, busyLabel: vscode.l10n.t('Opening the link…'), failure: vscode.l10n.t('Could not open the template of the link on "{0}"', name), run: (api, signal) => api.siteTemplates.get(link.id, { signal }) });
        if (read.kind !== 'done') return false;
        await vscode.window.showTextDocument(templateFileUri(link.panelId, { id: link.id, name: templateNameOf(read.value, link.id) }, 'index.html'), { preview: false });
        return true;
      }
    }
  }

  async function handleUri(uri: vscode.Uri): Promise<PanelLink | undefined> {
    const parsed = parseLink(uri.path, uri.query);
    if (isRefusal(parsed)) {
      void input.notify('error', refusalSentence(parsed));
      return undefined;
    }
    if (!session.panel(parsed.panelId)) {
      void input.notify('error', vscode.l10n.t('The link is to the panel {0}, which is not connected in this window. Connect to it, then open the link again.', panelAuthority(parsed.panelId)));
      return undefined;
    }
    return (await open(parsed)) ? parsed : undefined;
  }

  /** Copies a link to the object, made reachable from outside where VS Code runs remotely or in a browser. */
  async function copyLink(link: PanelLink): Promise<string> {
    const { path, query } = linkPathAndQuery(link);
    const local = vscode.Uri.from({ scheme: vscode.env.uriScheme, authority: services.context.extension.id, path, query });
    const external = await vscode.env.asExternalUri(local);
    const text = external.toString(true);
    await vscode.env.clipboard.writeText(text);
    void input.notify('info', vscode.l10n.t('Copied a link to this {0}; it opens it in Panel Ops for anyone connected to the panel.', kindWord(link.kind)));
    return text;
  }

  const disposable = vscode.Disposable.from(
    registerPanelCommand('panelOps.goToUser', async () => {
      const chosen = await goToUser({ panels, store, input });
      return chosen && revealUserAt(chosen.panelId, chosen.found);
    }),
    registerPanelCommand('panelOps.goToNode', async () => {
      const chosen = await goToNode({ panels, store, input });
      return chosen && revealNode(chosen.panelId, chosen.found);
    }),
    registerPanelCommand('panelOps.users.copyShareLink', (item?: { panelId?: unknown; user?: { id?: unknown } }) => {
      if (typeof item?.panelId === 'string' && typeof item.user?.id === 'string') return copyLink({ kind: 'user', panelId: item.panelId, id: item.user.id });
      return undefined;
    }),
    registerPanelCommand('panelOps.nodes.copyShareLink', (item?: { panelId?: unknown; node?: { id?: unknown } }) => {
      if (typeof item?.panelId === 'string' && typeof item.node?.id === 'string') return copyLink({ kind: 'node', panelId: item.panelId, id: item.node.id });
      return undefined;
    }),
    registerPanelCommand('panelOps.siteTemplates.copyShareLink', (item?: unknown) => {
      const target = templateTarget(item);
      return copyLink({ kind: 'template', panelId: target.panelId, id: target.templateId });
    }),
  );
  const tools = createChatTools({ session, log, input, store, panels });
  return { dispose: () => { disposable.dispose(); }, handleUri, tools };
}

function kindWord(kind: PanelLink['kind']): string {
  switch (kind) {
    case 'user': return vscode.l10n.t('user');
    case 'node': return vscode.l10n.t('node');
    case 'job': return vscode.l10n.t('job');
    case 'template': return vscode.l10n.t('template');
  }
}

function refusalSentence(refusal: LinkRefusal): string {
  switch (refusal.reason) {
    case 'kind':
      return vscode.l10n.t('This Panel Ops link cannot be opened: "{0}" is not something a link opens (a user, node, job or template).', plainLabel(refusal.kind, 40));
    case 'panel':
      return vscode.l10n.t('This Panel Ops link cannot be opened: it does not name a panel by its address.');
    case 'id':
      return vscode.l10n.t('This Panel Ops link cannot be opened: its "{0}" is missing or malformed.', refusal.parameter);
    case 'extra':
      return vscode.l10n.t('This Panel Ops link cannot be opened: it carries "{0}", which links never do (they only open things).', plainLabel(refusal.parameter, 40));
  }
}
