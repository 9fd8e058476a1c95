import * as vscode from 'vscode';
import { parseJsonExact } from '../api/exactJson';
import type { JsonValue } from '../api/types';
import { firstText, listFromResponse } from '../api/listFromResponse';
import { scalarOf } from '../api/silentValues';
import { parseVariables } from '../state/siteTemplateRecord';
import { sendTemplate } from '../state/templateSend';
import type { EditorServices } from './editorServices';
import type { ProblemAt } from './editorProblems';
import { locate } from './panelUri';
import { openDocument } from './openDocument';
import { placeholderPositions, undeclaredPlaceholders } from './placeholders';
import { fileOfField } from './templateFiles';
import type { TemplateSource } from './templateSource';
import { textOf } from '../text/plainText';

/** The sibling file of a template file's URI (same panel, same folder). */
export function siblingUri(uri: vscode.Uri, file: string): vscode.Uri {
  return uri.with({ path: `${uri.path.slice(0, uri.path.lastIndexOf('/'))}/${file}` });
}

/**
 * Validation of templates: `POST /site-templates/validate` with the html and css being edited (errors at
 * their line of the right file), and, as the text is typed, `{{placeholders}}` the template does not declare.
 */
export class TemplateValidator {
  private readonly typed = new WeakMap<vscode.TextDocument, { version: number; names: string[] | undefined }>();

  constructor(
    private readonly services: EditorServices,
    private readonly source: TemplateSource,
  ) {}

  /** Validates the template of a file with the texts of its open files (else the panel's); returns the problem count. */
  async validate(uri: vscode.Uri, texts: { html?: string; css?: string } = {}, signal?: AbortSignal): Promise<number> {
    const location = locate(uri);
    if (location?.path.kind !== 'templateFile') throw new Error(vscode.l10n.t('Validate Template works on a file of a panel template.'));
    const { panelId } = location;
    const { templateId } = location.path;
    // The template as its open files were read (else as the panel has it now): its shape is echoed.
    const record = this.source.known(panelId, templateId) ?? (await this.source.record(panelId, templateId, signal));
    const htmlUri = siblingUri(uri, 'index.html');
    const cssUri = siblingUri(uri, 'style.css');
    const html = texts.html ?? openText(htmlUri) ?? record.html;
    const css = texts.css ?? openText(cssUri) ?? record.css;
    // The contract shows no body: send the template as the panel carries it, its `variables` included (a panel
    // that checks placeholders needs them); a panel that does not take them says so once (sendWithOptionalFields).
    // Echo what was read: the open variables.json as typed (it shows the panel's shape), else the panel's own.
    const typed = typedVariables(siblingUri(uri, 'variables.json'));
    const variables = typed ?? record.variablesAsRead;
    // Echo what was read: the members under the names and in the shapes the panel gives this template.
    const { value: answer } = await this.services.panels.require(panelId).call((api, callSignal) => sendTemplate({
      memory: api.refusedFields, route: 'siteTemplates.validate', values: { html, css, variables }, shape: record.shape, optional: ['variables'],
      send: (sent) => api.siteTemplates.validate(sent, { signal: callSignal }),
    }), signal);
    const problems: ProblemAt[] = listFromResponse(answer, ['errors', 'problems', 'items', 'results']).flatMap((item) => {
      if (typeof item === 'string') return [{ uri: htmlUri, line: 1, message: item }];
      if (typeof item !== 'object' || item === null) return [];
      const entry = item as Record<string, unknown>;
      const field = firstText(entry, ['field', 'file']) ?? 'html';
      const file = fileOfField(field) ?? (field === 'style.css' ? 'style.css' : 'index.html');
      const line = Number(scalarOf(entry.line ?? entry.line_number ?? entry.lineNumber ?? entry.row ?? 1));
      const said = entry.message ?? entry.error ?? entry.text;
      const message = typeof scalarOf(said) === 'string' ? scalarOf(said) as string : textOf(said ?? vscode.l10n.t('invalid'));
      return [{ uri: siblingUri(uri, file), line: Number.isFinite(line) && line > 0 ? line : 1, message }];
    });
    this.services.problems.reportValidation([htmlUri, cssUri], problems);
    // A panel that checks placeholders itself has said so in its own words: ours would say it twice.
    const flagged = new Set(problems.flatMap((problem) => [...problem.message.matchAll(/\{\{\s*([\w.-]+)\s*\}\}/g)].map((match) => match[1])));
    this.checkPlaceholders(htmlUri, html, flagged);
    this.checkPlaceholders(cssUri, css, flagged);
    return problems.length;
  }

  /**
   * Flags `{{name}}` uses the template does not declare (the open variables.json counts, as typed), but for
   * those the panel's own validation already named (`flaggedByPanel`).
   */
  checkPlaceholders(uri: vscode.Uri, text: string, flaggedByPanel: ReadonlySet<string> = new Set()): void {
    const location = locate(uri);
    if (location?.path.kind !== 'templateFile' || location.path.file === 'variables.json') return;
    const declared = this.declared(uri, location.panelId, location.path.templateId);
    if (!declared) return;
    const problems = placeholderPositions(text, undeclaredPlaceholders(text, declared).filter((use) => !flaggedByPanel.has(use.name))).map((use): ProblemAt => ({
      uri,
      line: use.line + 1,
      columns: [use.column, use.column + use.length],
      message: vscode.l10n.t('The placeholder {0} is not declared in variables.json', `{{${use.name}}}`),
      severity: vscode.DiagnosticSeverity.Warning,
    }));
    this.services.problems.reportPlaceholders(uri, problems);
  }

  private declared(uri: vscode.Uri, panelId: string, templateId: string): string[] | undefined {
    const typed = openDocument(siblingUri(uri, 'variables.json'));
    return (typed && this.typedNames(typed)) ?? this.source.known(panelId, templateId)?.variables?.map((variable) => variable.name);
  }

  /** The names an open variables.json declares as typed, parsed once per version of the document; undefined while half-typed. */
  private typedNames(document: vscode.TextDocument): string[] | undefined {
    const cached = this.typed.get(document);
    if (cached?.version === document.version) return cached.names;
    let names: string[] | undefined;
    try {
      names = parseVariables(JSON.parse(document.getText()))?.map((variable) => variable.name);
    } catch {
      // Half-typed JSON: fall back to what the panel declares.
    }
    this.typed.set(document, { version: document.version, names });
    return names;
  }
}

/** The variables an open variables.json holds as typed (saved or not); undefined when not open or not readable. */
function typedVariables(uri: vscode.Uri): JsonValue | undefined {
  const text = openText(uri);
  if (text === undefined) return undefined;
  try {
    const value = parseJsonExact(text);
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

function openText(uri: vscode.Uri): string | undefined {
  return openDocument(uri)?.getText();
}
