import type { PanelSession } from '../connection/panelSession';

/**
 * What a store needs of the session: calls to a panel (cancelled by an AbortSignal) and word of a change of
 * panel, token state or scope belief. A type only, so a store module loads without `vscode`, and a unit test
 * hands a store a session over the simulated panel's client.
 */
export type StoreSession = Pick<PanelSession, 'call' | 'onDidChangePanel'>;
