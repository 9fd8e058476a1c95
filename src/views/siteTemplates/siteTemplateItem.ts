import * as vscode from 'vscode';
import type { SiteTemplate } from '../../state/siteTemplatesModel';
import { relativeTime } from '../../text/relativeTime';
import { plural } from '../../text/plural';
import { plainLabel, untrustedMarkdown } from '../../text/untrustedText';

/** Names of the nodes serving a template, up to `max`, else their count. */
function servedByText(servedBy: NonNullable<SiteTemplate['servedBy']>, max: number): string {
  const names = servedBy.names.map((name) => plainLabel(name, 40)).filter((name) => name !== '');
  if (servedBy.count === 0) return vscode.l10n.t('no node');
  if (names.length === servedBy.count && names.length <= max) return names.join(', ');
  return plural(servedBy.count, { one: '{0} node', other: '{0} nodes' }, vscode.l10n.t);
}

/** What tells templates apart in the list: built-in or custom, the nodes serving it, its description. */
export function templateDescription(template: SiteTemplate): string {
  const parts = [template.builtin ? vscode.l10n.t('built-in') : vscode.l10n.t('custom')];
  if (template.servedBy) {
    parts.push(template.servedBy.count === 0 ? vscode.l10n.t('not in use') : vscode.l10n.t('on {0}', servedByText(template.servedBy, 3)));
  }
  const description = plainLabel(template.description, 80);
  if (description) parts.push(description);
  return parts.join(' · ');
}

/**
 * One site template of a panel: its name; as description what helps choose one (built-in or custom, the
 * nodes serving it when the panel says, its description), never its id, which is in the tooltip; clicking opens its
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
    this.description = templateDescription(template);
    this.iconPath = new vscode.ThemeIcon(template.builtin ? 'lock' : 'globe');
    this.contextValue = template.builtin ? 'siteTemplate.builtin' : 'siteTemplate.custom';
    this.command = template.id ? { command: 'panelOps.siteTemplates.open', title: vscode.l10n.t('Open Template'), arguments: [this] } : undefined;
    const tooltip = untrustedMarkdown()
      .heading(template.name)
      .paragraph(template.description)
      .field(vscode.l10n.t('Template id'), template.id)
      .field(vscode.l10n.t('Served by'), template.servedBy && servedByText(template.servedBy, 20))
      .field(vscode.l10n.t('Updated'), template.updatedAt && `${template.updatedAt} (${relativeTime(template.updatedAt, Date.now(), vscode.l10n.t)})`);
    for (const [name, value] of template.details) tooltip.field(name, value, 200);
    this.tooltip = tooltip.build();
  }
}
