import * as vscode from 'vscode';
import type { PanelSession } from '../connection/panelSession';
import { computeFindings, isMuted, OfflineSince, type Finding } from '../state/fleetFindings';
import type { PanelStoresLookup, ConnectedPanel } from '../state/panelStores';
import { plainLabel } from '../text/plainText';
import { FleetTodoPasses, type TrustedCertificateOf } from './fleetTodoPass';
import { TODO_SECTION, todoSettings } from './fleetTodoSettings';
import { recordUri } from './panelUri';

/** Where Ignore keeps what it ignores (workspace state): `panel|kind|subject` to the finding's fingerprint. */
const IGNORED_KEY = 'panelOps.todo.ignored';
/** A burst of store changes (a users page after another) is one recompute. */
const RECOMPUTE_DELAY_MS = 100;
/** Time alone changes findings (a threshold passed): everything is recomputed this often. */
const CLOCK_MS = 5 * 60_000;

/** The fleet to-do's diagnostics source of a panel: `Panel Ops · <panel name>`. */
export function todoSource(panelName: string): string {
  return `Panel Ops · ${plainLabel(panelName, 60)}`;
}

const SEVERITY: Readonly<Record<Finding['severity'], vscode.DiagnosticSeverity>> = {
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
};

/**
 * The fleet's to-do list in Problems (issue 35): the findings of every connected panel (state/fleetFindings.ts),
 * each a diagnostic on the read-only document of its subject (a node's, alert's or user's `panelops:` document),
 * recomputed when one of the panel's stores fires (nodes, node details, alerts, users), so a finding the panel no
 * longer shows goes when its store says so, never sooner. Its own reads (users' live figures, fleet updates,
 * the certificate) are the bounded passes of editors/fleetTodoPass.ts.
 */
