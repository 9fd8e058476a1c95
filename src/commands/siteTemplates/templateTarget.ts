import * as vscode from 'vscode';
import { locate } from '../../editors/panelUri';
import { plainLabel } from '../../text/plainText';
import { SiteTemplateItem } from '../../views/siteTemplates/siteTemplateItem';

/** The template a command acts on: the view item it was run on, a `panelops:` template URI, or the active editor's. */
export interface TemplateTarget {
  readonly panelId: string;
  readonly templateId: string;
  readonly name: string;
  readonly builtin: boolean | undefined;
  /** The file the command was run from, when it was a file. */
  readonly uri?: vscode.Uri;
}

export function templateTarget(argument: unknown): TemplateTarget {
  if (argument instanceof SiteTemplateItem && argument.template.id) {
    return { panelId: argument.panelId, templateId: argument.template.id, name: argument.template.name, builtin: argument.template.builtin };
  }
  const uri = argument instanceof vscode.Uri ? argument : vscode.window.activeTextEditor?.document.uri;
  const location = uri && locate(uri);
  if (uri && (location?.path.kind === 'templateFile' || location?.path.kind === 'template')) {
    return { panelId: location.panelId, templateId: location.path.templateId, name: location.path.label, builtin: undefined, uri };
  }
  throw new Error(vscode.l10n.t('Run this on a template in the Site Templates view or in an open template file.'));
}

/** A template's name for messages: one plain line. */
export function shownName(name: string): string {
  return plainLabel(name, 80) || vscode.l10n.t('(unnamed template)');
}
