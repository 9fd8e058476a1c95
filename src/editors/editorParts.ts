import type * as vscode from 'vscode';
import type { EditorServices } from './editorServices';
import type { HeldSaves } from './heldSaves';
import { PanelFileSystem } from './panelFileSystem';
import { SaveConflicts } from './saveConflicts';
import { TemplateSave } from './templateSave';
import { TemplateSource } from './templateSource';
import { siblingUri, TemplateValidator } from './templateValidation';
import { openDocument } from './openDocument';
import { UsersTableFiles } from './usersTableFiles';

/**
 * The editors' implementation: the panel file system behind the `panelops:` provider, the templates'
 * source, validation, saves and conflicts, the users tables. A bundle of its own (esbuild.mjs:
 * dist/features/editors.js), created by editors.ts the first time VS Code asks the provider for a file or
 * a command uses one of them, not at activation.
 */
export interface EditorParts {
  readonly fileSystem: PanelFileSystem;
  readonly templates: TemplateSource;
  readonly validator: TemplateValidator;
  readonly conflicts: SaveConflicts;
  readonly usersTables: UsersTableFiles;
  /** Checks the `{{placeholders}}` of a template file as typed (of its html and css when it is variables.json). */
  checkPlaceholders(document: vscode.TextDocument, file: string): void;
}

export function createEditorParts(services: EditorServices, heldSaves: HeldSaves): EditorParts {
  const templates = new TemplateSource(services);
  const validator = new TemplateValidator(services, templates);
  const conflicts = new SaveConflicts(services, templates);
  const usersTables = new UsersTableFiles();
  const fileSystem = new PanelFileSystem(services, templates, new TemplateSave(services, templates, validator, conflicts), heldSaves, usersTables);
  const checkPlaceholders = (document: vscode.TextDocument, file: string) => {
    if (file !== 'variables.json') validator.checkPlaceholders(document.uri, document.getText());
    else {
      for (const sibling of ['index.html', 'style.css']) {
        const open = openDocument(siblingUri(document.uri, sibling));
        if (open) validator.checkPlaceholders(open.uri, open.getText());
      }
    }
  };
  return { fileSystem, templates, validator, conflicts, usersTables, checkPlaceholders };
}
