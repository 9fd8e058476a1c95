import * as vscode from 'vscode';
import { parseTemplateRecord, type SiteTemplateRecord } from '../state/siteTemplateRecord';
import { stateKey, type EditorServices } from './editorServices';
import { folderName, type TemplateFile } from './panelPaths';
import { fileText, filesOf } from './templateFiles';

/**
 * Reads templates for the panel file system through the handle of the panel a URI names: `GET
 * /site-templates/{id}` for a template's files, and the folders from what the panel's templates store
 * holds (the list the Site Templates view shows). Each read tells the document states, so the other open
 * files of the template follow the panel's version when their text did not change.
 */
export class TemplateSource {
  /** The last record read or saved of each template: what its open files were read as (their base). */
  private readonly byTemplate = new Map<string, SiteTemplateRecord>();

  constructor(private readonly services: EditorServices) {}

  /** The template as the panel has it now. */
  async record(panelId: string, templateId: string, signal?: AbortSignal): Promise<SiteTemplateRecord> {
    const answer = await this.services.panels.require(panelId).call((api, callSignal) => api.siteTemplates.get(templateId, { signal: callSignal }), signal);
    const record = parseTemplateRecord(answer, templateId);
    if (!record) throw vscode.FileSystemError.FileNotFound(vscode.l10n.t('The panel sent no readable template {0}', templateId));
    this.remember(panelId, record);
    return record;
  }

  /** The last record read or saved, without a request. */
  known(panelId: string, templateId: string): SiteTemplateRecord | undefined {
    return this.byTemplate.get(stateKey(panelId, templateId, ''));
  }

  /** Takes a template the panel sent (a read, or the answer of a save). */
  remember(panelId: string, record: SiteTemplateRecord): void {
    this.byTemplate.set(stateKey(panelId, record.id, ''), record);
    for (const file of filesOf(record)) this.services.states.follow(stateKey(panelId, record.id, file), fileText(record, file), record.version);
  }

  async stat(panelId: string, templateId: string, file: TemplateFile): Promise<vscode.FileStat> {
    const key = stateKey(panelId, templateId, file);
    let state = this.services.states.get(key);
    const record = this.known(panelId, templateId) ?? (await this.record(panelId, templateId));
    if (!filesOf(record).includes(file)) throw vscode.FileSystemError.FileNotFound();
    state ??= this.services.states.read(key, fileText(record, file), record.version);
    return {
      type: vscode.FileType.File,
      ctime: 0,
      mtime: state.mtime,
      size: Buffer.byteLength(state.base, 'utf8'),
      permissions: record.builtin ? vscode.FilePermission.Readonly : undefined,
    };
  }

  async readFile(panelId: string, templateId: string, file: TemplateFile): Promise<Uint8Array> {
    const record = await this.record(panelId, templateId);
    if (!filesOf(record).includes(file)) throw vscode.FileSystemError.FileNotFound();
    const text = fileText(record, file);
    this.services.states.read(stateKey(panelId, templateId, file), text, record.version);
    return Buffer.from(text, 'utf8');
  }

  async templateFolders(panelId: string): Promise<[string, vscode.FileType][]> {
    const store = this.services.panels.require(panelId).siteTemplates;
    // A load superseded by a refresh of the list resolves with nothing: the list is read again then.
    const held = (await store.load()) ?? (await store.load());
    if (!held) throw vscode.FileSystemError.Unavailable();
    if (held.kind === 'failed') throw held.error;
    const seen = new Set<string>();
    const folders: [string, vscode.FileType][] = [];
    for (const template of held.templates) {
      if (!template.id || seen.has(template.id)) continue;
      seen.add(template.id);
      folders.push([folderName(template.name, template.id), vscode.FileType.Directory]);
    }
    return folders;
  }

  async templateFiles(panelId: string, templateId: string): Promise<[string, vscode.FileType][]> {
    const record = await this.record(panelId, templateId);
    return filesOf(record).map((file) => [file, vscode.FileType.File]);
  }
}
