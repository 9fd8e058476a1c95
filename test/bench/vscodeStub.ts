/**
 * A stand-in for the `vscode` module, enough for the extension's bundle to load and `activate` to run in
 * plain Node (the activation benchmark): events, disposables, l10n, configuration defaults and a memento
 * are real; everything else is an inert object that accepts any call. Nothing here is a test double for
 * behaviour: it only lets the benchmark time loading and activating without a workbench.
 */
import { readFileSync } from 'node:fs';
import Module from 'node:module';
import { join } from 'node:path';

type Listener<T> = (value: T) => unknown;

class Disposable {
  constructor(private readonly onDispose: () => void = () => undefined) {}
  static from(...items: { dispose(): unknown }[]): Disposable {
    return new Disposable(() => items.forEach((item) => item.dispose()));
  }
  dispose(): void {
    this.onDispose();
  }
}

class EventEmitter<T> {
  private listeners: Listener<T>[] = [];
  readonly event = (listener: Listener<T>) => {
    this.listeners.push(listener);
    return new Disposable(() => { this.listeners = this.listeners.filter((candidate) => candidate !== listener); });
  };
  fire(value: T): void {
    for (const listener of [...this.listeners]) listener(value);
  }
  dispose(): void {
    this.listeners = [];
  }
}

/** Accepts any property access, call or construction and answers with another inert object. */
function inert(): unknown {
  const target = function inertTarget() { /* nothing */ };
  const assigned = new Map<PropertyKey, unknown>();
  return new Proxy(target, {
    get: (object, property) => {
      if (assigned.has(property)) return assigned.get(property);
      if (property === 'then') return undefined;
      if (property === Symbol.toPrimitive) return () => '';
      if (property === 'prototype') return object.prototype;
      if (property === 'dispose') return () => undefined;
      const value = inert();
      assigned.set(property, value);
      return value;
    },
    set: (_object, property, value) => {
      assigned.set(property, value);
      return true;
    },
    apply: () => inert(),
    construct: () => inert() as object,
  });
}

/** What the stand-in reports: whether the window is focused, and settings by full name. */
export const stubOptions: { focused: boolean; settings: Record<string, unknown> } = { focused: true, settings: {} };

const format = (message: string, ...args: unknown[]) => message.replace(/\{(\d+)\}/g, (_, index: string) => String(args[Number(index)]));

/** A namespace (workspace, window…): the given members, `on…` events that never fire, anything else inert. */
function namespace(members: Record<string, unknown>): Record<string, unknown> {
  return new Proxy(members, {
    get: (object, property) => {
      if (property in object) return object[property as string];
      if (property === 'then') return undefined;
      if (typeof property === 'string' && property.startsWith('on')) return () => new Disposable();
      return inert();
    },
  });
}

const api: Record<string, unknown> = {
  Disposable,
  EventEmitter,
  ExtensionMode: { Production: 1, Development: 2, Test: 3 },
  l10n: { t: format },
  CancellationTokenSource: class {
    private readonly emitter = new EventEmitter<void>();
    token = { isCancellationRequested: false, onCancellationRequested: this.emitter.event };
    cancel() { this.token.isCancellationRequested = true; this.emitter.fire(); }
    dispose() { this.emitter.dispose(); }
  },
  TreeItem: class { constructor(public label?: unknown, public collapsibleState?: unknown) {} },
  ThemeIcon: class { constructor(public id: string, public color?: unknown) {} },
  ThemeColor: class { constructor(public id: string) {} },
  MarkdownString: class { constructor(public value = '') {} },
  commands: namespace({
    registerCommand: () => new Disposable(),
    executeCommand: async () => undefined,
    getCommands: async () => [],
  }),
  workspace: namespace({
    getConfiguration: (section?: string) => ({
      get: (name: string, fallback?: unknown) => {
        const full = section ? `${section}.${name}` : name;
        return full in stubOptions.settings ? stubOptions.settings[full] : fallback;
      },
      inspect: (name: string) => {
        const full = section ? `${section}.${name}` : name;
        return full in stubOptions.settings ? { key: full, globalValue: stubOptions.settings[full] } : { key: full };
      },
      update: async () => undefined,
    }),
    onDidChangeConfiguration: () => new Disposable(),
    onDidCloseTextDocument: () => new Disposable(),
    textDocuments: [],
    registerTextDocumentContentProvider: () => new Disposable(),
    registerFileSystemProvider: () => new Disposable(),
    workspaceFolders: undefined,
  }),
  // window: no editor, no tab; createX() and showX() answer inert objects.
  window: new Proxy({ activeTextEditor: undefined, visibleTextEditors: [], terminals: [] } as Record<string, unknown>, {
    get: (object, property) => {
      if (property === 'state') return { focused: stubOptions.focused };
      if (property in object) return object[property as string];
      if (property === 'then') return undefined;
      if (typeof property === 'string' && property.startsWith('on')) return () => new Disposable();
      if (property === 'tabGroups') return inert();
      return () => inert();
    },
  }),
  languages: namespace({}),
  authentication: namespace({}),
  env: namespace({}),
};

