import * as vscode from 'vscode';
import { authorityOf, type TemplateFile } from './panelPaths';
import type { Version } from './documentStates';

/** One version of one file of a template, as the panel had it before a save from this machine replaced it. */
export interface HistoryEntry {
  readonly file: TemplateFile;
  readonly version: Version | undefined;
  /** Who made that version and when, as the panel said (may be unknown). */
  readonly updatedBy: string | undefined;
  readonly updatedAt: string | undefined;
  /** When this machine replaced it. */
  readonly replacedAt: string;
  readonly text: string;
}

const KEPT_PER_TEMPLATE = 50;

/**
 * The saved-over versions of templates, kept in the extension's storage on this machine: one JSON file per
 * panel and template, newest first, at most 50 entries.
 */
export class TemplateHistory implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<{ panelId: string; templateId: string }>();
  readonly onDidChange = this.changed.event;
  private writing: Promise<unknown> = Promise.resolve();

  constructor(private readonly storage: vscode.Uri) {}

  async list(panelId: string, templateId: string, file?: TemplateFile): Promise<HistoryEntry[]> {
    await this.writing;
    const entries = await this.read(panelId, templateId);
    return file ? entries.filter((entry) => entry.file === file) : entries;
  }

  add(panelId: string, templateId: string, entry: HistoryEntry): Promise<void> {
    const write = this.writing.then(async () => {
      const entries = [entry, ...(await this.read(panelId, templateId))].slice(0, KEPT_PER_TEMPLATE);
      const uri = this.uriOf(panelId, templateId);
      await vscode.workspace.fs.createDirectory(vscode.Uri.joinPath(uri, '..'));
      await vscode.workspace.fs.writeFile(uri, Buffer.from(JSON.stringify(entries), 'utf8'));
    });
    this.writing = write.catch(() => undefined);
    return write.then(() => this.changed.fire({ panelId, templateId }));
  }

  dispose(): void {
    this.changed.dispose();
  }

  private async read(panelId: string, templateId: string): Promise<HistoryEntry[]> {
    try {
      const parsed: unknown = JSON.parse(Buffer.from(await vscode.workspace.fs.readFile(this.uriOf(panelId, templateId))).toString('utf8'));
      return Array.isArray(parsed) ? (parsed as HistoryEntry[]).filter((entry) => typeof entry?.text === 'string') : [];
    } catch {
      return [];
    }
  }

  private uriOf(panelId: string, templateId: string): vscode.Uri {
    return vscode.Uri.joinPath(this.storage, 'template-history', authorityOf(panelId), `${authorityOf(templateId)}.json`);
  }
}
