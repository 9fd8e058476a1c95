import * as vscode from 'vscode';
import { PanelHttpError } from '../../api/errors';
import { BRANDING_FIELDS, COLOUR_FIELDS, type BrandingField, type BrandingProfile } from '../../state/brandingModel';
import type { BrandingStore } from '../../state/brandingStore';
import { describeError } from '../../text/describeError';
import { plainLabel } from '../../text/plainText';
import { PageRegistry } from '../shared/pageRegistry';
import { HostedPage, type PageOpener } from '../shared/hostedPage';
import type { WebviewHost } from '../shared/webviewHost';
import { changedFields, parseBrandingFormMessage, type BrandingFormState, type FromBrandingForm, type ToBrandingForm } from './protocol';

/** How the form saves: the action runner of the extension (busy, progress, one failure sentence, reconcile). */
export type SaveProfile = (target: { panelId: string; profile: BrandingProfile }, changes: Partial<Record<BrandingField, string>>) => Promise<{ saved?: BrandingProfile; error?: unknown; cancelled?: boolean }>;

function fieldHints(): Record<BrandingField, string> {
  return {
    name: vscode.l10n.t('The profile\'s name in the panel'),
    panel_name: vscode.l10n.t('The name the panel shows in its title'),
    primary_color: vscode.l10n.t('A colour such as #1f6feb'),
    accent_color: vscode.l10n.t('A colour such as #2da44e'),
    theme_default: vscode.l10n.t('light, dark or system'),
    login_text: vscode.l10n.t('Text on the sign-in page'),
    footer_text: vscode.l10n.t('Text at the bottom of every page'),
    support_link: vscode.l10n.t('A web address (https://…)'),
    custom_css: vscode.l10n.t('CSS added to the panel\'s pages'),
  };
}

/**
 * The form of one branding profile: its nine fields (spec 2.4), colours with a swatch of the colour, Save
 * sending the changed fields in one PUT, the panel's refusals (422) beside their fields, and Preview. The
 * page only shows and edits values; the extension reads and writes the panel.
 */
export class BrandingForm extends HostedPage<ToBrandingForm, FromBrandingForm> {
  private profile: BrandingProfile;
  private state: BrandingFormState;
  /** The save in flight (tests wait for it). */
  saved: Promise<void> = Promise.resolve();

  constructor(
    host: PageOpener,
    store: BrandingStore | undefined,
    readonly panelId: string,
    profile: BrandingProfile,
    private readonly save: SaveProfile,
    private readonly openPreview: (profile: BrandingProfile) => void,
  ) {
    super(host, {
      viewType: 'panelOps.brandingForm',
      title: vscode.l10n.t('Branding: {0}', plainLabel(profile.name, 60) || profile.id),
      bundle: 'branding',
      parse: parseBrandingFormMessage,
    });
    this.profile = profile;
    this.state = { ...this.stateOf(profile), problems: {}, saving: false };
    this.show({ type: 'state', state: this.state }); // again once the page says it is ready
    if (store) this.subscriptions.push(
      // Another change of the same profile (the tree's field edit, an activation) shows here too.
      store.onDidChange(() => {
        const now = store.get(this.profile.id);
        if (now && now !== this.profile && !this.state.saving) {
          this.profile = now;
          this.publish({ ...this.stateOf(now) });
        }
      }),
    );
  }

  get profileId(): string {
    return this.profile.id;
  }

  private stateOf(profile: BrandingProfile): Pick<BrandingFormState, 'name' | 'active' | 'fields'> {
    const fields = Object.fromEntries(BRANDING_FIELDS.map((field) => [field, profile.fields[field] ?? ''])) as Record<BrandingField, string>;
    return { name: plainLabel(profile.name, 100), active: profile.active, fields };
  }

  /** `saved`: a save succeeded, the page shows the values saved instead of what was typed. */
  private publish(changes: Partial<BrandingFormState>, saved = false): void {
    this.state = { ...this.state, ...changes };
    const message: ToBrandingForm = { type: 'state', state: this.state };
    // A page starting over is sent the state without the one-time "saved".
    this.show(saved ? { ...message, saved } : message, message);
  }

  protected words(): ToBrandingForm {
    return {
      type: 'words',
      words: {
        heading: vscode.l10n.t('Branding profile'),
        save: vscode.l10n.t('Save'),
        reset: vscode.l10n.t('Undo Changes'),
        preview: vscode.l10n.t('Preview'),
        saved: vscode.l10n.t('Saved.'),
        hints: fieldHints(),
      },
      fields: BRANDING_FIELDS,
      colourFields: COLOUR_FIELDS,
    };
  }

  protected onMessage(message: Exclude<FromBrandingForm, { type: 'ready' }>): void {
    switch (message.type) {
      case 'preview':
        this.openPreview(this.profile);
        return;
      case 'save':
        this.saved = this.saveChanges(message.fields);
        return;
    }
  }

  private async saveChanges(edited: Partial<Record<BrandingField, string>>): Promise<void> {
    const changes = changedFields(this.profile.fields, edited);
    if (Object.keys(changes).length === 0) {
      this.publish({ problems: {}, status: vscode.l10n.t('Nothing changed.') });
      return;
    }
    this.publish({ saving: true, status: vscode.l10n.t('Saving…') });
    const outcome = await this.save({ panelId: this.panelId, profile: this.profile }, changes);
    if (outcome.saved) {
      this.profile = outcome.saved;
      this.publish({ ...this.stateOf(outcome.saved), problems: {}, saving: false, status: vscode.l10n.t('Saved {0}.', Object.keys(changes).join(', ')) }, true);
    } else if (outcome.error !== undefined) {
      const problems = outcome.error instanceof PanelHttpError && outcome.error.status === 422 ? { ...(outcome.error.fields ?? {}) } : {};
      // The page keeps what was typed; only the panel's reasons are added.
      this.publish({ problems, saving: false, status: vscode.l10n.t('Not saved: {0}', describeError(outcome.error)) });
    } else {
      this.publish({ saving: false, status: outcome.cancelled ? vscode.l10n.t('Cancelled.') : undefined });
    }
  }
}

/** One form per profile of a panel; opening it again reveals it. */
export class BrandingForms implements vscode.Disposable {
  private readonly open = new PageRegistry<BrandingForm>();

  constructor(
    private readonly host: WebviewHost,
    /** The branding store of a panel (its forms follow it). */
    private readonly storeOf: (panelId: string) => BrandingStore | undefined,
    private readonly save: SaveProfile,
    private readonly openPreview: (profile: BrandingProfile) => void,
  ) {}

  show(panelId: string, profile: BrandingProfile): BrandingForm {
    return this.open.show(`${panelId}\n${profile.id}`, () => new BrandingForm(this.host, this.storeOf(panelId), panelId, profile, this.save, this.openPreview));
  }

  get forms(): readonly BrandingForm[] {
    return this.open.pages;
  }

  dispose(): void {
    this.open.dispose();
  }
}
