import * as vscode from 'vscode';
import type { PanelSession } from '../connection/panelSession';
import type { UserInput } from '../prompts/userInput';
import { DocumentStates } from './documentStates';
import { EditorProblems } from './editorProblems';
import type { EditorParts } from './editorParts';
import type { EditorServices } from './editorServices';
import { HeldSaves } from './heldSaves';
import { PanelDocumentMarks } from './panelDocumentMarks';
import { ReadOnlyPanelLens } from './readOnlyPanelLens';
import type { PanelFileSystem } from './panelFileSystem';
import { locate, PANEL_SCHEME } from './panelUri';
import type { PanelStoresLookup } from '../state/panelStores';
import type { ReadOnlyDocuments } from './readOnlyDocuments';
import type { SaveConflicts } from './saveConflicts';
import { TemplateHistory } from './templateHistoryStorage';
import type { TemplateSource } from './templateSource';
import type { TemplateValidator } from './templateValidation';
import type { UsersTableFiles } from './usersTableFiles';

/** The panel documents as editor tabs: the file system, its problems, conflicts, validation and history. */
export interface Editors extends vscode.Disposable {
  readonly services: EditorServices;
  readonly fileSystem: PanelFileSystem;
  readonly templates: TemplateSource;
  readonly validator: TemplateValidator;
  readonly conflicts: SaveConflicts;
  /** Auto-saves of panel documents, held until the operator saves. */
  readonly heldSaves: HeldSaves;
  /** Users tables (Edit Users as Table): their text, and what a save of one does. */
  readonly usersTables: UsersTableFiles;
}

export interface EditorDependencies {
  readonly session: PanelSession;
  readonly input: UserInput;
  readonly documents: ReadOnlyDocuments;
  readonly log: vscode.LogOutputChannel;
  readonly panels: Pick<PanelStoresLookup, 'get' | 'require'>;
  /** What the fleet to-do's pass read of a panel (its fleet update and certificate documents). */
  readonly passHoldings?: EditorServices['passHoldings'];
}

/**
 * Registers the `panelops:` file system and what must listen from the start: the Problems entries, the
 * held auto-saves (they hear why a save happens before its write), the tabs' panel marks and the history.
 * The implementation (editorParts.ts: the file system's reads and writes, templates, validation, saves,
 * conflicts, users tables) is its own bundle, loaded the first time VS Code asks the provider for a file,
 * a template file is typed in, or a command uses one of its parts.
 */
export function registerEditors(context: vscode.ExtensionContext, { session, input, documents, log, panels, passHoldings }: EditorDependencies): Editors {
  const problems = new EditorProblems();
  const history = new TemplateHistory(context.globalStorageUri);
  const services: EditorServices = { session, states: new DocumentStates(), problems, documents, history, input, log, panels, passHoldings };
  const heldSaves = new HeldSaves();
  const changed = new vscode.EventEmitter<vscode.FileChangeEvent[]>();
  let parts: EditorParts | undefined;
  let forwarding: vscode.Disposable | undefined;
  const loaded = (): EditorParts => {
    if (!parts) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require at first use keeps the editors' code out of activation
      parts = (require('./editorParts') as typeof import('./editorParts')).createEditorParts(services, heldSaves);
      forwarding = parts.fileSystem.onDidChangeFile((events) => changed.fire(events));
    }
    return parts;
  };
  // What VS Code holds as the provider: each call goes to the file system, loaded on the first.
  const provider: vscode.FileSystemProvider = {
    onDidChangeFile: changed.event,
    watch: () => loaded().fileSystem.watch(),
    stat: (uri) => loaded().fileSystem.stat(uri),
    readDirectory: (uri) => loaded().fileSystem.readDirectory(uri),
    createDirectory: () => loaded().fileSystem.createDirectory(),
    readFile: (uri) => loaded().fileSystem.readFile(uri),
    writeFile: (uri, content) => loaded().fileSystem.writeFile(uri, content),
    delete: () => loaded().fileSystem.delete(),
    rename: () => loaded().fileSystem.rename(),
  };
  const checkPlaceholders = (document: vscode.TextDocument) => {
    if (document.uri.scheme !== PANEL_SCHEME) return;
    const location = locate(document.uri);
    if (location?.path.kind === 'templateFile') loaded().checkPlaceholders(document, location.path.file);
  };
  const disposables = vscode.Disposable.from(
    vscode.workspace.registerFileSystemProvider(PANEL_SCHEME, provider, { isCaseSensitive: true }),
    changed,
    problems, problems.followTabs(), history, heldSaves, new PanelDocumentMarks(session), new ReadOnlyPanelLens(session),
    vscode.workspace.onDidOpenTextDocument(checkPlaceholders),
    vscode.workspace.onDidChangeTextDocument((event) => checkPlaceholders(event.document)),
    { dispose: () => { forwarding?.dispose(); if (parts) for (const part of [parts.fileSystem, parts.conflicts, parts.usersTables]) part.dispose(); } },
  );
  return {
    services,
    heldSaves,
    get fileSystem() { return loaded().fileSystem; },
    get templates() { return loaded().templates; },
    get validator() { return loaded().validator; },
    get conflicts() { return loaded().conflicts; },
    get usersTables() { return loaded().usersTables; },
    dispose: () => { disposables.dispose(); },
  };
}
