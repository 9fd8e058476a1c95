import * as vscode from 'vscode';
import type { Editors } from '../../editors/editors';
import { templateFileUri } from '../../editors/panelUri';
import { runWithProgress, tellFailure } from '../../runner/actionRunner';
import { PanelCancelledError } from '../../api/errors';
import { templateTarget } from './templateTarget';
import { registerPanelCommand } from '../registerPanelCommand';
import { numberText } from '../../text/displayLanguage';

/** "Validate Template": `POST /site-templates/validate` on the open template; the errors go to Problems at their line. */
export function registerValidateTemplate(editors: Editors): vscode.Disposable {
  const { input } = editors.services;
  return registerPanelCommand('panelOps.siteTemplates.validate', async (argument?: unknown) => {
    const target = templateTarget(argument);
    const uri = target.uri ?? templateFileUri(target.panelId, { id: target.templateId, name: target.name }, 'index.html');
    let count: number;
    try {
      count = await runWithProgress(vscode.l10n.t('Validating the template'), (_report, signal) => editors.validator.validate(uri, {}, signal));
    } catch (error) {
      if (error instanceof PanelCancelledError) return undefined;
      tellFailure(editors.services, vscode.l10n.t('Could not validate the template'), error);
      return undefined;
    }
    if (count === 0) void input.notify('info', vscode.l10n.t('The panel found no problem in the template.'));
    else void input.notify('warning', vscode.l10n.t('The panel found {0} problem(s): see the Problems panel.', numberText(count)));
    return count;
  });
}
