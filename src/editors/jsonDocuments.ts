import * as vscode from 'vscode';
import { isLostAnswer, PanelHttpError } from '../api/errors';
import { parseJsonExact } from '../api/exactJson';
import type { JsonObject } from '../api/types';
import { describeError } from '../text/describeError';
import { jsonText } from '../text/jsonText';
import { stateKey, type EditorServices } from './editorServices';
import type { ProblemAt } from './editorProblems';
import { lineOfMember, problemsOf } from './fieldErrorLines';
import { fieldsNamedBy } from '../api/panelWords';
import { confirmSave, SaveRefusedError } from './templateSave';
import { namesLine } from '../runner/guard';
import { plural } from '../text/plural';
import { changedMembers, documentRoutes, documentText, NOT_HELD, type JsonDocumentId } from './documentRoutes';

export type { JsonDocumentId } from './documentRoutes';

/**
 * The JSON documents of the panel file system: GET on open (without the members that only identify the
 * object), PUT of the members the operator changed since the read on save. A 400 or 422 that names a field
 * (unknown, read-only, invalid: whatever its wording) lands in Problems at the line of that member with what
 * to do; these documents have no version, so the last save wins.
 */
export class JsonDocuments {
  constructor(private readonly services: EditorServices) {}

  async stat(panelId: string, id: JsonDocumentId): Promise<vscode.FileStat> {
    const key = keyOf(panelId, id);
    const state = this.services.states.get(key) ?? this.services.states.read(key, await this.fetchText(panelId, id), undefined);
    return { type: vscode.FileType.File, ctime: 0, mtime: state.mtime, size: Buffer.byteLength(state.base, 'utf8') };
  }

  async readFile(panelId: string, id: JsonDocumentId): Promise<Uint8Array> {
    const text = await this.fetchText(panelId, id);
    this.services.states.reread(keyOf(panelId, id), text, undefined);
    return Buffer.from(text, 'utf8');
  }

  async write(uri: vscode.Uri, panelId: string, id: JsonDocumentId, content: Uint8Array): Promise<void> {
    const text = Buffer.from(content).toString('utf8');
    let body: unknown;
    try {
      // Exact: an int64 beyond 2^53 is saved with the digits typed, not rounded to a double.
      body = parseJsonExact(text);
    } catch (error) {
      return this.refuse(uri, [{ uri, line: 1, message: vscode.l10n.t('Not valid JSON: {0}', error instanceof Error ? error.message : String(error)) }]);
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      return this.refuse(uri, [{ uri, line: 1, message: vscode.l10n.t('The document must be one JSON object.') }]);
    }
    const routes = documentRoutes(id);
    const unknown = Object.keys(body).filter((name) => routes.fields && !routes.fields.includes(name));
    if (unknown.length > 0) {
      return this.refuse(uri, unknown.map((field) => ({
        uri, line: lineOfMember(text, field), message: vscode.l10n.t('"{0}" is not a field the panel takes here (it would answer 400).', field),
      })));
    }
    // Only what the operator changed since the read is sent: fields the panel owns (read-only members it
    // shows, such as `updated_at`) go back only when the operator edited them, and then its refusal is marked.
    const base = this.services.states.get(keyOf(panelId, id))?.base;
    const changes = changedMembers(base, body as JsonObject);
    if (Object.keys(changes).length > 0) {
      const names = Object.keys(changes);
      await confirmSave(this.services, uri, panelId, [namesLine(plural(names.length, { one: 'Change {0} field', other: 'Change {0} fields' }, vscode.l10n.t), names)]);
      try {
        await this.services.panels.require(panelId).call((api, signal) => routes.put(api, changes, signal));
      } catch (error) {
        if (!isLostAnswer(error)) throw this.refused(uri, text, error);
        await this.readBack(panelId, id, changes, error);
      }
    }
    // The editor keeps what was typed (the panel's answer may order members differently).
    this.services.states.read(keyOf(panelId, id), text, undefined);
    this.services.problems.clearSave(uri);
  }

