import type { Key } from '../api/types';
import type { PanelSession } from '../connection/panelSession';
import type { KeyOnPanel } from '../webviews/qr/qrView';

/** The user (key) a user command was run on, with the panel it came from (tree items show the active panel). */
export function keyArgument(argument: unknown, session: PanelSession): KeyOnPanel | undefined {
  const key = (argument as { key?: unknown } | undefined)?.key;
  const panel = session.active;
  if (!panel || typeof key !== 'object' || key === null || typeof (key as Key).id !== 'string') return undefined;
  return { panelId: panel.id, key: key as Key };
}
