import * as vscode from 'vscode';
import { withoutBack } from '../../prompts/userInput';
import { COLOUR_FIELDS, type BrandingField } from '../../state/brandingModel';
import { BrandingFieldItem } from '../../views/branding/brandingItems';
import type { BrandingForms } from '../../webviews/branding';
import { brandingOf, type BrandingCommandContext } from './brandingContext';
import { profileName, profileTarget } from './brandingTarget';
import { saveBrandingProfile } from './saveBrandingProfile';
import { registerPanelCommand } from '../registerPanelCommand';

function fieldHint(field: BrandingField): string {
  if (COLOUR_FIELDS.includes(field)) return vscode.l10n.t('A colour such as #1f6feb');
  if (field === 'support_link') return vscode.l10n.t('A web address (https://…)');
  if (field === 'theme_default') return vscode.l10n.t('light, dark or system');
  if (field === 'custom_css') return vscode.l10n.t('CSS added to the panel\'s pages (one line here; Edit Branding Profile… has a larger box)');
  return vscode.l10n.t('Text');
}

/**
 * "Edit Branding Profile…" opens the profile's form (all nine fields of spec 2.4, colour swatches, Save);
 * a click on a field of the Branding view edits that field alone in an input box.
 */
export function registerEditBrandingField(context: BrandingCommandContext, forms: BrandingForms): vscode.Disposable {
  const { session, input } = context;
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.branding.edit', async (item?: unknown) => {
      const target = await profileTarget(item, session, brandingOf(context), input, vscode.l10n.t('Edit Branding Profile'));
      if (!target) return undefined;
      return forms.show(target.panelId, brandingOf(context, target.panelId)?.get(target.profile.id) ?? target.profile);
    }),
    registerPanelCommand('panelOps.branding.editField', async (item?: unknown) => {
      if (!(item instanceof BrandingFieldItem)) return;
      const field = item.field;
      const profile = brandingOf(context, item.panelId)?.get(item.profile.id) ?? item.profile;
      const text = withoutBack(await input.text({
        title: vscode.l10n.t('{0} of "{1}"', field, profileName(profile)),
        prompt: fieldHint(field),
        value: profile.fields[field] ?? '',
      }));
      if (text === undefined) return;
      await saveBrandingProfile(context, { panelId: item.panelId, profile }, { [field]: text });
    }),
  );
}
