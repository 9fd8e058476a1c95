import type { UserInput } from '../../prompts/userInput';
import type { BrandingStore } from '../../state/brandingStore';
import type { BrandingTree } from '../../views/branding/brandingView';
import type { PanelStoresLookup } from '../../state/panelStores';
import { runMutation, type ActionContext, type ActionOutcome, type MutateAction } from '../../runner/actionRunner';
import type { ProfileTarget } from './brandingTarget';
import type { WebviewHost } from '../../webviews/shared';

/** What the branding commands use. */
export interface BrandingCommandContext extends ActionContext {
  readonly panels: PanelStoresLookup;
  readonly view: BrandingTree;
  readonly input: UserInput;
  /** Opens the previews. */
  readonly webviews: WebviewHost;
}

/** Changes one branding profile through the runner: on the profile's panel, its item (when shown) busy meanwhile. */
export function mutateProfile<T>(context: BrandingCommandContext, target: ProfileTarget, mutation: Omit<MutateAction<T>, 'panelId' | 'target'>): Promise<ActionOutcome<T>> {
  return runMutation(context, { ...mutation, panelId: target.panelId, target: target.item && { item: target.item, view: context.view } });
}

/** The branding store of a panel (the active one when none is named); undefined for a panel not connected. */
export function brandingOf(context: Pick<BrandingCommandContext, 'panels'>, panelId?: string): BrandingStore | undefined {
  return panelId === undefined ? context.panels.active?.branding : context.panels.get(panelId)?.branding;
}
