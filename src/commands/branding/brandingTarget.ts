import * as vscode from 'vscode';
import { activePanelOrNotify } from '../shared/activePanel';
import type { PanelSession } from '../../connection/panelSession';
import type { UserInput } from '../../prompts/userInput';
import { withoutBack } from '../../prompts/userInput';
import type { BrandingProfile } from '../../state/brandingModel';
import type { BrandingStore } from '../../state/brandingStore';
import { showLive } from './brandingLive';
import { escapeIcons, plainLabel } from '../../text/plainText';
import { BrandingFieldItem, BrandingProfileItem } from '../../views/branding/brandingItems';

/** A branding profile of a panel, and the tree item it was run on (which shows it is busy). */
export interface ProfileTarget {
  readonly panelId: string;
  readonly profile: BrandingProfile;
  readonly item?: vscode.TreeItem;
}

export function profileName(profile: BrandingProfile): string {
  return plainLabel(profile.name, 80) || vscode.l10n.t('(unnamed profile)');
}

/**
 * The profile a branding command acts on: the Branding view's item it was run on (a profile or one of its
 * fields), else one the user picks from the active panel's stored profiles.
 */
export async function profileTarget(argument: unknown, session: PanelSession, store: BrandingStore | undefined, input: UserInput, title: string, filter: (profile: BrandingProfile) => boolean = () => true): Promise<ProfileTarget | undefined> {
  if (argument instanceof BrandingProfileItem || argument instanceof BrandingFieldItem) {
    return { panelId: argument.panelId, profile: argument.profile, item: argument instanceof BrandingProfileItem ? argument : undefined };
  }
  const panel = activePanelOrNotify(session, input);
  if (!panel || !store) return undefined;
  if (store.live) await showLive(store, false);
  else await store.refresh();
  const snapshot = store.held;
  if (snapshot.kind !== 'loaded') return undefined;
  const items = snapshot.profiles.filter(filter).map((profile) => ({
    label: escapeIcons(profileName(profile)),
    description: profile.active ? vscode.l10n.t('active') : undefined,
    profile,
  }));
  const picked = withoutBack(await input.pick({ title, placeholder: vscode.l10n.t('Choose a branding profile of {0}', plainLabel(panel.name, 80)), items }));
  return picked && { panelId: snapshot.panelId, profile: picked.profile };
}
