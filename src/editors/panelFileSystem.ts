import * as vscode from 'vscode';
import { NotConnectedError } from '../connection/panelSession';
import { PanelReadOnlyError } from '../connection/protection';
import { brandingProfiles } from '../state/brandingModel';
import type { EditorServices } from './editorServices';
import type { HeldSaves } from './heldSaves';
import { JsonDocuments, type JsonDocumentId } from './jsonDocuments';
import { brandingFileName, folderName, NODE_DOCUMENTS, type PanelPath } from './panelPaths';
import { locate } from './panelUri';
import { recordText } from './recordDocuments';
import type { TemplateSave } from './templateSave';
import type { TemplateSource } from './templateSource';
import type { UsersTableFiles } from './usersTableFiles';

const DIRECTORY: vscode.FileStat = { type: vscode.FileType.Directory, ctime: 0, mtime: 0, size: 0 };

/**
 * The panel as a file system (`panelops:`): site templates as folders of index.html, style.css and
 * variables.json, nodes' JSON documents and the settings. Every URI names its panel, and every request
 * goes to that panel's handle (`panels.require`), whichever panel is active; the node folders are the nodes
 * its nodes store holds (read when it holds none). Creating, deleting and renaming go through the Site
 * Templates view's commands, not the file system.
 */
export class PanelFileSystem implements vscode.FileSystemProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  readonly onDidChangeFile = this.changed.event;
  private readonly refused = new vscode.EventEmitter<{ readonly uri: vscode.Uri; readonly message: string }>();
  /** A save refused, with the reason VS Code shows for it. */
  readonly onDidRefuseSave = this.refused.event;
  private readonly json: JsonDocuments;

  constructor(
    private readonly services: EditorServices,
    private readonly templates: TemplateSource,
    private readonly saves: TemplateSave,
    private readonly heldSaves: HeldSaves,
    private readonly usersTables: UsersTableFiles,
  ) {
    this.json = new JsonDocuments(services);
    this.tableChanges = usersTables.onDidChange((uri) => this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]));
  }

  private readonly tableChanges: vscode.Disposable;

  watch(): vscode.Disposable {
    return new vscode.Disposable(() => undefined);
  }

  /** Tells VS Code that a folder's listing changed (a template created or deleted). */
  changedFolder(uri: vscode.Uri): void {
    this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  async stat(uri: vscode.Uri): Promise<vscode.FileStat> {
    const { panelId } = this.where(uri);
    const stat = await this.statOf(uri);
    // A read-only panel's documents open read-only: nothing typed there could be saved to it.
    return this.services.session.protectionOf(panelId) === 'readOnly' && stat.type === vscode.FileType.File ? { ...stat, permissions: vscode.FilePermission.Readonly } : stat;
  }

  private async statOf(uri: vscode.Uri): Promise<vscode.FileStat> {
    const { panelId, path } = this.where(uri);
    switch (path.kind) {
      case 'templateFile':
        return this.templates.stat(panelId, path.templateId, path.file);
      case 'nodeDocument':
      case 'brandingProfile':
      case 'settings':
        return this.json.stat(panelId, jsonId(path));
      case 'usersTable':
        return this.usersTables.stat(uri);
      case 'record': {
        const text = await this.recordFile(uri, panelId, path);
        return { type: vscode.FileType.File, ctime: 0, mtime: versionOf(text), size: text.byteLength, permissions: vscode.FilePermission.Readonly };
      }
      default:
        return DIRECTORY;
    }
  }

  async readDirectory(uri: vscode.Uri): Promise<[string, vscode.FileType][]> {
    const { panelId, path } = this.where(uri);
    switch (path.kind) {
      case 'root':
        return [
          ['site-templates', vscode.FileType.Directory], ['nodes', vscode.FileType.Directory], ['branding', vscode.FileType.Directory],
          ['settings.json', vscode.FileType.File],
        ];
      case 'branding': {
        const answer = await this.services.panels.require(panelId).call((api, signal) => api.branding.profiles.list({}, { signal }));
        // The profiles the Branding view lists (brandingProfiles), so every profile it shows has its file.
        return brandingProfiles(answer, false).profiles
          .map((profile): [string, vscode.FileType] => [folderName(profile.name || profile.id, profile.id), vscode.FileType.Directory]);
      }
      case 'brandingFolder':
        return [[brandingFileName(path.label), vscode.FileType.File]];
      case 'templates':
        return this.templates.templateFolders(panelId);
      case 'template':
        return this.templates.templateFiles(panelId, path.templateId);
      case 'nodes': {
        const nodes = this.services.panels.require(panelId).nodes;
        const items = nodes.held ?? await nodes.poll();
        return items.map((node): [string, vscode.FileType] => [folderName(typeof node.name === 'string' && node.name !== '' ? node.name : node.id, node.id), vscode.FileType.Directory]);
      }
      case 'node':
        return [...NODE_DOCUMENTS.map((document): [string, vscode.FileType] => [`${document}.json`, vscode.FileType.File]), ['node.json', vscode.FileType.File]];
      default:
        throw vscode.FileSystemError.FileNotADirectory(uri);
    }
  }

  async readFile(uri: vscode.Uri): Promise<Uint8Array> {
    const { panelId, path } = this.where(uri);
    if (path.kind === 'templateFile') return this.templates.readFile(panelId, path.templateId, path.file);
    if (path.kind === 'nodeDocument' || path.kind === 'brandingProfile' || path.kind === 'settings') return this.json.readFile(panelId, jsonId(path));
    if (path.kind === 'usersTable') return this.usersTables.read(uri);
    if (path.kind === 'record') return this.recordFile(uri, panelId, path);
    throw vscode.FileSystemError.FileIsADirectory(uri);
  }

  async writeFile(uri: vscode.Uri, content: Uint8Array): Promise<void> {
    const { panelId, path } = this.where(uri);
    // An auto-save never reaches the live panel: the document stays dirty until the operator saves it.
    this.heldSaves.checkWrite(uri);
    if (path.kind === 'record') throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('This document shows what the panel holds and cannot be saved.'));
    if (path.kind !== 'usersTable' && this.services.session.protectionOf(panelId) === 'readOnly') {
      throw vscode.FileSystemError.NoPermissions(new PanelReadOnlyError(this.services.session.panel(panelId)?.name ?? panelId).message);
    }
    try {
      if (path.kind === 'templateFile') await this.saves.write(uri, panelId, path.templateId, path.file, content);
      else if (path.kind === 'nodeDocument' || path.kind === 'brandingProfile' || path.kind === 'settings') await this.json.write(uri, panelId, jsonId(path), content);
      else if (path.kind === 'usersTable') await this.usersTables.write(uri, content);
      else throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Panel documents are created with the Site Templates view\'s commands.'));
    } catch (error) {
      // VS Code shows the reason on the save; the log keeps it, and listeners (the VS Code suite) hear it.
      const message = error instanceof Error ? error.message : String(error);
      this.services.log.warn(`Saving ${uri.path} on ${panelId} was refused: ${message}`);
      this.refused.fire({ uri, message });
      throw error;
    }
    this.changed.fire([{ type: vscode.FileChangeType.Changed, uri }]);
  }

  createDirectory(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Use New Template in the Site Templates view.'));
  }

  delete(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Use Delete Template in the Site Templates view.'));
  }

  rename(): void {
    throw vscode.FileSystemError.NoPermissions(vscode.l10n.t('Panel documents cannot be renamed here.'));
  }

  dispose(): void {
    this.tableChanges.dispose();
    this.changed.dispose();
    this.refused.dispose();
  }

  /** A node's, user's or alert's read-only document, from its panel's stores. */
  private async recordFile(uri: vscode.Uri, panelId: string, path: Extract<PanelPath, { kind: 'record' }>): Promise<Uint8Array> {
    const text = await recordText(this.services.panels.require(panelId), path.record, path.id, this.services.passHoldings?.(panelId));
    if (text === undefined) throw vscode.FileSystemError.FileNotFound(uri);
    return new TextEncoder().encode(text);
  }

  /** Tells VS Code that read-only documents changed (their subject changed in its store): open tabs read them again. */
  changedFiles(uris: readonly vscode.Uri[]): void {
    if (uris.length > 0) this.changed.fire(uris.map((uri) => ({ type: vscode.FileChangeType.Changed, uri })));
  }

  private where(uri: vscode.Uri): { panelId: string; path: PanelPath } {
    const location = locate(uri);
    if (!location) throw vscode.FileSystemError.FileNotFound(uri);
    if (!this.services.session.panel(location.panelId)) {
      throw vscode.FileSystemError.Unavailable(new NotConnectedError(location.panelId).message);
    }
    return location;
  }
}

/** A document's version for VS Code (its mtime): changes when its text does. */
function versionOf(bytes: Uint8Array): number {
  let hash = 1;
  for (const byte of bytes) hash = (hash * 31 + byte) % 2_147_483_647;
  return hash;
}

function jsonId(path: Extract<PanelPath, { kind: 'nodeDocument' | 'brandingProfile' | 'settings' }>): JsonDocumentId {
  switch (path.kind) {
    case 'settings':
      return { kind: 'settings' };
    case 'brandingProfile':
      return { kind: 'branding', profileId: path.profileId };
    case 'nodeDocument':
      return { kind: 'node', nodeId: path.nodeId, document: path.document };
  }
}
