import type { User } from '../../api/types';
import type { UserOnPanel } from '../../webviews/qr';

/** The user (key) a user command was run on, with the panel the item came from. */
export function userArgument(argument: unknown): UserOnPanel | undefined {
  const item = argument as { user?: unknown; panelId?: unknown } | undefined;
  const key = item?.user;
  if (typeof item?.panelId !== 'string' || typeof key !== 'object' || key === null || typeof (key as User).id !== 'string') return undefined;
  return { panelId: item.panelId, user: key as User };
}
