/**
 * The messages the extension shows, read from its sources and its manifest: every `vscode.l10n.t(...)` and
 * `t(...)` call (`t` is the `Localize` the view formatting modules take), and every `plural(count, { one,
 * other }, ...)` (its `one` and `other` messages plus `other` under the comments `plural few` / `plural
 * many`); and every `%key%` of package.json. `npm run l10n:export` writes l10n/bundle.l10n.json from them;
 * the unit test l10n.bundles.test.ts holds the bundles and the Russian files to them.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as ts from 'typescript';
import { bundleKey } from '../../src/text/localize';
import { EXTRA_PLURAL_CATEGORIES, pluralComment } from '../../src/text/plural';

export const repoRoot = join(__dirname, '..', '..', '..');

export interface CodeMessages {
  /** Bundle key to English message. */
  readonly messages: Map<string, string>;
  /** Calls whose message is not a literal, so no bundle can hold it: `file:line: text`. */
  readonly problems: string[];
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

function literal(node: ts.Node | undefined): string | undefined {
  return node && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined;
}

function property(object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined {
  for (const member of object.properties) {
    if (ts.isPropertyAssignment(member) && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)) && member.name.text === name) return member.initializer;
  }
  return undefined;
}

function isTranslateCallee(callee: ts.Expression): boolean {
  const text = callee.getText();
  return text === 'vscode.l10n.t' || text === 'l10n.t' || text === 't';
}

export function codeMessages(root = repoRoot): CodeMessages {
  const messages = new Map<string, string>();
  const problems: string[] = [];
  for (const file of sourceFiles(join(root, 'src'))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
    const where = (node: ts.Node) => `${relative(root, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && isTranslateCallee(node.expression)) {
        const [first] = node.arguments;
        const message = literal(first);
        if (message !== undefined) messages.set(message, message);
        else if (first && ts.isObjectLiteralExpression(first)) {
          const text = literal(property(first, 'message'));
          const comment = property(first, 'comment');
          const commentText = comment === undefined ? undefined
            : literal(comment) ?? (ts.isArrayLiteralExpression(comment) && comment.elements.every((element) => literal(element) !== undefined) ? comment.elements.map((element) => literal(element)!) : undefined);
          if (text === undefined || (comment !== undefined && commentText === undefined)) problems.push(`${where(node)}: ${node.getText().slice(0, 120)}`);
          else messages.set(bundleKey(text, commentText), text);
        } else if (first !== undefined) problems.push(`${where(node)}: ${node.getText().slice(0, 120)}`);
      } else if (ts.isCallExpression(node) && node.expression.getText() === 'plural') {
        const forms = node.arguments[1];
        const one = forms && ts.isObjectLiteralExpression(forms) ? literal(property(forms, 'one')) : undefined;
        const other = forms && ts.isObjectLiteralExpression(forms) ? literal(property(forms, 'other')) : undefined;
        if (one === undefined || other === undefined) problems.push(`${where(node)}: ${node.getText().slice(0, 120)}`);
        else {
          messages.set(one, one);
          messages.set(other, other);
          for (const category of EXTRA_PLURAL_CATEGORIES) messages.set(bundleKey(other, pluralComment(category)), other);
        }
      }
      ts.forEachChild(node, visit);
    };
    // The definitions of the helpers themselves pass variables on purpose.
    if (/src[\\/]text[\\/](plural|localize)\.ts$/.test(file)) continue;
    visit(source);
  }
  return { messages, problems };
}

/** The `%key%`s package.json names. */
export function manifestKeys(root = repoRoot): Set<string> {
  const text = readFileSync(join(root, 'package.json'), 'utf8');
  return new Set([...text.matchAll(/"%([^%"]+)%"/g)].map((match) => match[1]));
}

/** The placeholders of a message, sorted (`{0} {1}`): a translation must keep those of its English message. */
export function placeholders(text: string): string {
  return (text.match(/\{\d+\}/g) ?? []).sort().join(' ');
}

export function readJson(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(repoRoot, path), 'utf8')) as Record<string, unknown>;
}

/** The English bundle as `@vscode/l10n-dev export` writes it: a message, or `{ message, comment }` when the key carries a comment. */
export function englishBundle(messages: Map<string, string>): Record<string, string | { message: string; comment: string[] }> {
  const bundle: Record<string, string | { message: string; comment: string[] }> = {};
  for (const key of [...messages.keys()].sort()) {
    const message = messages.get(key)!;
    bundle[key] = key === message ? message : { message, comment: [key.slice(message.length + 1)] };
  }
  return bundle;
}
