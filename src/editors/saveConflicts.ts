import * as vscode from 'vscode';
import { withoutBack } from '../prompts/userInput';
import { tellFailure } from '../runner/actionRunner';
import { plainLabel } from '../text/plainText';
import { stateKey, type EditorServices } from './editorServices';
import type { TemplateFile } from './panelPaths';
import { fileText } from './templateFiles';
import type { TemplateSource } from './templateSource';

export type ConflictChoice = 'overwrite' | 'theirs' | 'keep' | 'retried';

export interface ConflictOutcome {
  readonly uri: vscode.Uri;
  readonly choice: ConflictChoice;
}

/**
 * After a 409 on save (the template changed on the panel since it was read): the panel's version is shown
 * in a diff against the buffer, and the user chooses: Overwrite (save again naming the panel's current
 * version), Take Theirs (the buffer becomes the panel's text), or Keep Editing (nothing changes). When only
 * other files of the template changed, the file is saved again at once: nothing of theirs is replaced.
 */
export class SaveConflicts implements vscode.Disposable {
  private readonly settled = new vscode.EventEmitter<ConflictOutcome>();
  /** Fires when a conflict was handled (what the user chose). */
  readonly onDidSettle = this.settled.event;

  constructor(
    private readonly services: EditorServices,
    private readonly source: TemplateSource,
  ) {}

  handle(uri: vscode.Uri, panelId: string, templateId: string, file: TemplateFile): void {
    this.resolve(uri, panelId, templateId, file).then(
      (choice) => this.settled.fire({ uri, choice }),
      (error: unknown) => {
        tellFailure(this.services, vscode.l10n.t('Could not compare with the panel\'s version'), error);
        this.settled.fire({ uri, choice: 'keep' });
      },
    );
  }

  dispose(): void {
    this.settled.dispose();
  }

  private async resolve(uri: vscode.Uri, panelId: string, templateId: string, file: TemplateFile): Promise<ConflictChoice> {
    const key = stateKey(panelId, templateId, file);
    const theirs = await this.source.record(panelId, templateId);
    const theirsText = fileText(theirs, file);
    const document = await vscode.workspace.openTextDocument(uri);
    if (document.getText() === theirsText) {
      // The panel already holds exactly this text (e.g. an earlier save whose answer was lost): adopt it.
      this.services.states.read(key, theirsText, theirs.version);
      await vscode.window.showTextDocument(document, { preview: false });
      await vscode.commands.executeCommand('workbench.action.files.revert');
      return 'theirs';
    }
    if (this.services.states.get(key)?.base === theirsText) {
      // Someone changed other files of the template: this file's text on the panel is the one it was read with.
      this.services.states.overrideVersion(key, theirs.version);
      await document.save();
      return 'retried';
    }
    const version = theirs.version === undefined ? '?' : String(theirs.version);
    const left = this.services.documents.keep(`${plainLabel(theirs.name, 60)} (panel version ${version}) ${file}`, theirsText);
    const title = vscode.l10n.t('{0}: panel version {1} ↔ yours', plainLabel(`${theirs.name}/${file}`, 80), version);
    await vscode.commands.executeCommand('vscode.diff', left, uri, title, { preview: false });
    const who = theirs.updatedBy ? vscode.l10n.t(' by {0}', plainLabel(theirs.updatedBy, 60)) : '';
    const overwrite = { label: vscode.l10n.t('Overwrite'), detail: vscode.l10n.t('Save your text over the panel\'s version {0}', version) };
    const takeTheirs = { label: vscode.l10n.t('Take Theirs'), detail: vscode.l10n.t('Replace your unsaved text with the panel\'s') };
    const keep = { label: vscode.l10n.t('Keep Editing'), detail: vscode.l10n.t('Change nothing; the file stays unsaved') };
    const picked = withoutBack(await this.services.input.pick({
      title: vscode.l10n.t('"{0}" was changed on the panel{1} since you opened it (now version {2}); nothing was saved', plainLabel(theirs.name, 80), who, version),
      placeholder: vscode.l10n.t('The diff shows the panel\'s text beside yours. What should happen?'),
      items: [keep, overwrite, takeTheirs],
    }));
    const choice = picked?.label;
    if (choice === overwrite.label) {
      this.services.states.overrideVersion(key, theirs.version);
      await document.save();
      return 'overwrite';
    }
    if (choice === takeTheirs.label) {
      this.services.states.read(key, theirsText, theirs.version);
      await vscode.window.showTextDocument(document, { preview: false });
      await vscode.commands.executeCommand('workbench.action.files.revert');
      return 'theirs';
    }
    return 'keep';
  }
}
