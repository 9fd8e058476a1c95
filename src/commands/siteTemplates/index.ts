import * as vscode from 'vscode';
import type { Services } from '../../services';
import { registerCustomizeTemplate } from './customizeTemplate';
import { registerOpenPanelFolder } from './openPanelFolder';
import { registerOpenTemplate } from './openTemplate';
import { registerPreviewTemplate } from './previewTemplate';
import { registerSiteTemplatesCommands } from './refresh';
import type { TemplateCommandContext } from './templateCommandContext';
import { registerTemplateLifecycle } from './templateLifecycle';
import { registerTemplateTransfer } from './templateTransfer';
import { registerValidateTemplate } from './validateTemplate';

/** The Site Templates view's commands. */
export function registerSiteTemplateCommands(services: Services): vscode.Disposable {
  const { session, log, input, editors, views, panels } = services;
  const context: TemplateCommandContext = { session, log, input, editors, panels };
  return vscode.Disposable.from(
    registerSiteTemplatesCommands(panels, views.siteTemplates.provider),
    registerOpenTemplate(),
    registerTemplateLifecycle(context),
    registerTemplateTransfer(context),
    registerCustomizeTemplate({ ...context, webviews: services.webviews().host }),
    registerValidateTemplate(editors),
    registerPreviewTemplate({ session, log, input, panels }, services.webviews().host),
    registerOpenPanelFolder(session),
  );
}
