import type { UserInput } from '../../prompts/userInput';
import type { BrandingStore } from '../../state/brandingStore';
import type { BrandingTreeProvider } from '../../views/branding/BrandingTreeProvider';
import type { WebviewHost } from '../../webviews/shared';
import type { ActionContext } from '../runAction';

/** What the branding commands use. */
export interface BrandingCommandContext extends ActionContext {
  readonly store: BrandingStore;
  readonly view: BrandingTreeProvider;
  readonly input: UserInput;
  /** Opens the previews. */
  readonly webviews: WebviewHost;
}