export class FleetTodo implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('panelOps.todo');
  private readonly offline = new OfflineSince();
  /** Per panel: the findings published, by document URI. */
  private readonly published = new Map<string, Map<string, { readonly uri: vscode.Uri; readonly findings: Finding[] }>>();
  /** Per panel: the stores followed (their subscriptions). */
  private readonly followed = new Map<string, { readonly panel: ConnectedPanel; readonly subscriptions: readonly vscode.Disposable[] }>();
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly subscriptions: vscode.Disposable[];
  private readonly clock: ReturnType<typeof setInterval>;
  private readonly recomputed = new vscode.EventEmitter<string>();
  /** A panel's findings were published again (its id). */
  readonly onDidRecompute = this.recomputed.event;
  /** The to-do's own bounded reads, per panel. */
  readonly passes: FleetTodoPasses;

  constructor(
    private readonly session: Pick<PanelSession, 'connectedPanels' | 'onDidChange'>,
    private readonly panels: Pick<PanelStoresLookup, 'get'>,
    private readonly state: vscode.Memento,
    private readonly readme: vscode.Uri,
    /** Tells VS Code that open subject documents changed (the panel file system's change event). */
    private readonly changedDocuments: (uris: readonly vscode.Uri[]) => void = () => undefined,
    trustedCertificateOf?: TrustedCertificateOf,
  ) {
    this.passes = new FleetTodoPasses(panels, () => this.followed.keys(), trustedCertificateOf);
    this.subscriptions = [
      session.onDidChange(() => this.follow()),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (!event.affectsConfiguration(TODO_SECTION)) return;
        this.recomputeAll();
        this.passes.check();
      }),
      this.passes.onDidRead((panelId) => this.schedule(panelId)),
    ];
    this.clock = setInterval(() => this.recomputeAll(), CLOCK_MS);
    // The clock alone never keeps a process alive (the activation bench loads the extension in plain Node).
    this.clock.unref?.();
    this.follow();
  }

  /** The findings published on a document (the quick fixes' source). */
  findingsAt(uri: vscode.Uri): readonly Finding[] {
    for (const byUri of this.published.values()) {
      const entry = byUri.get(uri.toString());
      if (entry) return entry.findings;
    }
    return [];
  }

  /** Every finding published now. */
  get findings(): Finding[] {
    return [...this.published.values()].flatMap((byUri) => [...byUri.values()].flatMap((entry) => entry.findings));
  }

  /** Ignores the finding's subject for its kind until what it says changes (kept in workspace state). */
  async ignore(finding: Pick<Finding, 'panelId' | 'kind' | 'subject' | 'fingerprint'>): Promise<void> {
    const ignored = { ...this.ignored(), [ignoreKey(finding)]: finding.fingerprint };
    await this.state.update(IGNORED_KEY, ignored);
    this.recompute(finding.panelId);
  }

  /** The document a finding lies on: its subject's read-only document. */
  static uriOf(finding: Finding): vscode.Uri {
    return recordUri(finding.panelId, finding.subject.kind, finding.subject);
  }

  dispose(): void {
    clearInterval(this.clock);
    for (const timer of this.pending.values()) clearTimeout(timer);
    for (const { subscriptions } of this.followed.values()) for (const subscription of subscriptions) subscription.dispose();
    for (const subscription of this.subscriptions) subscription.dispose();
    this.passes.dispose();
    this.recomputed.dispose();
    this.collection.dispose();
  }

  /** Follows the stores of every connected panel; a panel signed out takes its findings with it. */
  private follow(): void {
    const connected = new Set(this.session.connectedPanels().map((ref) => ref.id));
    for (const panelId of connected) {
      const panel = this.panels.get(panelId);
      const known = this.followed.get(panelId);
      if (!panel) continue;
      // A change of the panel (its token state, its scopes) may have emptied its stores without a word from them.
      if (known?.panel === panel) {
        this.schedule(panelId);
        continue;
      }
      for (const subscription of known?.subscriptions ?? []) subscription.dispose();
      const soon = () => this.schedule(panelId);
      const users = panel.users.onDidChange((change) => {
        // A user read anew (a disable's answer) replaces the pass's copy: its findings follow the store.
        if (change.kind === 'item') this.passes.takeUser(panelId, panel.users.get(change.id));
        soon();
      });
      this.followed.set(panelId, { panel, subscriptions: [panel.nodes.onDidChange(soon), panel.nodeDetails.onDidChange(soon), panel.alerts.onDidChange(soon), users] });
      this.schedule(panelId);
    }
    for (const [panelId, entry] of [...this.followed]) {
      if (connected.has(panelId)) continue;
      for (const subscription of entry.subscriptions) subscription.dispose();
      this.followed.delete(panelId);
      this.offline.forget(panelId);
      this.passes.forget(panelId);
      // Its documents cannot be read any more: they are not told to read again.
      this.publish(panelId, [], false);
    }
    this.passes.check();
  }

  private schedule(panelId: string): void {
    if (this.pending.has(panelId)) return;
    this.pending.set(panelId, setTimeout(() => {
      this.pending.delete(panelId);
      this.recompute(panelId);
    }, RECOMPUTE_DELAY_MS));
  }

  private recomputeAll(): void {
    for (const panelId of this.followed.keys()) this.schedule(panelId);
  }

  private recompute(panelId: string): void {
    const panel = this.followed.get(panelId)?.panel;
    if (!panel) return;
    const settings = todoSettings();
    const now = Date.now();
    const nodes = panel.nodes.held;
    this.offline.observe(panelId, nodes, now);
    if (isMuted(settings.muted, panelId, panel.name)) {
      this.publish(panelId, []);
      return;
    }
    const alerts = panel.alerts.held;
    const findings = computeFindings({
      panelId,
      panelName: panel.name,
      nodes,
      jobsOf: (nodeId) => {
        const jobs = panel.nodeDetails.get(nodeId, 'jobs');
        return jobs?.kind === 'loaded' ? jobs.value : undefined;
      },
      alerts: alerts.kind === 'loaded' ? alerts.list.alerts : alerts.kind === 'failed' ? alerts.previous?.alerts : undefined,
      users: panel.users.held,
      offlineSince: (nodeId) => this.offline.since(panelId, nodeId),
      siteOf: (nodeId) => {
        const site = panel.nodeDetails.get(nodeId, 'site');
        return site?.kind === 'loaded' ? site.value : undefined;
      },
      pass: this.passes.holdings(panelId),
    }, settings, now, vscode.l10n.t);
    const ignored = this.ignored();
    this.publish(panelId, findings.filter((finding) => ignored[ignoreKey(finding)] !== finding.fingerprint));
  }

  private publish(panelId: string, findings: readonly Finding[], tellDocuments = true): void {
    const before = this.published.get(panelId) ?? new Map<string, { readonly uri: vscode.Uri; readonly findings: Finding[] }>();
    const after = new Map<string, { readonly uri: vscode.Uri; findings: Finding[] }>();
    for (const finding of findings) {
      const uri = FleetTodo.uriOf(finding);
      const key = uri.toString();
      const entry = after.get(key) ?? { uri, findings: [] };
      entry.findings.push(finding);
      after.set(key, entry);
    }
    for (const [key, entry] of before) if (!after.has(key)) this.collection.delete(entry.uri);
    for (const entry of after.values()) this.collection.set(entry.uri, entry.findings.map((finding) => this.diagnosticOf(finding)));
    // An open document whose findings changed shows its subject anew (what the store holds now).
    const changed = new Set([...before.keys(), ...after.keys()].filter((key) => textOf(before.get(key)?.findings) !== textOf(after.get(key)?.findings)));
    const open = vscode.workspace.textDocuments.filter((document) => changed.has(document.uri.toString())).map((document) => document.uri);
    if (open.length > 0 && tellDocuments) this.changedDocuments(open);
    if (after.size > 0) this.published.set(panelId, after);
    else this.published.delete(panelId);
    this.recomputed.fire(panelId);
  }

  private diagnosticOf(finding: Finding): vscode.Diagnostic {
    const diagnostic = new vscode.Diagnostic(new vscode.Range(0, 0, 0, 1), finding.message, SEVERITY[finding.severity]);
    diagnostic.source = todoSource(finding.panelName);
    diagnostic.code = { value: finding.kind, target: this.readme };
    return diagnostic;
  }

  private ignored(): Readonly<Record<string, string>> {
    const value = this.state.get<unknown>(IGNORED_KEY);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, string> : {};
  }
}

/** What findings say, to tell whether a subject's changed. */
function textOf(findings: readonly Finding[] | undefined): string {
  return (findings ?? []).map((finding) => `${finding.kind}|${finding.fingerprint}|${finding.message}`).join('\n');
}

function ignoreKey(finding: Pick<Finding, 'panelId' | 'kind' | 'subject'>): string {
  return JSON.stringify([finding.panelId, finding.kind, finding.subject.id]);
}
