import * as vscode from 'vscode';
import { fillPlaceholders } from '../../editors/placeholders';
import type { SiteTemplateRecord } from '../../state/siteTemplateRecord';
import { plainLabel } from '../../text/plainText';
import { HostedPage } from '../shared/hostedPage';
import type { WebviewHost } from '../shared/webviewHost';
import { showSitePreview } from '../sitePreview';
import { parseCustomizeMessage, type FromCustomizeWebview, type ToCustomizeWebview } from './protocol';

/** What the user submitted: the copy's name and a value per variable. */
export interface CustomizeValues {
  readonly name: string;
  readonly values: Readonly<Record<string, string>>;
}

const PREVIEW_DELAY_MS = 250;

/**
 * The Customize form (a webview on the shared module): the template's variables with their defaults and a
 * name for the copy. As values change, the template rendered with them shows in the script-free site
 * preview beside it (the template's HTML never enters this page, which runs a script). Submitting fires
 * `onDidSubmit`; the command posts it to the panel and closes the form, or shows why the panel refused.
 */
export class CustomizeForm extends HostedPage<ToCustomizeWebview, FromCustomizeWebview> {
  private readonly submitted = new vscode.EventEmitter<CustomizeValues>();
  readonly onDidSubmit = this.submitted.event;
  private preview: vscode.WebviewPanel | undefined;
  private previewTimer: ReturnType<typeof setTimeout> | undefined;
  /** What the page last reported as typed: sent back when the page starts over. */
  private draft: { name: string; values: Record<string, string> } | undefined;

  constructor(private readonly host: WebviewHost, private readonly source: SiteTemplateRecord) {
    super(host, {
      viewType: 'panelOps.customizeTemplate',
      title: vscode.l10n.t('Customize {0}', plainLabel(source.name, 60)),
      bundle: 'customize',
      parse: parseCustomizeMessage,
    });
  }

  /** The preview beside the form, once shown. */
  get previewPanel(): vscode.WebviewPanel | undefined {
    return this.preview;
  }

  busy(message: string): void {
    void this.page.post({ type: 'busy', busy: true, message });
  }

  problem(message: string): void {
    void this.page.post({ type: 'problem', message });
  }

  protected override stop(): void {
    clearTimeout(this.previewTimer);
    this.submitted.dispose();
    this.preview?.dispose();
  }

  protected words(): ToCustomizeWebview {
    return { type: 'words', words: {
      heading: vscode.l10n.t('Customize'),
      name: vscode.l10n.t('Name of the new template'),
      variables: vscode.l10n.t('Variables'),
      none: vscode.l10n.t('This template declares no variables.'),
      create: vscode.l10n.t('Create Template'),
      cancel: vscode.l10n.t('Cancel'),
      previewNote: vscode.l10n.t('The preview beside this form shows the template with these values; nothing in it runs.'),
    } };
  }

  protected override start(): void {
    void this.resend();
  }

  /** A page shown again after its tab was hidden starts over: it gets what was typed, not the defaults. */
  protected override async resend(): Promise<void> {
    const draft = this.draft;
    const valueOf = (variable: { name: string; default: string }) => draft?.values[variable.name] ?? variable.default;
    await this.page.post({
      type: 'form',
      source: plainLabel(this.source.name, 100),
      name: draft?.name ?? vscode.l10n.t('{0} (custom)', this.source.name),
      variables: (this.source.variables ?? []).map((variable) => ({
        name: variable.name, description: plainLabel(variable.description ?? '', 300), value: valueOf(variable),
      })),
    });
    this.showPreview(Object.fromEntries((this.source.variables ?? []).map((variable) => [variable.name, valueOf(variable)])));
  }

  protected onMessage(message: Exclude<FromCustomizeWebview, { type: 'ready' }>): void {
    switch (message.type) {
      case 'change':
        this.draft = { name: message.name, values: message.values };
        clearTimeout(this.previewTimer);
        this.previewTimer = setTimeout(() => this.showPreview(message.values), PREVIEW_DELAY_MS);
        return;
      case 'submit':
        if (message.name.trim() === '') {
          this.problem(vscode.l10n.t('Give the new template a name.'));
          return;
        }
        this.submitted.fire({ name: message.name.trim(), values: message.values });
        return;
      case 'cancel':
        this.dispose();
        return;
    }
  }

  private showPreview(values: Record<string, string>): void {
    const title = vscode.l10n.t('Preview of {0}', this.source.name);
    this.preview = showSitePreview(this.host, title, fillPlaceholders(this.source.html, values), fillPlaceholders(this.source.css, values), this.preview);
  }
}