  /**
   * After a lost answer to a save: reads the document again. When the panel holds every field that was
   * sent, the save went through (it is never sent twice); else the file stays unsaved and says so.
   */
  private async readBack(panelId: string, id: JsonDocumentId, sent: JsonObject, lost: unknown): Promise<void> {
    let held: unknown;
    try {
      held = await this.services.panels.require(panelId).call((api, signal) => documentRoutes(id).get(api, signal));
    } catch (error) {
      throw new SaveRefusedError(vscode.l10n.t('The panel\'s answer was lost ({0}) and the document could not be read back ({1}); check the panel before saving again.', describeError(lost), describeError(error)));
    }
    const holds = typeof held === 'object' && held !== null && !Array.isArray(held) && Object.keys(sent).every((name) => Object.hasOwn(held, name) && jsonText((held as Record<string, unknown>)[name]) === jsonText(sent[name]));
    if (!holds) throw new SaveRefusedError(vscode.l10n.t('The panel\'s answer was lost ({0}); reading it back shows the panel does not hold your changes, so the file was not saved. Save again to send them.', describeError(lost)));
    this.services.log.info(`Saving a document on ${panelId}: the answer was lost; read back, the panel holds what was sent`);
  }

  private async fetchText(panelId: string, id: JsonDocumentId): Promise<string> {
    const routes = documentRoutes(id);
    const answer = await this.services.panels.require(panelId).call((api, signal) => routes.get(api, signal));
    if (answer === NOT_HELD) throw vscode.FileSystemError.FileNotFound(vscode.l10n.t('The panel has no branding profile {0}', id.kind === 'branding' ? id.profileId : ''));
    return documentText(answer, routes.identity);
  }

  private refuse(uri: vscode.Uri, problems: ProblemAt[]): never {
    this.services.problems.reportSave([uri], problems);
    throw new SaveRefusedError(problems.map((problem) => problem.message).join('; '));
  }

  private refused(uri: vscode.Uri, text: string, error: unknown): Error {
    const problems: ProblemAt[] = [];
    if (error instanceof PanelHttpError && error.fields) {
      for (const [field, message] of Object.entries(error.fields)) {
        for (const problem of problemsOf(String(message))) {
          problems.push({ uri, line: lineOfMember(text, field.replace(/[[.].*$/, '')), message: advice(field.replace(/[[.].*$/, ''), `${field}: ${problem.message}`) });
        }
      }
    }
    if (error instanceof PanelHttpError && (error.status === 400 || error.status === 422)) {
      // A field the refusal names in its own words (`field base_url is read-only`, `unknown field: colour`,
      // `problems: [{field: "x", …}]`), whatever the wording, is marked at that field's line.
      const marked = new Set(Object.keys(error.fields ?? {}).map((field) => field.replace(/[[.].*$/, '')));
      const words = [error.panelMessage, ...error.details].filter((word) => word !== '').join('; ');
      for (const field of fieldsNamedBy(error, memberNames(text)).filter((name) => !marked.has(name))) {
        problems.push({ uri, line: lineOfMember(text, field), message: advice(field, words) });
      }
    }
    this.services.problems.reportSave([uri], problems);
    return new SaveRefusedError(describeError(error));
  }
}

/** What to do about a refusal naming `field`, with the panel's own words. */
function advice(field: string, words: string): string {
  if (/read[-\s]?only|immutable|cannot be (?:changed|set|modified)|not (?:be )?(?:changeable|writable|editable)|owned by|managed by/i.test(words)) {
    return vscode.l10n.t('The panel owns "{0}" and refuses changes to it ({1}). Undo your change to "{0}" and save again.', field, words);
  }
  if (/unknown|not allowed|unexpected|not (?:accepted|permitted|supported)|unrecognized|extra/i.test(words)) {
    return vscode.l10n.t('The panel does not take "{0}" here ({1}). Remove "{0}" and save again.', field, words);
  }
  return vscode.l10n.t('The panel refused "{0}": {1}. Correct it and save again.', field, words);
}

/** The top-level member names of a JSON document's text (none when it does not parse). */
function memberNames(text: string): string[] {
  try {
    const value: unknown = parseJsonExact(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.keys(value) : [];
  } catch {
    return [];
  }
}

function keyOf(panelId: string, id: JsonDocumentId): string {
  switch (id.kind) {
    case 'settings':
      return stateKey(panelId, 'settings', 'settings.json');
    case 'branding':
      return stateKey(panelId, id.profileId, 'branding');
    case 'node':
      return stateKey(panelId, id.nodeId, id.document);
  }
}