// The bundle copies the module's own names (esbuild's ESM interop), so every name it may use must exist.
const INERT_NAMES = [
  'StatusBarAlignment', 'TreeItemCollapsibleState', 'ProgressLocation', 'QuickInputButtons', 'InputBoxValidationSeverity',
  'Uri', 'ViewColumn', 'languages', 'env', 'authentication', 'extensions', 'tasks', 'debug', 'scm', 'FileType',
  'FileSystemError', 'FileChangeType', 'FilePermission', 'Range', 'Position', 'Selection', 'Diagnostic', 'DiagnosticSeverity',
  'DataTransfer', 'DataTransferItem', 'TabInputText', 'TabInputTextDiff', 'TextEdit', 'WorkspaceEdit', 'RelativePattern', 'Location',
  'ConfigurationTarget', 'ColorThemeKind', 'UIKind', 'EndOfLine', 'TextEditorRevealType', 'DocumentLink', 'CodeLens', 'Hover',
  'TerminalLocation', 'TreeItemCheckboxState', 'TimelineItem', 'EventEmitter', 'LogLevel', 'SnippetString', 'CompletionItem',
  'CompletionItemKind', 'SymbolKind', 'DocumentSymbol', 'FoldingRange', 'QuickPickItemKind', 'TextDocumentSaveReason', 'CodeActionKind',
];
for (const name of INERT_NAMES) if (!(name in api)) api[name] = inert();

const stub = api;

/** Makes `require('vscode')` answer the stand-in in this process. */
export function installVscodeStub(): void {
  const loader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
  const original = loader._load;
  loader._load = (request: string, ...rest: unknown[]) => (request === 'vscode' ? stub : original(request, ...rest));
}

/** A minimal ExtensionContext: a memento and secret storage in memory, holding `stored` (nothing by default). */
export function benchContext(extensionPath: string, stored: { state?: Record<string, unknown>; secrets?: Record<string, string> } = {}): Record<string, unknown> {
  const values = new Map<string, unknown>(Object.entries(stored.state ?? {}));
  const secrets = new Map<string, string>(Object.entries(stored.secrets ?? {}));
  const memento = { get: (key: string, fallback?: unknown) => (values.has(key) ? values.get(key) : fallback), update: async (key: string, value: unknown) => { values.set(key, value); }, keys: () => [...values.keys()] };
  return {
    subscriptions: [],
    extensionMode: 1,
    extensionPath,
    extensionUri: { fsPath: extensionPath, path: extensionPath, scheme: 'file', toString: () => `file://${extensionPath}` },
    globalState: memento,
    workspaceState: memento,
    secrets: { get: async (key: string) => secrets.get(key), store: async (key: string, value: string) => { secrets.set(key, value); }, delete: async (key: string) => { secrets.delete(key); }, onDidChange: () => new Disposable() },
    storageUri: undefined,
    globalStorageUri: { fsPath: '/tmp', path: '/tmp', scheme: 'file' },
    logUri: { fsPath: '/tmp', path: '/tmp', scheme: 'file' },
    // VS Code hands the extension its parsed package.json (the lazy command groups derive their ids from it).
    extension: { id: 'panel-ops.panel-ops', extensionPath, packageJSON: JSON.parse(readFileSync(join(extensionPath, 'package.json'), 'utf8')) as unknown },
  };
}
