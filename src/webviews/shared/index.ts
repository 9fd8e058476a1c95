/** The host every webview opens through, and the script-free pages of panel HTML (one entry for the commands). */
export { WebviewHost, type WebviewPage, type ScriptFreePageSpec } from './webviewHost';
export { scriptFreeDocument } from './scriptFreeDocument';
