import * as vscode from 'vscode';
import { panelAuthority, recordPath, type RecordKind, brandingProfilePath, nodeDocumentPath, panelIdOf, parsePanelPath, templateFilePath, usersTablePath, type NodeDocument, type PanelPath, type TemplateFile } from './panelPaths';

/** The scheme of the panel file system: templates and other panel documents as files. */
export const PANEL_SCHEME = 'panelops';

export interface PanelLocation {
  readonly panelId: string;
  readonly path: PanelPath;
}

/** Which panel and object a `panelops:` URI names; undefined for any other URI. */
export function locate(uri: vscode.Uri): PanelLocation | undefined {
  if (uri.scheme !== PANEL_SCHEME) return undefined;
  const panelId = panelIdOf(uri.authority);
  const path = parsePanelPath(uri.path);
  return panelId && path ? { panelId, path } : undefined;
}

export function panelRootUri(panelId: string): vscode.Uri {
  return vscode.Uri.from({ scheme: PANEL_SCHEME, authority: panelAuthority(panelId), path: '/' });
}

export function templateFileUri(panelId: string, template: { id: string; name: string }, file: TemplateFile): vscode.Uri {
  return vscode.Uri.from({ scheme: PANEL_SCHEME, authority: panelAuthority(panelId), path: templateFilePath(template.name, template.id, file) });
}

export function nodeDocumentUri(panelId: string, node: { id: string; name: string }, document: NodeDocument): vscode.Uri {
  return vscode.Uri.from({ scheme: PANEL_SCHEME, authority: panelAuthority(panelId), path: nodeDocumentPath(node.name, node.id, document) });
}

export function brandingProfileUri(panelId: string, profile: { id: string; name: string }): vscode.Uri {
  return vscode.Uri.from({ scheme: PANEL_SCHEME, authority: panelAuthority(panelId), path: brandingProfilePath(profile.name, profile.id) });
}

export function settingsUri(panelId: string): vscode.Uri {
  return vscode.Uri.from({ scheme: PANEL_SCHEME, authority: panelAuthority(panelId), path: '/settings.json' });
}

export function usersTableUri(panelId: string, name: string, format: 'csv' | 'json', count = 1): vscode.Uri {
  return vscode.Uri.from({ scheme: PANEL_SCHEME, authority: panelAuthority(panelId), path: usersTablePath(name, format, count) });
}

/** The read-only document of a node, user or alert of the panel (`/nodes/<name>~<id>/node.json`…). */
export function recordUri(panelId: string, record: RecordKind, subject: { id: string; name: string }): vscode.Uri {
  return vscode.Uri.from({ scheme: PANEL_SCHEME, authority: panelAuthority(panelId), path: recordPath(record, subject.name, subject.id) });
}
