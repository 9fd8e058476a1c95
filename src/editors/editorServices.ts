import type * as vscode from 'vscode';
import type { PanelSession } from '../connection/panelSession';
import type { UserInput } from '../prompts/userInput';
import type { SiteTemplatesStore } from '../state/siteTemplatesStore';
import type { DocumentStates } from './documentStates';
import type { EditorProblems } from './editorProblems';
import type { ReadOnlyDocuments } from './readOnlyDocuments';
import type { TemplateHistory } from './templateHistoryStorage';

/** What the panel file system and the editor commands share, built once in extension.ts. */
export interface EditorServices {
  readonly session: PanelSession;
  readonly states: DocumentStates;
  readonly problems: EditorProblems;
  /** Read-only texts: the panel's version in a conflict diff, a saved version of the history. */
  readonly documents: ReadOnlyDocuments;
  readonly history: TemplateHistory;
  readonly input: UserInput;
  /** The Site Templates view's store: a saved template's new version and time reach its item. */
  /** Another connected panel's own templates store (the all-panels view shows that panel from it). */
  readonly siteTemplatesOf: (panelId: string) => SiteTemplatesStore | undefined;
  readonly log: vscode.LogOutputChannel;
}

/** The key of a document's state: panel, object and file, whatever name decorates its URI. */
export function stateKey(panelId: string, objectId: string, file: string): string {
  return JSON.stringify([panelId, objectId, file]);
}
