import type { PanelRef, PanelSession } from '../../connection/panelSession';
import { NotConnectedError } from '../../connection/panelSession';
import type { UserInput } from '../../prompts/userInput';

/** The active panel, or undefined after telling the user that no panel is connected. */
export function activePanelOrNotify(session: PanelSession, input: UserInput): PanelRef | undefined {
  const panel = session.active;
  if (!panel) void input.notify('error', new NotConnectedError().message);
  return panel;
}
