import * as vscode from 'vscode';
import { brandingProfile, type BrandingField, type BrandingProfile } from '../../state/brandingModel';
import { mutateProfile, type BrandingCommandContext, brandingOf } from './brandingContext';
import { profileName } from './brandingTarget';

/**
 * Sends changed fields of a profile in one `PUT /branding/profiles/{id}` through the action runner; the
 * panel's answer replaces the profile in the store (the view and an open form follow). After a lost answer
 * the profile is read back, never sent again.
 */
export async function saveBrandingProfile(
  context: BrandingCommandContext,
  target: { readonly panelId: string; readonly profile: BrandingProfile; readonly item?: vscode.TreeItem },
  changes: Partial<Record<BrandingField, string>>,
): Promise<{ saved?: BrandingProfile; error?: unknown; cancelled?: boolean }> {
    const name = profileName(target.profile);
  const fields = Object.keys(changes).join(', ');
  const outcome = await mutateProfile(context, target, {
    busyLabel: vscode.l10n.t('Saving {0}…', fields),
    failure: vscode.l10n.t('Could not change {0} of "{1}"', fields, name),
    run: (api, signal) => api.branding.profiles.update(target.profile.id, changes, { signal }),
    apply: async (answer) => {
      const profile = brandingProfile(answer);
      if (profile) brandingOf(context, target.panelId)?.put(target.panelId, profile);
      else await brandingOf(context, target.panelId)?.refresh();
    },
    reconcile: async () => {
      await brandingOf(context, target.panelId)?.refresh();
      const now = brandingOf(context, target.panelId)?.get(target.profile.id);
      const held = now && Object.entries(changes).every(([field, value]) => now.fields[field as BrandingField] === value);
      return held
        ? vscode.l10n.t('The panel holds the new {0} of "{1}".', fields, name)
        : vscode.l10n.t('The panel does not hold the new {0} of "{1}".', fields, name);
    },
  });
  if (outcome.kind === 'done') return { saved: brandingOf(context, target.panelId)?.get(target.profile.id) ?? brandingProfile(outcome.value) };
  if (outcome.kind === 'reconciled') return { saved: brandingOf(context, target.panelId)?.get(target.profile.id) };
  if (outcome.kind === 'failed') return { error: outcome.error };
  return { cancelled: true };
}
