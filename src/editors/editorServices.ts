import type { PassHoldings } from '../state/passFindings';
import type * as vscode from 'vscode';
import type { PanelSession } from '../connection/panelSession';
import type { UserInput } from '../prompts/userInput';
import type { PanelStoresLookup } from '../state/panelStores';
import type { DocumentStates } from './documentStates';
import type { EditorProblems } from './editorProblems';
import type { ReadOnlyDocuments } from './readOnlyDocuments';
import type { TemplateHistory } from './templateHistoryStorage';

/** What the panel file system and the editor commands share, built once in extension.ts. */
export interface EditorServices {
  /** The panels' registry: whether a document's panel is connected, and its protection level. */
  readonly session: PanelSession;
  readonly states: DocumentStates;
  readonly problems: EditorProblems;
  /** Read-only texts: the panel's version in a conflict diff, a saved version of the history. */
  readonly documents: ReadOnlyDocuments;
  readonly history: TemplateHistory;
  readonly input: UserInput;
  /**
   * The connected panels: a document's requests go to its own panel's handle (`require(panelId)` at call
   * time), and what its stores hold follows a save (a saved template's version reaches its item).
   */
  readonly panels: Pick<PanelStoresLookup, 'get' | 'require'>;
  readonly log: vscode.LogOutputChannel;
  /** What the fleet to-do's pass read of a panel (its fleet update and certificate documents). */
  readonly passHoldings?: (panelId: string) => PassHoldings | undefined;
}

/** The key of a document's state: panel, object and file, whatever name decorates its URI. */
export function stateKey(panelId: string, objectId: string, file: string): string {
  return JSON.stringify([panelId, objectId, file]);
}
