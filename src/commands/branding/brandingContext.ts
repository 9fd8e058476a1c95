import type { UserInput } from '../../prompts/userInput';
import type { BrandingStore } from '../../state/brandingStore';
import type { BrandingTreeProvider } from '../../views/branding/BrandingTreeProvider';
import { runMutation, type ActionContext, type ActionOutcome, type MutateAction } from '../../runner/actionRunner';
import type { ProfileTarget } from './brandingTarget';
import type { WebviewHost } from '../../webviews/shared';

/** What the branding commands use. */
export interface BrandingCommandContext extends ActionContext {
  readonly store: BrandingStore;
  readonly view: BrandingTreeProvider;
  readonly input: UserInput;
  /** Opens the previews. */
  readonly webviews: WebviewHost;
}

/** Changes one branding profile through the runner: on the profile's panel, its item (when shown) busy meanwhile. */
export function mutateProfile<T>(context: BrandingCommandContext, target: ProfileTarget, mutation: Omit<MutateAction<T>, 'panelId' | 'target'>): Promise<ActionOutcome<T>> {
  return runMutation(context, { ...mutation, panelId: target.panelId, target: target.item && { item: target.item, view: context.view } });
}
