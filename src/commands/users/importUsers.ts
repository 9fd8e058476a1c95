import * as vscode from 'vscode';
import type { PanelApi } from '../../api/index';
import type { User } from '../../api/types';
import { withoutBack } from '../../prompts/userInput';
import { confirmChange } from '../../runner/guard';
import { plainLabel } from '../../text/plainText';
import { runMutation } from '../../runner/actionRunner';
import { fieldErrorsOf, isFieldError } from './fieldErrors';
import { parseImport, problemsAtLines, type ImportItem } from './importFile';
import { createUsers, type Made, type NewUser } from '../../usersTable/createUsers';
import { fallbackText } from '../shared/fallbackText';
import { detailText } from '../usersTable/planText';
import { NodeNames } from '../../usersTable/userRows';
import { describeError } from '../../text/describeError';
import { registerPanelCommand } from '../registerPanelCommand';

/** A refusal of a create names no node (only a conflict's detail would). */
const NO_NODE_NAMES = new NodeNames([]);
import { importProblemText } from './importProblems';
import { creationChanges, panelToChange, type UserCommandsContext } from './userActionsSupport';
import { followUsers } from '../../state/userOperations';
import { inPool } from '../../state/inPool';
import { createdSince } from './createdSince';
import { answerSteps, nodesStep, panelNodes, type NewUserAnswers } from './newUserSteps';
import { plural } from '../../text/plural';
import { numberText } from '../../text/displayLanguage';

const PREVIEW_LINES = 15;
/** Most single-user requests in flight when the panel takes users one by one. */
const IMPORT_CONCURRENCY = 8;

interface ImportSource {
  readonly uri: vscode.Uri;
  readonly text: string;
}

/** The text to import: the active editor's, or a CSV or JSON file's. */
async function chooseSource(context: UserCommandsContext): Promise<ImportSource | undefined> {
  const editor = vscode.window.activeTextEditor;
  const items = [
    ...(editor ? [{ label: vscode.l10n.t('Active editor'), description: plainLabel(editor.document.uri.path.split('/').pop(), 60), source: 'editor' as const }] : []),
    { label: vscode.l10n.t('CSV or JSON file…'), source: 'file' as const },
  ];
  const picked = withoutBack(await context.input.pick({ title: vscode.l10n.t('Import Users'), placeholder: vscode.l10n.t('Users to import, one per line or item'), items }));
  if (!picked) return undefined;
  if (picked.source === 'editor' && editor) return { uri: editor.document.uri, text: editor.document.getText() };
  const uri = await context.input.openFile({ title: vscode.l10n.t('Import Users'), filters: { [vscode.l10n.t('Users (CSV, JSON)')]: ['csv', 'json'] } });
  if (!uri) return undefined;
  const document = await vscode.workspace.openTextDocument(uri);
  return { uri, text: document.getText() };
}

/** "alice · PERSONAL · owner: bob" lines of the first users, for the confirmation. */
function preview(items: readonly ImportItem[]): string {
  const lines = items.slice(0, PREVIEW_LINES).map((item) => [plainLabel(item.label, 60), plainLabel(item.type, 10), item.owner_label ? vscode.l10n.t('owner: {0}', plainLabel(item.owner_label, 40)) : '', item.expires_at ? vscode.l10n.t('expires {0}', plainLabel(item.expires_at, 30)) : ''].filter((part) => part !== '').join(' · '));
  if (items.length > PREVIEW_LINES) lines.push(vscode.l10n.t('…and {0} more', numberText(items.length - PREVIEW_LINES)));
  return lines.join('\n');
}

/**
 * Import Users (`POST /keys/import`): reads the users from the active editor or a file, asks for their
 * nodes, shows what will be created and asks to go on. What keeps the text from being read, and each of
 * the panel's per-item validation errors, is marked at its line of the file (Problems view) and told.
 */
