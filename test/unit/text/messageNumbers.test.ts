// Counts, durations and sizes in the messages the operator reads are written in the display language's
// digits (numberText: `۱۲` in Persian); ids, line numbers, HTTP statuses and what the operator types back
// keep the digits the panel and the editor read. Read from the sources with the type checker: every argument
// of a `vscode.l10n.t`/`t` message (and every further argument of `plural`) whose type is a number must go
// through numberText, unless it is one of the values named below, each with why it stays as it is.
import * as assert from 'node:assert/strict';
import { join, relative } from 'node:path';
import * as ts from 'typescript';
import { planDocument, planSummary } from '../../../src/commands/panelFolder/folderText';
import { NodeNames } from '../../../src/usersTable/userRows';
import type { FolderPlan } from '../../../src/panelFolder';
import { useDisplayLanguage } from '../../../src/text/displayLanguage';
import { repoRoot } from '../../l10n/messages';
import { plainLocalize } from '../support/plainLocalize';

/** `file: argument` of the numbers that stay in Latin digits on purpose. */
const KEPT = new Map<string, string>([
  // src/api imports nothing from src/text (layering), and the same words make the English log message.
  ['src/api/reasonWords.ts: reason.status', 'an HTTP status'],
  ['src/api/reasonWords.ts: problem.limit', 'a limit of the client, also written to the log'],
  ['src/api/reasonWords.ts: ms', 'a timeout as set in the settings, also written to the log'],
  ['src/api/reasonWords.ts: refusal.max', 'a limit of the client, also written to the log'],
  ['src/commands/usersTable/planText.ts: change.line', 'a line of the users table the operator goes to'],
  ['src/commands/usersTable/planText.ts: create.line', 'a line of the users table the operator goes to'],
  ['src/commands/usersTable/planText.ts: outcome.line', 'a line of the users table the operator goes to'],
  ['src/commands/usersTable/planText.ts: detail.status', 'an HTTP status'],
  ['src/connection/gatewayRefusal.ts: status', 'an HTTP status'],
  ['src/commands/users/importProblems.ts: problem.line', 'a line of the imported file'],
  ['src/commands/users/importProblems.ts: problem.item', 'an index into the imported JSON array'],
  ['src/commands/users/importUsers.ts: problem.line', 'a line of the imported file'],
  ['src/commands/usersTable/tableProblems.ts: problem.line', 'a line of the users table'],
  ['src/commands/usersTable/tableProblems.ts: problem.item', 'an index into the users table JSON array'],
  ['src/commands/users/createUsersBatch.ts: items.length', 'the number in the last user\'s name ("prefix-12"), typed back to find it'],
  ['src/commands/users/createUsersBatch.ts: MAX_BATCH', 'the bound of a number the operator types in the same prompt'],
]);

function isNumber(type: ts.Type): boolean {
  return (type.flags & ts.TypeFlags.NumberLike) !== 0 || (type.isUnion() && type.types.some((part) => (part.flags & ts.TypeFlags.NumberLike) !== 0));
}

/** `file: argument` of every number argument of a message in src/. */
function rawNumbers(): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(join(repoRoot, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  assert.ok(config);
  const src = join(repoRoot, 'src');
  const program = ts.createProgram(config.fileNames.filter((file) => !relative(src, file).startsWith('..')), config.options);
  const checker = program.getTypeChecker();
  const found: string[] = [];
  for (const source of program.getSourceFiles()) {
    const file = relative(repoRoot, source.fileName).split('\\').join('/');
    // The helpers themselves pass their arguments on.
    if (!file.startsWith('src/') || file === 'src/text/plural.ts' || file === 'src/text/localize.ts') continue;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression.getText(source);
        let args: readonly ts.Expression[] = [];
        if (callee === 'plural') args = node.arguments.slice(3);
        else if (callee === 'vscode.l10n.t' || callee === 'l10n.t' || callee === 't') {
          const [first] = node.arguments;
          if (first && ts.isObjectLiteralExpression(first)) {
            const list = first.properties.find((member) => ts.isPropertyAssignment(member) && member.name.getText(source) === 'args');
            args = list && ts.isPropertyAssignment(list) && ts.isArrayLiteralExpression(list.initializer) ? list.initializer.elements : [];
          } else args = node.arguments.slice(1);
        }
        for (const arg of args) if (isNumber(checker.getTypeAtLocation(arg))) found.push(`${file}: ${arg.getText(source)}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

function folderPlan(): FolderPlan {
  return {
    mode: 'folder', target: 'https://panel.example.net', nodeOrder: [], names: new NodeNames([]),
    live: { origin: 'https://panel.example.net', nodes: [], templates: [], branding: [], names: new NodeNames([]), unread: [] },
    changes: [
      { kind: 'node', name: 'nl-1', action: 'update', id: 'n1', fields: [{ field: 'region', from: 'Old', to: 'New' }] },
      { kind: 'branding', name: 'Spare', action: 'delete', id: 'b1', fields: [] },
    ],
    conflicts: [],
    panelOnly: [],
    problems: [{ file: 'nodes/x.node.json', line: 14, code: 'wrongType', field: 'order', value: 'positiveInteger' }],
  };
}

describe('numbers in messages: the display language\'s digits for counts, the panel\'s for what is typed back', () => {
  afterEach(() => useDisplayLanguage('en'));

  it('every number a message shows goes through numberText, or is one of the values kept as they are', function () {
    this.timeout(120_000);
    const found = rawNumbers();
    const raw = found.filter((entry) => !KEPT.has(entry));
    assert.deepEqual(raw, [], 'a count, a duration or a size reaches a message in Latin digits: pass numberText(n), or name it in KEPT with why');
    const stale = [...KEPT.keys()].filter((entry) => !found.includes(entry));
    assert.deepEqual(stale, [], 'KEPT names a value no message passes any more');
  });

  it('writes the counts of a folder plan in Persian digits and keeps its file references as the editor reads them', () => {
    useDisplayLanguage('fa');
    assert.equal(planSummary(folderPlan(), plainLocalize), '۲ changes (create ۰, update ۱, delete ۱) · ۰ conflicts · ۱ problems');
    const document = planDocument(folderPlan(), { folder: 'panels/Prod', panel: 'Prod' }, plainLocalize, () => 'table');
    assert.match(document, /^- nodes\/x\.node\.json:14 — /m, 'a file and line the operator opens keep Latin digits');
    assert.doesNotMatch(document, /\b[02] changes\b/, 'no count in Latin digits');
    useDisplayLanguage('en');
    assert.equal(planSummary(folderPlan(), plainLocalize), '2 changes (create 0, update 1, delete 1) · 0 conflicts · 1 problems');
  });
});
