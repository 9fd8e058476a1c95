/**
 * The browser side of a webview's message protocol: posts typed messages to the extension, receives the
 * extension's messages, and keeps the page's UI state (never panel data or secrets) across reloads.
 */
import type { Message } from '../messages';
import { vsCodeApi } from './vsCodeApi';

export interface ExtensionLink<FromWebview extends Message, UiState> {
  post(message: FromWebview): void;
  /** UI preferences saved with the webview (wrap, sort order...): nothing from the panel goes here. */
  readonly uiState: Partial<UiState>;
  saveUiState(state: UiState): void;
}

/** Connects the page: `onMessage` gets each message of the extension; the page then says it is ready (`ready`). */
export function connectToExtension<ToWebview extends Message, FromWebview extends Message, UiState extends object>(
  onMessage: (message: ToWebview) => void,
  ready = { type: 'ready' } as FromWebview,
): ExtensionLink<FromWebview, UiState> {
  const api = vsCodeApi();
  window.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data;
    if (typeof data === 'object' && data !== null && typeof (data as Message).type === 'string') onMessage(data as ToWebview);
  });
  const saved = api.getState();
  const link: ExtensionLink<FromWebview, UiState> = {
    post: (message) => api.postMessage(message),
    uiState: typeof saved === 'object' && saved !== null ? saved : {},
    saveUiState: (state) => api.setState(state),
  };
  link.post(ready);
  return link;
}
