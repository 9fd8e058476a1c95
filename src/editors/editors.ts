import * as vscode from 'vscode';
import type { PanelSession } from '../connection/panelSession';
import type { UserInput } from '../prompts/userInput';
import { DocumentStates } from './documentStates';
import { EditorProblems } from './editorProblems';
import type { EditorServices } from './editorServices';
import { HeldSaves } from './heldSaves';
import { PanelDocumentMarks } from './panelDocumentMarks';
import { PanelFileSystem, registerPanelFileSystem } from './panelFileSystem';
import { openDocument } from './openDocument';
import { locate } from './panelUri';
import type { SiteTemplatesStore } from '../state/siteTemplatesStore';
import type { ReadOnlyDocuments } from './readOnlyDocuments';
import { SaveConflicts } from './saveConflicts';
import { TemplateHistory } from './templateHistoryStorage';
import { TemplateSave } from './templateSave';
import { TemplateSource } from './templateSource';
import { siblingUri, TemplateValidator } from './templateValidation';
import { UsersTableFiles } from './usersTableFiles';

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
  readonly siteTemplatesOf: (panelId: string) => SiteTemplatesStore | undefined;
}

export function registerEditors(context: vscode.ExtensionContext, { session, input, documents, log, siteTemplatesOf }: EditorDependencies): Editors {
  const problems = new EditorProblems();
  const history = new TemplateHistory(context.globalStorageUri);
  const services: EditorServices = { session, states: new DocumentStates(), problems, documents, history, input, log, siteTemplatesOf };
  const templates = new TemplateSource(services);
  const validator = new TemplateValidator(services, templates);
  const conflicts = new SaveConflicts(services, templates);
  const heldSaves = new HeldSaves();
  const usersTables = new UsersTableFiles();
  const fileSystem = new PanelFileSystem(services, templates, new TemplateSave(services, templates, validator, conflicts), heldSaves, usersTables);
  const checkPlaceholders = (document: vscode.TextDocument) => {
    const location = locate(document.uri);
    if (location?.path.kind !== 'templateFile') return;
    if (location.path.file !== 'variables.json') validator.checkPlaceholders(document.uri, document.getText());
    else {
      for (const file of ['index.html', 'style.css']) {
        const sibling = openDocument(siblingUri(document.uri, file));
        if (sibling) validator.checkPlaceholders(sibling.uri, sibling.getText());
      }
    }
  };
  const disposables = vscode.Disposable.from(
    registerPanelFileSystem(fileSystem),
    problems, problems.followTabs(), history, conflicts, heldSaves, usersTables, new PanelDocumentMarks(session),
    vscode.workspace.onDidOpenTextDocument(checkPlaceholders),
    vscode.workspace.onDidChangeTextDocument((event) => checkPlaceholders(event.document)),
  );
  return { services, fileSystem, templates, validator, conflicts, heldSaves, usersTables, dispose: () => { disposables.dispose(); } };
}
