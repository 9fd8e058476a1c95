import * as vscode from 'vscode';
import { isLostAnswer, PanelHttpError } from '../api/errors';
import { describeError } from '../text/describeError';
import { confirmChange } from '../runner/guard';
import { plainLabel } from '../text/plainText';
import { stateKey, type EditorServices } from './editorServices';
import type { ProblemAt } from './editorProblems';
import { problemsOf } from './fieldErrorLines';
import type { TemplateFile } from './panelPaths';
import type { SaveConflicts } from './saveConflicts';
import { parseTemplateRecord, templateShapeOf, type SiteTemplateRecord, type TemplateMember } from '../state/siteTemplateRecord';
import { sendTemplate } from '../state/templateSend';
import { scalarOf } from '../api/silentValues';
import type { JsonValue } from '../api/types';
import { fileOfField, fileText, putBody, UnsavableTextError } from './templateFiles';
import type { TemplateSource } from './templateSource';
import { siblingUri, type TemplateValidator } from './templateValidation';
import { numberText } from '../text/displayLanguage';

export const VALIDATE_ON_SAVE_SETTING = 'panelOps.siteTemplates.validateOnSave';

/** A save the panel refused: the reason is the message VS Code shows; the buffer stays dirty. */
export class SaveRefusedError extends Error {}

/**
 * A save is an apply of a panel document: on a protected panel it says what changes and goes ahead only
 * once the panel's name is typed (an open panel saves as before). Declined, the buffer stays dirty.
 */
export async function confirmSave(services: EditorServices, uri: vscode.Uri, panelId: string, changes: readonly string[]): Promise<void> {
  if (services.session.protectionOf(panelId) !== 'protected') return;
  const file = plainLabel(uri.path.split('/').pop(), 80);
  const sure = await confirmChange(services, {
    panelId, action: vscode.l10n.t('Save'), question: vscode.l10n.t('Save "{0}" to the panel?', file), changes: [vscode.l10n.t('Replace "{0}" on the panel', file), ...changes],
  });
  if (!sure) throw new SaveRefusedError(vscode.l10n.t('Not saved: "{0}" is on a protected panel and its name was not typed. Save again to send it.', file));
}

/** "3 lines added, 1 removed": how a text differs from the one read (lines compared as a multiset). */
export function lineChanges(before: string | undefined, after: string): string {
  const count = (text: string) => {
    const lines = new Map<string, number>();
    for (const line of text.split(/\r?\n/)) lines.set(line, (lines.get(line) ?? 0) + 1);
    return lines;
  };
  const was = count(before ?? '');
  const now = count(after);
  let added = 0;
  let removed = 0;
  for (const [line, times] of now) added += Math.max(0, times - (was.get(line) ?? 0));
  for (const [line, times] of was) removed += Math.max(0, times - (now.get(line) ?? 0));
  return vscode.l10n.t('{0} line(s) added, {1} removed', numberText(added), numberText(removed));
}

/**
 * Saving a template file: `PUT /site-templates/{id}` with the file's field and the version it was read at.
 * A refusal keeps the buffer dirty (the error reaches VS Code): 422 field errors go to Problems at their
 * line, a 409 opens the conflict diff. A success keeps the version it replaced in the history.
 */
export class TemplateSave {
  private readonly warnedUnversioned = new Set<string>();

  constructor(
    private readonly services: EditorServices,
    private readonly source: TemplateSource,
    private readonly validator: TemplateValidator,
    private readonly conflicts: SaveConflicts,
  ) {}

  async write(uri: vscode.Uri, panelId: string, templateId: string, file: TemplateFile, content: Uint8Array): Promise<void> {
    const text = Buffer.from(content).toString('utf8');
    const key = stateKey(panelId, templateId, file);
    const before = this.source.known(panelId, templateId) ?? (await this.source.record(panelId, templateId));
    if (before.builtin) {
      throw new SaveRefusedError(vscode.l10n.t('"{0}" is a built-in template and cannot be changed; use Customize… to make an editable copy.', before.name));
    }
    const state = this.services.states.get(key);
    if (state !== undefined && state.base === text) {
      // Saved as it was read: nothing to send (a PUT would make a new version of the same template).
      this.services.log.info(`Saving ${uri.toString()}: the same text as the panel's, nothing sent`);
      this.services.problems.clearSave(uri);
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = putBody(file, text);
    } catch (error) {
      if (!(error instanceof UnsavableTextError)) throw error;
      this.services.problems.reportSave([uri], [{ uri, line: error.line ?? 1, message: error.message }]);
      throw new SaveRefusedError(error.message);
    }
    if (file !== 'variables.json' && vscode.workspace.getConfiguration().get<boolean>(VALIDATE_ON_SAVE_SETTING, true)) {
      await this.validator.validate(uri, file === 'index.html' ? { html: text } : { css: text })
        .catch((error: unknown) => this.services.log.warn(`Validating ${uri.toString()} on save failed: ${describeError(error)}`));
    }
    await confirmSave(this.services, uri, panelId, [vscode.l10n.t('{0} of template "{1}": {2}', file, plainLabel(before.name, 80), lineChanges(state?.base, text))]);
    if (state?.version !== undefined) body.version = state.version;
    else this.warnUnversioned(panelId, before.name);
    let saved: SiteTemplateRecord | undefined;
    try {
      // Echo what was read: the file's member under the name and in the shape the panel gave it (and the version so).
      const answer = await this.services.panels.require(panelId).call(async (api, signal) => (await sendTemplate({
        memory: api.refusedFields, route: 'siteTemplates.update', values: body as Partial<Record<TemplateMember, JsonValue>>, shape: before.shape,
        send: (sent) => api.siteTemplates.update(templateId, sent as never, { signal }),
      })).value);
      saved = isTemplate(answer) ? parseTemplateRecord(answer, templateId) : await this.readBack(uri, panelId, templateId, file, text);
      // The Site Templates item shows the new version and time, without reading the list again.
      if (isTemplate(answer)) this.services.panels.get(panelId)?.siteTemplates.put(answer);
    } catch (error) {
      if (!isLostAnswer(error)) throw this.refused(uri, panelId, templateId, file, error);
      saved = await this.reconcile(panelId, templateId, file, text, error);
    }
    if (state) {
      const previous = before.version === state.version ? before : undefined;
      await this.services.history.add(panelId, templateId, {
        file, version: state.version, updatedBy: previous?.updatedBy, updatedAt: previous?.updatedAt, replacedAt: new Date().toISOString(), text: state.base,
      }).catch((error: unknown) => this.services.log.warn(`Keeping the previous version of ${uri.toString()} failed: ${describeError(error)}`));
    }
    // Without a record of the saved template (see readBack) the version sent is kept: the next save is then
    // checked against it (a conflict to compare) rather than sent without a version.
    this.services.states.read(key, text, saved ? saved.version : state?.version);
    if (saved) this.source.remember(panelId, saved);
    this.services.problems.clearSave(uri);
  }

