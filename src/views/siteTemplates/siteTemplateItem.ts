import * as vscode from 'vscode';
import type { SiteTemplate } from '../../state/siteTemplatesModel';
import { relativeTime } from '../../text/relativeTime';
import { plainLabel, untrustedMarkdown } from '../../text/untrustedText';

/**
 * One site template of a panel: name, id as description, details in the tooltip; clicking opens its
 * index.html (read-only for a built-in one, whose menu offers Customize instead). Its id comes from the
 * panel's (see `stableIds`), so it keeps its place and selection across refreshes; it keeps the panel it
 * was listed from, so its commands act there.
 */
export class SiteTemplateItem extends vscode.TreeItem {
  private current: SiteTemplate;

  constructor(
    template: SiteTemplate,
    id: string,
    /** The panel the template came from. */
    readonly panelId: string,
  ) {
    super('', vscode.TreeItemCollapsibleState.None);
    this.id = id;
    this.current = template;
    this.show(template);
  }

  get template(): SiteTemplate {
    return this.current;
  }

  /** Shows a newer copy of the same template. */
  show(template: SiteTemplate): void {
    this.current = template;
    this.label = plainLabel(template.name) || vscode.l10n.t('(unnamed template)');
    this.description = template.builtin ? vscode.l10n.t('built-in · {0}', plainLabel(template.id, 60)) : plainLabel(template.id, 60);
    this.iconPath = new vscode.ThemeIcon(template.builtin ? 'lock' : 'globe');
    this.contextValue = template.builtin ? 'siteTemplate.builtin' : 'siteTemplate.custom';
    this.command = template.id ? { command: 'panelOps.siteTemplates.open', title: vscode.l10n.t('Open Template'), arguments: [this] } : undefined;
    const tooltip = untrustedMarkdown()
      .heading(template.name)
      .paragraph(template.description)
      .field(vscode.l10n.t('Template id'), template.id)
      .field(vscode.l10n.t('Updated'), template.updatedAt && `${template.updatedAt} (${relativeTime(template.updatedAt, Date.now(), vscode.l10n.t)})`);
    for (const [name, value] of template.details) tooltip.field(name, value, 200);
    this.tooltip = tooltip.build();
  }
}
