import * as vscode from 'vscode';
import { sendWithOptionalFields } from '../../api/bodyEncodings';
import type { JsonObject } from '../../api/types';
import { plainLabel } from '../../text/plainText';
import { prettyJson } from '../../editors/readOnlyDocuments';
import { withoutBack } from '../../prompts/userInput';
import { nothingToReconcile } from '../../runner/actionRunner';
import type { NodeItem } from '../../views/nodes/nodeTreeItems';
import { nodeName, onNodeItem, mutateNode, readNode, type NodeActionContext } from './nodeActionSupport';
import { registerPanelCommand } from '../registerPanelCommand';

/** Diagnostics (`GET /nodes/{id}/diagnostics`, needs nodes:write) in a read-only JSON tab. */
async function diagnostics(context: NodeActionContext, item: NodeItem): Promise<void> {
  const name = nodeName(item.node);
  const outcome = await readNode(context, item, vscode.l10n.t('diagnostics'), {
    busyLabel: vscode.l10n.t('Running diagnostics…'),
    failure: vscode.l10n.t('Could not run the diagnostics of "{0}"', name),
    run: (api, signal) => api.nodes.diagnostics.get(item.node.id, { signal }),
  });
  if (outcome.kind === 'done') await context.documents.show(vscode.l10n.t('{0} — diagnostics.json', name), prettyJson(outcome.value), 'json');
}

/** Web Diagnostics (`POST /nodes/{id}/diagnostics/web`, optionally for a URL) in a read-only JSON tab. */
async function webDiagnostics(context: NodeActionContext, item: NodeItem): Promise<void> {
  const name = nodeName(item.node);
  const url = withoutBack(await context.input.text({
    title: vscode.l10n.t('Web Diagnostics of "{0}"', name),
    prompt: vscode.l10n.t('URL to test from the node (leave empty for its own cover site)'),
    placeholder: 'https://',
    validate: (value) => (value.trim() === '' || /^https?:\/\/\S+$/i.test(value.trim()) ? undefined : vscode.l10n.t('Enter an http(s) URL, or nothing.')),
  }));
  if (url === undefined) return;
  let droppedUrl = false;
  const outcome = await mutateNode(context, item, vscode.l10n.t('web diagnostics'), {
    busyLabel: vscode.l10n.t('Testing the web path…'),
    failure: vscode.l10n.t('Could not run the web diagnostics of "{0}"', name),
    // The contract shows no body: `url` is optional, left out (and remembered) when the panel refuses it.
    run: async (api, signal) => {
      if (!url) return api.nodes.diagnostics.web(item.node.id, undefined, { signal });
      const sent = await sendWithOptionalFields({
        memory: api.refusedFields, route: 'nodes.diagnostics.web', body: { url }, optional: ['url'],
        send: (body: JsonObject) => api.nodes.diagnostics.web(item.node.id, Object.keys(body).length > 0 ? body : undefined, { signal }),
      });
      droppedUrl = sent.dropped.includes('url');
      return sent.value;
    },
    reconcile: nothingToReconcile('a web test changes nothing on the node: its answer is the result, and running it again is harmless'),
  });
  if (outcome.kind !== 'done') return;
  await context.documents.show(vscode.l10n.t('{0} — web diagnostics.json', name), prettyJson(outcome.value), 'json');
  if (droppedUrl) {
    void context.input.notify('warning', vscode.l10n.t('This panel does not take a URL for web diagnostics, so it tested the node\'s own cover site, not {0}.', plainLabel(url, 200)));
  }
}

/** "Diagnostics" and "Web Diagnostics…" on a node item. */
export function registerNodeDiagnostics(context: NodeActionContext): vscode.Disposable {
  const on = (run: (context: NodeActionContext, item: NodeItem) => Promise<void>) => onNodeItem(context, run);
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.nodes.diagnostics', on(diagnostics)),
    registerPanelCommand('panelOps.nodes.webDiagnostics', on(webDiagnostics)),
  );
}
