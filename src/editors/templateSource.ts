import * as vscode from 'vscode';
import { parseTemplateRecord, type SiteTemplateRecord } from '../state/siteTemplateRecord';
import { parseSiteTemplates } from '../state/siteTemplatesModel';
import { stateKey, type EditorServices } from './editorServices';
import { folderName, type TemplateFile } from './panelPaths';
import { fileText, filesOf } from './templateFiles';

/** How long a template read serves the `stat` and `readFile` that follow it (VS Code asks both when opening). */
const FRESH_MS = 2000;

/**
 * Reads templates for the panel file system: `GET /site-templates/{id}` on every open (a read answered
 * within the last 2 s serves again), the list for folders. Each read tells the document states, so the
 * other open files of the template follow the panel's version when their text did not change.
 */
export class TemplateSource {
  private readonly recent = new Map<string, { record: SiteTemplateRecord; at: number }>();

  constructor(private readonly services: EditorServices) {}

  /** The template as the panel has it now (or as read within `maxAgeMs`). */
  async record(panelId: string, templateId: string, maxAgeMs = FRESH_MS, signal?: AbortSignal): Promise<SiteTemplateRecord> {
    const cached = this.recent.get(stateKey(panelId, templateId, ''));
    if (cached && Date.now() - cached.at <= maxAgeMs) return cached.record;
    const answer = await this.services.session.callOn(panelId, (api, callSignal) => api.siteTemplates.get(templateId, { signal: callSignal }), signal);
    const record = parseTemplateRecord(answer, templateId);
    if (!record) throw vscode.FileSystemError.FileNotFound(vscode.l10n.t('The panel sent no readable template {0}', templateId));
    this.remember(panelId, record);
    return record;
  }

  /** The last record read or saved, without a request. */
  known(panelId: string, templateId: string): SiteTemplateRecord | undefined {
    return this.recent.get(stateKey(panelId, templateId, ''))?.record;
  }

  /** Takes a template the panel sent (a read, or the answer of a save). */
  remember(panelId: string, record: SiteTemplateRecord): void {
    this.recent.set(stateKey(panelId, record.id, ''), { record, at: Date.now() });
    for (const file of filesOf(record)) this.services.states.follow(stateKey(panelId, record.id, file), fileText(record, file), record.version);
  }

  /** Forgets the read (after a save) so the next `record` asks the panel. */
  expire(panelId: string, templateId: string): void {
    const cached = this.recent.get(stateKey(panelId, templateId, ''));
    if (cached) cached.at = 0;
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
    const answer = await this.services.session.callOn(panelId, (api, signal) => api.siteTemplates.list({ signal }));
    const seen = new Set<string>();
    const folders: [string, vscode.FileType][] = [];
    for (const template of parseSiteTemplates(answer).templates) {
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
