import * as vscode from 'vscode';
import { withoutBack } from '../../prompts/userInput';
import { BRANDING_FIELDS, brandingProfile, COLOUR_FIELDS, type BrandingField } from '../../state/brandingModel';
import { escapeIcons, plainLabel } from '../../text/plainText';
import { BrandingFieldNode } from '../../views/branding/brandingNodes';
import { runAction } from '../runAction';
import type { BrandingCommandContext } from './brandingContext';
import { profileName, profileTarget } from './brandingTarget';

function fieldHint(field: BrandingField): string {
  if (COLOUR_FIELDS.includes(field)) return vscode.l10n.t('A colour such as #1f6feb');
  if (field === 'support_link') return vscode.l10n.t('A web address (https://…)');
  if (field === 'theme_default') return vscode.l10n.t('light, dark or system');
  if (field === 'custom_css') return vscode.l10n.t('CSS added to the panel\'s pages (one line here; the preview shows it applied)');
  return vscode.l10n.t('Text');
}

/**
 * "Edit Branding Profile…" (pick one of the nine fields of spec 2.4) and a field item's click: the value
 * in an input box, sent alone in `PUT /branding/profiles/{id}`; the panel's answer replaces the profile.
 */
export function registerEditBrandingField(context: BrandingCommandContext): vscode.Disposable {
  const { session, store, input } = context;
  const edit = async (item?: unknown): Promise<void> => {
    const target = await profileTarget(item, session, store, input, vscode.l10n.t('Edit Branding Profile'));
    if (!target) return;
    const name = profileName(target.profile);
    let field: BrandingField | undefined = item instanceof BrandingFieldNode ? item.field : undefined;
    if (!field) {
      const picked = withoutBack(await input.pick({
        title: vscode.l10n.t('Edit "{0}"', name),
        placeholder: vscode.l10n.t('Choose the field to change'),
        items: BRANDING_FIELDS.map((candidate) => ({ label: candidate, description: escapeIcons(plainLabel(target.profile.fields[candidate], 60)), field: candidate })),
      }));
      field = picked?.field;
    }
    if (!field) return;
    const chosen = field;
    const value = await input.text({
      title: vscode.l10n.t('{0} of "{1}"', chosen, name),
      prompt: fieldHint(chosen),
      value: target.profile.fields[chosen] ?? '',
    });
    const text = withoutBack(value);
    if (text === undefined) return;
    const failure = vscode.l10n.t('Could not change {0} of "{1}"', chosen, name);
    await runAction(context, {
      panelId: target.panelId,
      busyLabel: vscode.l10n.t('Saving {0}…', chosen),
      failure,
      target: target.item && { item: target.item, view: context.view },
      run: (api, signal) => api.branding.profiles.update(target.profile.id, { [chosen]: text }, { signal }),
      apply: async (answer) => {
        const profile = brandingProfile(answer);
        if (profile) store.put(target.panelId, profile);
        else await store.refresh();
      },
      reconcile: async () => {
        await store.refresh();
        const now = store.profile(target.panelId, target.profile.id);
        return now?.fields[chosen] === text
          ? vscode.l10n.t('The panel holds the new {0} of "{1}".', chosen, name)
          : vscode.l10n.t('The panel still holds the old {0} of "{1}".', chosen, name);
      },
    });
  };
  return vscode.Disposable.from(
    vscode.commands.registerCommand('panelOps.branding.edit', edit),
    vscode.commands.registerCommand('panelOps.branding.editField', edit),
  );
}
