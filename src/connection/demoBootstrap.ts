// fs.promises is read when used: requiring node:fs/promises at load costs milliseconds of every activation.
import { promises as files } from 'node:fs';
import * as vscode from 'vscode';
import { panelOrigin, tokenProblem } from '../api/options';
import type { PanelSession } from './panelSession';
import { scopesOf } from './connectPrompts';
import type { TokenPreset } from './panelRecords';

/**
 * The demo's way in: when the extension host's environment has PANEL_OPS_BOOTSTRAP=/path/file.json with
 * `{ "url", "token", "name"?, "preset"? }`, the panel is stored like a connection (no request is sent at
 * activation; the first view that loads checks it) and the file is deleted. The token is never logged.
 */
export async function importDemoBootstrap(session: PanelSession, log: vscode.LogOutputChannel): Promise<void> {
  const path = process.env.PANEL_OPS_BOOTSTRAP;
  if (!path) return;
  try {
    const value = parseJson(await files.readFile(path, 'utf8'));
    const { url, token, name, preset } = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    if (typeof url !== 'string' || typeof token !== 'string' || tokenProblem(token)) {
      log.warn(`PANEL_OPS_BOOTSTRAP: ${path} must hold {"url": "...", "token": "..."}; ignored`);
      return;
    }
    const origin = panelOrigin(url).origin;
    const chosen: TokenPreset = preset === 'readOnly' ? 'readOnly' : 'fullRights';
    const label = typeof name === 'string' && name.trim() ? name.trim() : new URL(origin).host;
    await session.connect({ url: origin, name: label, preset: chosen, scopes: scopesOf(chosen) }, token);
    log.info(`Imported the panel ${origin} ("${label}") from PANEL_OPS_BOOTSTRAP`);
  } catch (error) {
    log.warn(`PANEL_OPS_BOOTSTRAP: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    await files.rm(path, { force: true }).catch(() => undefined);
  }
}

/** JSON.parse's messages quote the text around the error, which may be the token: report without it. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new Error('the file is not valid JSON');
  }
}
