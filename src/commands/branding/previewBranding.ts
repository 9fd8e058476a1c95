import * as vscode from 'vscode';
import type { BrandingProfile } from '../../state/brandingModel';
import { brandingPreviewHtml } from '../../webviews/branding';
import { scriptFreeDocument, type WebviewHost } from '../../webviews/shared';
import { brandingOf, type BrandingCommandContext } from './brandingContext';
import { profileName, profileTarget } from './brandingTarget';
import { registerPanelCommand } from '../registerPanelCommand';

/**
 * "Preview Branding Profile": the profile's colours, texts, support link and custom CSS on a mock login
 * card, with its fields and colour swatches, in a webview that runs no script and loads nothing.
 */
export function registerPreviewBranding(context: BrandingCommandContext): vscode.Disposable {
  const { session, input } = context;
  return registerPanelCommand('panelOps.branding.preview', async (item?: unknown) => {
    const target = await profileTarget(item, session, brandingOf(context), input, vscode.l10n.t('Preview Branding Profile'));
    if (!target) return undefined;
    return showBrandingPreview(context.webviews, brandingOf(context, target.panelId)?.get(target.profile.id) ?? target.profile);
  });
}

/** Opens the script-free preview of a profile. */
export function showBrandingPreview(webviews: WebviewHost, profile: BrandingProfile): vscode.WebviewPanel {
  const name = profileName(profile);
  const title = vscode.l10n.t('Branding: {0}', name);
  return webviews.openScriptFree({
    viewType: 'panelOps.brandingPreview',
    title,
    beside: true,
    document: scriptFreeDocument(title, brandingPreviewHtml(profile, {
      heading: vscode.l10n.t('Branding profile "{0}"', name),
      signIn: vscode.l10n.t('Sign in'),
      support: vscode.l10n.t('Support'),
      notAWebLink: vscode.l10n.t('not a web link, so it is not shown as one'),
      fields: vscode.l10n.t('Fields'),
      notSet: vscode.l10n.t('not set'),
      customCss: vscode.l10n.t('Custom CSS'),
      assets: vscode.l10n.t('Assets'),
      active: vscode.l10n.t('active'),
    })),
  });
}