async function importUsers(context: UserCommandsContext, diagnostics: vscode.DiagnosticCollection): Promise<string | undefined> {
  const panelId = panelToChange(context);
  if (!panelId) return undefined;
  const source = await chooseSource(context);
  if (!source) return undefined;
  diagnostics.delete(source.uri);
  const parsed = parseImport(source.text);
  if (parsed.problems.length > 0 || parsed.items.length === 0) {
    const problems = parsed.problems.length > 0 ? parsed.problems.map((problem) => ({ line: problem.line, message: importProblemText(problem) }))
      : [{ line: 1, message: vscode.l10n.t('No users to import.') }];
    return mark(context, diagnostics, source.uri, problems, vscode.l10n.t('Could not read the users to import'));
  }
  const title = vscode.l10n.t('Import {0} Users', numberText(parsed.items.length));
  const answers: NewUserAnswers = { type: 'PERSONAL', nodeIds: [], expiry: { kind: 'none' } };
  const nodes = panelNodes(context, panelId);
  let problem: string | undefined;
  for (;;) {
    const step = nodesStep<NewUserAnswers>(context.input, title, nodes);
    if (!(await answerSteps(context, [step], answers, problem ? new Map([[0, problem]]) : undefined))) return undefined;
    const go = vscode.l10n.t('Import');
    const ignored = parsed.ignored.length > 0 ? `\n\n${vscode.l10n.t('Left out (not import fields): {0}', parsed.ignored.map((name) => plainLabel(name, 40)).join(', '))}` : '';
    const sure = await confirmChange(context, {
      panelId,
      action: go,
      question: vscode.l10n.t('Create {0} users on {1} nodes?', numberText(parsed.items.length), numberText(answers.nodeIds.length)),
      detail: `${preview(parsed.items)}${ignored}`,
      changes: creationChanges(context, panelId, parsed.items.map((item) => item.label ?? ''), answers.nodeIds),
    });
    if (!sure) return undefined;
    const users: NewUser[] = parsed.items.map((item) => ({
      label: item.label ?? '', type: item.type ?? 'PERSONAL', nodeIds: [...answers.nodeIds], expiresAt: item.expires_at ?? null,
      ...(item.note ? { note: item.note } : {}), ...(item.owner_label ? { owner: item.owner_label } : {}),
    }));
    const sentAt = Date.now();
    const outcome = await runMutation(context, {
      panelId,
      busyLabel: plural(parsed.items.length, { one: 'Importing {0} user…', other: 'Importing {0} users…' }, vscode.l10n.t),
      failure: vscode.l10n.t('Could not import the users'),
      handles: isFieldError,
      // The import's body is not shown by the contract: the body this panel takes, else one POST /keys each
      // (createUsers.ts); a lost answer inside is read back there, never sent again.
      run: (api, signal) => createUsers(api, users, { route: 'keys.import', maxConcurrency: IMPORT_CONCURRENCY, signal }),
      apply: (result) => followUsers(context.panels, panelId, { taken: result.made.map((made) => made.key), recount: true }),
      reconcile: async (api, signal) => {
        const found = await findImported(api, parsed.items, sentAt, signal);
        followUsers(context.panels, panelId, { taken: found, recount: true });
        return vscode.l10n.t('The answer was lost; {0} of the {1} users to import exist on the panel now.', numberText(found.length), numberText(parsed.items.length));
      },
    });
    if (outcome.kind === 'reconciled') return outcome.message;
    if (outcome.kind !== 'done') return undefined;
    const result = outcome.value;
    const fallbacks = result.refused.map((refused) => fallbackText({ route: 'keys.import', refused, sent: result.encoding, users: users.length }, vscode.l10n.t));
    for (const fallback of fallbacks) context.log.info(fallback);
    const refusedAt = result.made.flatMap((made, index) => (made.kind === 'refused' || made.kind === 'notApplied' ? [{ made, index }] : []));
    const nodeRefusal = refusedAt.length === users.length ? nodeIdsRefusal(refusedAt.map(({ made }) => made.error)) : undefined;
    if (nodeRefusal) {
      problem = nodeRefusal;
      continue; // the nodes step again, showing why
    }
    const createdCount = result.made.filter((made) => made.key).length;
    if (refusedAt.length > 0) {
      const lines = refusalsAtLines(refusedAt, parsed.lines);
      const failure = createdCount > 0 ? vscode.l10n.t('Imported {0} of {1} users; the panel refused the others', numberText(createdCount), numberText(users.length)) : vscode.l10n.t('The panel refused the import');
      return mark(context, diagnostics, source.uri, lines, [...fallbacks, failure].join(' '));
    }
    const told = [...fallbacks, plural(createdCount, { one: 'Imported {0} user; their nodes show configuration pending until applied.', other: 'Imported {0} users; their nodes show configuration pending until applied.' }, vscode.l10n.t)].join(' ');
    void context.input.notify('info', told);
    return told;
  }
}

