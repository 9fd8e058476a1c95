import * as vscode from 'vscode';
import type { SavedPanels } from '../../connection/savedPanels';
import type { PanelSession } from '../../connection/panelSession';
import type { UserInput } from '../../prompts/userInput';
import { registerPanelCommand } from '../registerPanelCommand';

/**
 * "Forget Trusted Certificate": the active panel no longer trusts the certificate trusted for it at
 * connect; the next connection asks again (or connects, if the system trusts the panel's certificate).
 */
export function registerForgetTrustedCertificateCommand(session: PanelSession, store: SavedPanels, input: UserInput): vscode.Disposable {
  return registerPanelCommand('panelOps.forgetTrustedCertificate', async () => {
    const active = session.active;
    const record = active && store.record(active.url);
    if (!record?.trustedCertificate) {
      await input.notify('info', vscode.l10n.t('No certificate is trusted for this panel: it is verified with the system\'s certificates.'));
      return;
    }
    // The client bundle holds the certificate code (node:crypto): required here, not imported, to keep it out of activation.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { certificateFacts } = require('../../api/index') as typeof import('../../api/index');
    const { sha256 } = certificateFacts(record.trustedCertificate);
    const { trustedCertificate: _forgotten, ...rest } = record;
    await store.update(rest);
    session.rebuildClient();
    await input.notify(
      'info',
      vscode.l10n.t('The panel "{0}" no longer trusts the certificate with SHA-256 {1}. Run "Reconnect with a New Token…" to check and trust its current certificate.', record.name, sha256),
    );
  });
}
