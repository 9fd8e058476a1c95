import * as vscode from 'vscode';
import { withoutBack } from '../../prompts/userInput';
import { confirmChange, refusedAsReadOnly } from '../../runner/guard';
import { brandingProfile, brandingProfiles } from '../../state/brandingModel';
import { runMutation } from '../../runner/actionRunner';
import { mutateProfile, type BrandingCommandContext, brandingOf } from './brandingContext';
import { showLive } from './brandingLive';
import { profileName, profileTarget } from './brandingTarget';
import { registerPanelCommand } from '../registerPanelCommand';
import { numberText } from '../../text/displayLanguage';

/** Refresh, live/stored toggle, New, Activate and Delete of branding profiles. */
export function registerBrandingLifecycle(context: BrandingCommandContext): vscode.Disposable {
  const { session, input } = context;
  return vscode.Disposable.from(
    registerPanelCommand('panelOps.branding.refresh', async () => {
      // The view shows the active panel: it forgets its own 403 for the list, and reads it again.
      const panel = context.panels.active;
      panel?.scopes.forgetDenials('branding.profiles.list');
      await panel?.branding.refresh();
    }),
    registerPanelCommand('panelOps.branding.showLive', () => { const store = brandingOf(context); return store && showLive(store, true); }),
    registerPanelCommand('panelOps.branding.showStored', () => { const store = brandingOf(context); return store && showLive(store, false); }),

    registerPanelCommand('panelOps.branding.create', async () => {
      const panel = session.active;
      if (!panel || refusedAsReadOnly(context, panel.id)) return;
      const name = withoutBack(await input.text({
        title: vscode.l10n.t('New Branding Profile'),
        prompt: vscode.l10n.t('Name of the new profile (it starts inactive)'),
        validate: (value) => (value.trim() ? undefined : vscode.l10n.t('Give the profile a name.')),
      }));
      if (!name) return;
      const failure = vscode.l10n.t('Could not create the branding profile "{0}"', name);
      await runMutation(context, {
        panelId: panel.id,
        busyLabel: vscode.l10n.t('Creating the branding profile "{0}"…', name),
        failure,
        run: (api, signal) => api.branding.profiles.create(name, { signal }),
        apply: async (answer) => {
          const profile = brandingProfile(answer);
          if (profile) brandingOf(context, panel.id)?.put(panel.id, profile);
          else await brandingOf(context, panel.id)?.refresh();
        },
        reconcile: async (api, signal) => {
          const list = brandingProfiles(await api.branding.profiles.list({ live: false }, { signal }), false);
          await brandingOf(context, panel.id)?.refresh();
          const count = list.profiles.filter((profile) => profile.name === name).length;
          return vscode.l10n.t('The panel now holds {0} profile(s) named "{1}".', numberText(count), name);
        },
      });
    }),

    registerPanelCommand('panelOps.branding.activate', async (item?: unknown) => {
      const target = await profileTarget(item, session, brandingOf(context), input, vscode.l10n.t('Activate Branding Profile'), (profile) => !profile.active);
      if (!target) return;
      const name = profileName(target.profile);
      const failure = vscode.l10n.t('Could not activate the branding profile "{0}"', name);
      const outcome = await mutateProfile(context, target, {
        busyLabel: vscode.l10n.t('Activating…'),
        failure,
        run: (api, signal) => api.branding.profiles.activate(target.profile.id, { signal }),
        apply: async (answer) => {
          const profile = brandingProfile(answer);
          if (profile?.active) brandingOf(context, target.panelId)?.put(target.panelId, profile);
          else await brandingOf(context, target.panelId)?.refresh();
        },
        reconcile: async () => {
          await brandingOf(context, target.panelId)?.refresh();
          const now = brandingOf(context, target.panelId)?.get(target.profile.id);
          return now?.active
            ? vscode.l10n.t('"{0}" is now the active branding profile.', name)
            : vscode.l10n.t('"{0}" is not active on the panel.', name);
        },
      });
      if (outcome.kind === 'failed') await brandingOf(context, target.panelId)?.refresh();
    }),

    registerPanelCommand('panelOps.branding.delete', async (item?: unknown) => {
      const target = await profileTarget(item, session, brandingOf(context), input, vscode.l10n.t('Delete Branding Profile'));
      if (!target) return;
      const name = profileName(target.profile);
      if (target.profile.active) {
        const told = vscode.l10n.t('"{0}" is the active branding profile, and the panel does not delete the active one. Activate another profile first, then delete this one.', name);
        void input.notify('warning', told);
        return;
      }
      const sure = await confirmChange(context, {
        panelId: target.panelId,
        action: vscode.l10n.t('Delete'),
        question: vscode.l10n.t('Delete the branding profile "{0}"?', name),
        detail: vscode.l10n.t('Its fields and uploaded assets are deleted from the panel. This cannot be undone.'),
        changes: [vscode.l10n.t('Delete the branding profile "{0}" with its fields and uploaded assets', name)],
      });
      if (!sure) return;
      const failure = vscode.l10n.t('Could not delete the branding profile "{0}"', name);
      const outcome = await mutateProfile(context, target, {
        busyLabel: vscode.l10n.t('Deleting…'),
        failure,
        run: (api, signal) => api.branding.profiles.delete(target.profile.id, { signal }),
        apply: () => brandingOf(context, target.panelId)?.remove(target.panelId, target.profile.id),
        reconcile: async () => {
          await brandingOf(context, target.panelId)?.refresh();
          return brandingOf(context, target.panelId)?.get(target.profile.id)
            ? vscode.l10n.t('The panel still holds "{0}".', name)
            : vscode.l10n.t('"{0}" is deleted.', name);
        },
      });
      if (outcome.kind === 'failed') await brandingOf(context, target.panelId)?.refresh();
    }),
  );
}
