import * as vscode from 'vscode';
import type { RouteId } from '../api/catalog';
import type { PanelSession } from '../connection/panelSession';
import type { Finding, FindingKind } from '../state/fleetFindings';
import type { PanelStoresLookup } from '../state/panelStores';
import type { FleetTodo } from './fleetTodo';
import { PANEL_SCHEME } from './panelUri';

/** What a quick fix's command is given: which finding, by its panel, kind, subject and fingerprint. */
export interface FixTarget {
  readonly panelId: string;
  readonly kind: FindingKind;
  readonly subjectId: string;
  readonly fingerprint: string;
}

/** The fix commands (registered by commands/todo), each running an existing operation through the runner. */
export const FIX_COMMANDS = {
  apply: 'panelOps.todo.applyConfiguration',
  resolve: 'panelOps.todo.resolveAlert',
  disable: 'panelOps.todo.disableUser',
  showLogs: 'panelOps.todo.showLogs',
  restart: 'panelOps.todo.restartNode',
  terminal: 'panelOps.todo.openSshTerminal',
  extendExpiry: 'panelOps.todo.extendExpiry',
  rebind: 'panelOps.todo.rebindToOnlineNodes',
  ignore: 'panelOps.todo.ignore',
} as const;

/** A fix that changes the panel: never offered on a read-only panel, nor to a token without its route. */
interface Fix {
  readonly command: string;
  readonly title: (finding: Finding) => string;
  /** The route it sends, for a fix that changes the panel; undefined for one that only reads or is local. */
  readonly changes?: RouteId;
  readonly reads?: RouteId;
  /** Whether this finding is offered the fix (every finding of the kind when absent). */
  readonly offered?: (finding: Finding) => boolean;
}

/**
 * The fixes of a kind, in the order offered. Restart Node is offered where the node is down or its apply
 * failed, not on configuration pending (Apply is its fix). Open SSH Terminal sends nothing to the panel: it is
 * offered on a read-only panel too, as the Nodes view offers it there, to a token that reads nodes.
 */
function fixesOf(kind: FindingKind): Fix[] {
  const ignore: Fix = { command: FIX_COMMANDS.ignore, title: (finding) => vscode.l10n.t('Ignore "{0}" until it changes', finding.subject.name) };
  const showLogs: Fix = { command: FIX_COMMANDS.showLogs, title: (finding) => vscode.l10n.t('Show Logs of "{0}"', finding.subject.name), reads: 'nodes.logs' };
  const apply: Fix = { command: FIX_COMMANDS.apply, title: (finding) => vscode.l10n.t('Apply Configuration of "{0}"', finding.subject.name), changes: 'nodes.apply' };
  const restart: Fix = { command: FIX_COMMANDS.restart, title: (finding) => vscode.l10n.t('Restart Node "{0}"', finding.subject.name), changes: 'nodes.restart' };
  const terminal: Fix = { command: FIX_COMMANDS.terminal, title: (finding) => vscode.l10n.t('Open SSH Terminal on "{0}"', finding.subject.name), reads: 'nodes.get' };
  const disable: Fix = { command: FIX_COMMANDS.disable, title: (finding) => vscode.l10n.t('Disable User "{0}"', finding.subject.name), changes: 'keys.disable' };
  switch (kind) {
    case 'nodeOffline':
      return [restart, showLogs, terminal, ignore];
    case 'siteFailed':
      return [showLogs, terminal, ignore];
    case 'nodeUnapplied':
      return [apply, showLogs, terminal, ignore];
    case 'applyFailed':
      return [showLogs, apply, restart, terminal, ignore];
    case 'alertUnresolved':
      return [{ command: FIX_COMMANDS.resolve, title: (finding) => vscode.l10n.t('Resolve Alert "{0}"', finding.subject.name), changes: 'alerts.resolve' }, ignore];
    case 'userExpiring':
      return [
        { command: FIX_COMMANDS.extendExpiry, title: (finding) => vscode.l10n.t('Extend Expiry of "{0}"…', finding.subject.name), changes: 'keys.update' },
        disable,
        ignore,
      ];
    case 'userOnOfflineNodes':
      return [{ command: FIX_COMMANDS.rebind, title: (finding) => vscode.l10n.t('Rebind "{0}" to Online Nodes…', finding.subject.name), changes: 'keys.bindings.add' }, ignore];
    case 'userSharing':
      return [disable, ignore];
    case 'userOnlineExpired':
      // A revoked user outranks a disabled one: disabling it would not end the finding, so it is not offered.
      return [{ ...disable, offered: (finding) => !isRevoked(finding.user) }, ignore];
    case 'fleetUpdateLong':
    case 'certificateExpiring':
      return [ignore];
  }
}

/** Whether the panel holds the user as revoked (its stored status or its state). */
function isRevoked(user: Finding['user']): boolean {
  return user?.status === 'revoked' || user?.state === 'revoked';
}

/**
 * The fleet to-do's quick fixes on `panelops:` documents (the light bulb, Ctrl+., the Problems entry's
 * menu): per finding, the fixes its kind has, each a command that runs the existing operation through the
 * one runner. A read-only panel is offered only the fixes that read (Show Logs), open the operator's own ssh
 * session (Open SSH Terminal) or stay in this window (Ignore).
 */
export class FleetTodoActions implements vscode.CodeActionProvider {
  static readonly kinds = [vscode.CodeActionKind.QuickFix];

  constructor(
    private readonly todo: Pick<FleetTodo, 'findingsAt'>,
    private readonly session: Pick<PanelSession, 'protectionOf'>,
    private readonly panels: Pick<PanelStoresLookup, 'get'>,
  ) {}

  provideCodeActions(document: vscode.TextDocument, range: vscode.Range | vscode.Selection, context: vscode.CodeActionContext): vscode.CodeAction[] {
    const findings = this.todo.findingsAt(document.uri);
    const actions: vscode.CodeAction[] = [];
    for (const diagnostic of context.diagnostics) {
      const kind = typeof diagnostic.code === 'object' ? diagnostic.code.value : undefined;
      const finding = findings.find((candidate) => candidate.kind === kind && candidate.message === diagnostic.message);
      if (!finding || !diagnostic.range.intersection(range)) continue;
      const readOnly = this.session.protectionOf(finding.panelId) === 'readOnly';
      const scopes = this.panels.get(finding.panelId)?.scopes;
      for (const fix of fixesOf(finding.kind)) {
        if (fix.changes && (readOnly || scopes?.can(fix.changes) === false)) continue;
        if (fix.reads && scopes?.can(fix.reads) === false) continue;
        if (fix.offered && !fix.offered(finding)) continue;
        const title = fix.title(finding);
        const action = new vscode.CodeAction(title, vscode.CodeActionKind.QuickFix);
        const target: FixTarget = { panelId: finding.panelId, kind: finding.kind, subjectId: finding.subject.id, fingerprint: finding.fingerprint };
        action.command = { command: fix.command, title, arguments: [target] };
        action.diagnostics = [diagnostic];
        actions.push(action);
      }
    }
    return actions;
  }
}

/** Registers the quick fixes on the panel file system's documents. */
export function registerFleetTodoActions(todo: FleetTodo, session: Pick<PanelSession, 'protectionOf'>, panels: Pick<PanelStoresLookup, 'get'>): vscode.Disposable {
  return vscode.languages.registerCodeActionsProvider({ scheme: PANEL_SCHEME }, new FleetTodoActions(todo, session, panels), { providedCodeActionKinds: FleetTodoActions.kinds });
}