/**
 * The refusals at the lines of the file: a refused request's 422 names its items (`items[3].label`), the
 * users it carried in order; a single user's refusal (one `POST /keys` each) names the fields of that
 * user; anything else is that user's refusal in words.
 */
function refusalsAtLines(refused: readonly { made: Made; index: number }[], lines: readonly number[]): { line: number; message: string }[] {
  const byError = new Map<unknown, number[]>();
  for (const { made, index } of refused) {
    if (made.error !== undefined) byError.set(made.error, [...(byError.get(made.error) ?? []), index]);
  }
  const problems: { line: number; message: string }[] = [];
  for (const [error, indices] of byError) {
    const fields = fieldErrorsOf(error);
    if (!fields) continue;
    const own = indices.map((index) => lines[index] ?? 1);
    for (const entry of problemsAtLines(fields, own)) problems.push({ line: entry.line ?? (own.length === 1 ? own[0] : 1), message: `${entry.field}: ${entry.message}` });
  }
  for (const { made, index } of refused) {
    if (made.error !== undefined && fieldErrorsOf(made.error)) continue;
    problems.push({ line: lines[index] ?? 1, message: made.detail ? detailText(made.detail, NO_NODE_NAMES, vscode.l10n.t, describeError) : vscode.l10n.t('not created') });
  }
  return problems.sort((a, b) => a.line - b.line);
}

/** When every user was refused for its nodes (422 `node_ids`, no item named): the panel's words, to ask for the nodes again. */
function nodeIdsRefusal(errors: readonly unknown[]): string | undefined {
  const fields = errors.map((error) => fieldErrorsOf(error));
  if (fields.length === 0 || fields.some((entry) => !entry || Object.keys(entry).some((name) => name !== 'node_ids'))) return undefined;
  return [...new Set(fields.map((entry) => entry?.node_ids ?? ''))].join('; ');
}

/** Marks problems at their lines of the source (shown in the editor and the Problems view) and tells them. */
async function mark(context: UserCommandsContext, diagnostics: vscode.DiagnosticCollection, uri: vscode.Uri, problems: readonly { line: number; message: string }[], failure: string): Promise<string> {
  const document = await vscode.workspace.openTextDocument(uri);
  diagnostics.set(uri, problems.map((problem) => {
    const line = Math.min(Math.max(0, problem.line - 1), document.lineCount - 1);
    const diagnostic = new vscode.Diagnostic(document.lineAt(line).range, plainLabel(problem.message, 500), vscode.DiagnosticSeverity.Error);
    diagnostic.source = 'Panel Ops';
    return diagnostic;
  }));
  await vscode.window.showTextDocument(document, { preview: false });
  const told = vscode.l10n.t('{0}: {1}', failure, problems.map((problem) => vscode.l10n.t('line {0}: {1}', problem.line, plainLabel(problem.message, 200))).join('; '));
  void context.input.notify('error', told);
  return told;
}

/**
 * After a lost answer: the users of the import the panel holds, created since it was sent. Labels share no
 * search term, so each is searched for, four at a time.
 */
async function findImported(api: PanelApi, items: readonly ImportItem[], sentAt: number, signal: AbortSignal): Promise<User[]> {
  const labels = [...new Set(items.map((item) => item.label ?? ''))].filter((label) => label !== '');
  const found = await inPool(labels, 4, (label) => createdSince(api, label, new Set([label]), sentAt, signal));
  return found.flat();
}

/** "Import Users…" from the palette and the Users view's title. */
export function registerImportUsers(context: UserCommandsContext): vscode.Disposable {
  const diagnostics = vscode.languages.createDiagnosticCollection('panelOps.import');
  return vscode.Disposable.from(
    diagnostics,
    registerPanelCommand('panelOps.users.import', () => importUsers(context, diagnostics)),
  );
}
