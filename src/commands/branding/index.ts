import * as vscode from 'vscode';
import type { Services } from '../../services';
import { BrandingForms } from '../../webviews/branding/brandingForm';
import type { BrandingCommandContext } from './brandingContext';
import { registerBrandingLifecycle } from './brandingLifecycle';
import { registerEditBrandingField } from './editBrandingField';
import { registerPreviewBranding, showBrandingPreview } from './previewBranding';
import { saveBrandingProfile } from './saveBrandingProfile';
import { registerUploadBrandingAsset } from './uploadBrandingAsset';

/** The Branding view's commands, with the profile forms they open. */
export interface BrandingCommands extends vscode.Disposable {
  readonly forms: BrandingForms;
}

export function registerBrandingCommands(services: Services): BrandingCommands {
  const { session, log, input, views, panels } = services;
  const webviews = services.webviews().host;
  const context: BrandingCommandContext = { session, log, panels, view: views.branding.provider, input, webviews };
  const forms = new BrandingForms(webviews, (panelId) => panels.get(panelId)?.branding, (target, changes) => saveBrandingProfile(context, target, changes), (profile) => void showBrandingPreview(webviews, profile));
  const registered = vscode.Disposable.from(
    forms,
    registerBrandingLifecycle(context),
    registerEditBrandingField(context, forms),
    registerUploadBrandingAsset(context),
    registerPreviewBranding(context),
  );
  return { forms, dispose: () => { registered.dispose(); } };
}
