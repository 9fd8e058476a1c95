import * as vscode from 'vscode';
import qrcode from 'qrcode-terminal';
import { withoutBack } from '../../prompts/userInput';
import { runRead } from '../../runner/actionRunner';
import type { UserActionContext } from './userActionsSupport';
import { escapeIcons, plainLabel } from '../../text/plainText';
import { userLinks, type UserLink } from '../../webviews/qr';
import { userArgument } from './userArgument';
import { registerPanelCommand } from '../registerPanelCommand';

/** QR code text: half blocks (two modules a character) for a document, ANSI black and white for a terminal. */
function qrText(value: string, small: boolean): string {
  let text = '';
  qrcode.generate(value, { small }, (rendered) => (text = rendered));
  return text;
}

/**
 * `panelOps.users.showQrAsText`: one of a user's links (picked) as a text QR code, in a terminal or an
 * untitled document, for pasting into a chat or reading over SSH. Links are read fresh from the panel the
 * user came from (they need users:write) and made plain before they are encoded or printed.
 */
export function registerShowQrAsText(context: UserActionContext): vscode.Disposable {
  const { input } = context;
  return registerPanelCommand('panelOps.users.showQrAsText', async (item?: unknown) => {
    const target = userArgument(item);
    if (!target) return;
    const scopes = context.panels.get(target.panelId)?.scopes;
    if (scopes && !scopes.can('keys.links')) {
      await input.notify('warning', vscode.l10n.t('Links hold the user\'s proxy secret: the panel shows them only to tokens that {0}.', scopes.explain('keys.links')));
      return;
    }
    const read = await runRead(context, {
      panelId: target.panelId,
      busyLabel: vscode.l10n.t('Reading the user\'s links…'),
      failure: vscode.l10n.t('Could not read the user\'s links'),
      run: (api, signal) => api.keys.get(target.user.id, { signal }),
    });
    if (read.kind !== 'done') return;
    const links: UserLink[] = userLinks(read.value, vscode.l10n.t);
    const label = plainLabel(target.user.label, 80) || vscode.l10n.t('(no label)');
    if (links.length === 0) {
      await input.notify('info', vscode.l10n.t('{0} has no links to show: bind it to a node or create a subscription.', label));
      return;
    }
    const title = vscode.l10n.t('Show QR as Text: {0}', label);
    const chosen = withoutBack(await input.pick({
      title,
      placeholder: vscode.l10n.t('Which link?'),
      items: links.map((link) => ({ label: escapeIcons(link.label), detail: escapeIcons(plainLabel(link.value, 200)), link })),
    }));
    if (!chosen) return;
    const where = withoutBack(await input.pick({
      title,
      placeholder: vscode.l10n.t('Where?'),
      items: [
        { label: vscode.l10n.t('Terminal'), detail: vscode.l10n.t('Black and white blocks that any terminal theme shows right'), target: 'terminal' as const },
        { label: vscode.l10n.t('Untitled document'), detail: vscode.l10n.t('Half-block characters to copy into a chat'), target: 'document' as const },
      ],
    }));
    if (!where) return;
    const heading = `${label} — ${chosen.link.label}`;
    if (where.target === 'terminal') {
      const written = new vscode.EventEmitter<string>();
      const text = `${heading}\n\n${qrText(chosen.link.value, false)}\n${chosen.link.value}\n`;
      const terminal = vscode.window.createTerminal({
        name: vscode.l10n.t('QR: {0}', plainLabel(label, 40)),
        pty: { onDidWrite: written.event, open: () => written.fire(text.replace(/\n/g, '\r\n')), close: () => written.dispose() },
      });
      terminal.show();
    } else {
      const content = `${heading}\n\n${qrText(chosen.link.value, true)}\n\n${chosen.link.value}\n`;
      const document = await vscode.workspace.openTextDocument({ content, language: 'plaintext' });
      await vscode.window.showTextDocument(document, { preview: false });
    }
  });
}