  /**
   * The PUT's answer was lost or unreadable: the template is read back, never sent again. When the panel
   * holds this text the save happened; otherwise the save is refused with what the panel holds.
   */
  private async reconcile(panelId: string, templateId: string, file: TemplateFile, text: string, lost: unknown): Promise<SiteTemplateRecord> {
    let now: SiteTemplateRecord;
    try {
      now = await this.source.record(panelId, templateId);
    } catch (error) {
      throw new SaveRefusedError(vscode.l10n.t('The panel\'s answer was lost ({0}) and the template could not be read back ({1}); check the panel before saving again.', describeError(lost), describeError(error)));
    }
    if (fileText(now, file) === text) return now;
    throw new SaveRefusedError(vscode.l10n.t('The panel\'s answer was lost ({0}); reading it back shows the panel does not hold your text, so the file was not saved. Save again to send it.', describeError(lost)));
  }

  /**
   * The PUT succeeded but its answer is not a template (the spec does not show the PUT's answer; a panel may
   * send `{}` or `{"ok": true}`): the template is read back once to learn its new version. Undefined when
   * that read fails or shows other text than the one saved (the panel moved on since).
   */
  private async readBack(uri: vscode.Uri, panelId: string, templateId: string, file: TemplateFile, text: string): Promise<SiteTemplateRecord | undefined> {
    try {
      const now = await this.source.record(panelId, templateId);
      if (fileText(now, file) === text) return now;
      this.services.log.warn(`Saved ${uri.toString()}, but reading it back shows other text: the next save is checked against the version sent.`);
    } catch (error) {
      this.services.log.warn(`Saved ${uri.toString()}, but reading it back for its new version failed: ${describeError(error)}`);
    }
    return undefined;
  }

  private refused(uri: vscode.Uri, panelId: string, templateId: string, file: TemplateFile, error: unknown): Error {
    if (!(error instanceof PanelHttpError)) return new SaveRefusedError(describeError(error));
    if (error.status === 409 && error.code !== 'builtin_template') {
      this.conflicts.handle(uri, panelId, templateId, file);
      return new SaveRefusedError(vscode.l10n.t('Not saved: the template changed on the panel since you opened it. Compare the two versions and choose. ({0})', describeError(error)));
    }
    if ((error.status === 422 || error.status === 400) && error.fields && Object.keys(error.fields).length > 0) {
      const problems: ProblemAt[] = Object.entries(error.fields).flatMap(([field, message]) => {
        const target = fileOfField(field);
        const at = target ? siblingUri(uri, target) : uri;
        const prefix = target ? '' : `${field}: `;
        return problemsOf(String(message)).map((problem) => ({ uri: at, line: problem.line, message: `${prefix}${problem.message}` }));
      });
      const files = [...new Map([uri, ...problems.map((problem) => problem.uri)].map((each) => [each.toString(), each])).values()];
      this.services.problems.reportSave(files, problems);
      return new SaveRefusedError(vscode.l10n.t('The panel refused the template ({0} problem(s), see the Problems panel): {1}', numberText(problems.length), describeError(error)));
    }
    return new SaveRefusedError(describeError(error));
  }

  private warnUnversioned(panelId: string, name: string): void {
    if (this.warnedUnversioned.has(panelId)) return;
    this.warnedUnversioned.add(panelId);
    this.services.log.warn(`The panel ${panelId} does not report template versions: saves replace whatever the panel holds (last write wins).`);
    void this.services.input.notify('warning', vscode.l10n.t('This panel does not report template versions, so saving "{0}" cannot detect changes made on the panel meanwhile: the last save wins.', plainLabel(name, 80)));
  }
}

/** The PUT's answer is a template (it has the html), not an acknowledgement such as `{}` or `{"ok": true}`. */
function isTemplate(answer: unknown): boolean {
  if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return false;
  return typeof scalarOf(templateShapeOf(answer as Record<string, unknown>).html?.value) === 'string';
}

