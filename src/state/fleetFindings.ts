/**
 * The fleet's to-do list (issue 35): what needs an operator on one panel, computed from what its stores
 * already hold (the nodes list, each node's recent jobs, the alerts, the users seen) with no request of its
 * own. Each finding names its panel, its subject and the panel's own figures. Members are read as the
 * contract names them (a node's `status`, `dirty`, `last_apply_at`; a job's `status`, `finished_at`,
 * `error`; a user's `state`, `status`, `expires_at`, its bound `nodes[].node_id`); one that is absent or of another shape gives no
 * finding: nothing is guessed and nothing throws. No `vscode` import: the words come through `Localize`.
 */
import type { ApplyJob, PanelNode, User } from '../api/types';
import { dateTimeText, numberText } from '../text/displayLanguage';
import type { Localize } from '../text/localize';
import { plainLabel } from '../text/plainText';
import type { Alert } from './alertsModel';
import { isActive, isRecord, textOf, userOf } from './findingValues';
import type { Finding, FindingKind, FindingSettings, FindingSubject, PanelHoldings } from './findingTypes';
import { passFindings, siteFinding } from './passFindings';

export { DEFAULT_FINDING_SETTINGS, FINDING_KINDS } from './findingTypes';
export type { Finding, FindingKind, FindingSettings, FindingSeverity, FindingSubject, PanelHoldings } from './findingTypes';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The findings of one panel, nodes first (in the panel's order), then alerts, then users (each user's bound-offline finding before its expiry). */
export function computeFindings(holdings: PanelHoldings, settings: FindingSettings, now: number, t: Localize): Finding[] {
  const findings: Finding[] = [];
  const on = (kind: FindingKind) => !settings.off.has(kind);
  const base = { panelId: holdings.panelId, panelName: holdings.panelName };
  for (const value of holdings.nodes ?? []) {
    const node = nodeOf(value);
    if (!node) continue;
    const subject: FindingSubject = { kind: 'node', id: node.id, name: nameOfNode(node) };
    if (on('nodeOffline') && isOffline(node)) {
      const since = holdings.offlineSince(node.id);
      findings.push({
        ...base, kind: 'nodeOffline', subject, severity: 'error', node, fingerprint: `offline|${since ?? ''}`,
        message: since === undefined
          ? t('Node "{0}" is offline (status "{1}").', subject.name, textOf(node.status) ?? '')
          : t('Node "{0}" is offline (status "{1}"), first seen offline {2}.', subject.name, textOf(node.status) ?? '', dateTimeText(since)),
      });
    }
    const lastApply = textOf(node.last_apply_at);
    const appliedAt = lastApply === undefined ? NaN : Date.parse(lastApply);
    if (on('nodeUnapplied') && node.dirty === true && Number.isFinite(appliedAt) && now - appliedAt > settings.unappliedHours * HOUR_MS) {
      const hours = Math.floor((now - appliedAt) / HOUR_MS);
      findings.push({
        ...base, kind: 'nodeUnapplied', subject, severity: 'warning', node, fingerprint: `dirty|${lastApply}`,
        message: t('Node "{0}" has configuration not applied: dirty, last applied {1} ({2} h ago, over {3} h).', subject.name, lastApply ?? '', numberText(hours), numberText(settings.unappliedHours)),
      });
    }
    const job = latestJob(holdings.jobsOf(node.id));
    if (on('applyFailed') && job && textOf(job.status)?.toLowerCase() === 'failed') {
      const error = textOf(job.error) ?? '';
      const at = textOf(job.finished_at) ?? textOf(job.started_at) ?? '';
      findings.push({
        ...base, kind: 'applyFailed', subject, severity: 'error', node, job, fingerprint: `failed|${at}|${error}`,
        message: error === ''
          ? t('The last apply job of node "{0}" failed ({1}).', subject.name, at)
          : t('The last apply job of node "{0}" failed ({1}): {2}', subject.name, at, plainLabel(error, 300)),
      });
    }
    const site = on('siteFailed') ? siteFinding(holdings.siteOf?.(node.id), subject.name, t) : undefined;
    if (site) findings.push({ ...base, kind: 'siteFailed', subject, severity: 'error', node, ...site });
  }
  if (on('alertUnresolved')) {
    for (const alert of holdings.alerts ?? []) {
      if (alert.resolved) continue;
      const subject: FindingSubject = { kind: 'alert', id: alertSubjectId(alert), name: plainLabel(alert.title || alert.message || alertSubjectId(alert), 120) };
      const level = alert.severityText === '' ? alert.severity : alert.severityText;
      findings.push({
        ...base, kind: 'alertUnresolved', subject, severity: alert.severity, alert, fingerprint: `alert|${alert.createdAt ?? ''}|${level}`,
        message: alert.message === ''
          ? t('Unresolved alert ({0}): {1}', level, subject.name)
          : t('Unresolved alert ({0}): {1}: {2}', level, subject.name, plainLabel(alert.message, 300)),
      });
    }
  }
  const horizon = now + settings.expiringDays * DAY_MS;
  const offline = offlineNodes(holdings.nodes);
  if (on('userExpiring') || on('userOnOfflineNodes')) {
    for (const value of holdings.users) {
      const user = userOf(value);
      if (!user || !isActive(user)) continue;
      const name = plainLabel(textOf(user.label) ?? user.id, 120);
      const subject: FindingSubject = { kind: 'user', id: user.id, name };
      const stranded = on('userOnOfflineNodes') ? boundOnlyTo(user, offline) : undefined;
      if (stranded) {
        findings.push({
          ...base, kind: 'userOnOfflineNodes', subject, severity: 'warning', user, fingerprint: `offlineNodes|${stranded.map((node) => node.id).sort().join(',')}`,
          message: t('User "{0}" is active but every node it is bound to is offline: {1}.', name, stranded.map((node) => `"${nameOfNode(node)}"`).join(', ')),
        });
      }
      if (!on('userExpiring')) continue;
      const expiresAt = textOf(user.expires_at);
      const ends = expiresAt === undefined ? NaN : Date.parse(expiresAt);
      if (!Number.isFinite(ends) || ends <= now || ends > horizon) continue;
      findings.push({
        ...base, kind: 'userExpiring', subject, severity: 'info', user, fingerprint: `expires|${expiresAt}`,
        message: t('User "{0}" is active and its access ends {1} (within {2} days).', name, expiresAt ?? '', numberText(settings.expiringDays)),
      });
    }
  }
  if (holdings.pass) findings.push(...passFindings(holdings, holdings.pass, settings, now, t));
  return findings;
}

/**
 * The times nodes were first seen offline, per panel: a node seen offline at a read keeps the time of the
 * first such read until a read shows it otherwise. Known only from this window's reads.
 */
export class OfflineSince {
  private readonly panels = new Map<string, Map<string, number>>();

  /** Takes a read of the panel's nodes at `now`. */
  observe(panelId: string, nodes: readonly unknown[] | undefined, now: number): void {
    if (!nodes) return;
    const before = this.panels.get(panelId) ?? new Map<string, number>();
    const after = new Map<string, number>();
    for (const value of nodes) {
      const node = nodeOf(value);
      if (node && isOffline(node)) after.set(node.id, before.get(node.id) ?? now);
    }
    this.panels.set(panelId, after);
  }

  since(panelId: string, nodeId: string): number | undefined {
    return this.panels.get(panelId)?.get(nodeId);
  }

  forget(panelId: string): void {
    this.panels.delete(panelId);
  }
}

/** Whether a panel is muted: its name, or its address (a trailing slash and case aside), is in the list. */
export function isMuted(muted: readonly string[], panelId: string, panelName: string): boolean {
  const address = panelId.replace(/\/+$/, '').toLowerCase();
  return muted.some((entry) => entry === panelName || entry.replace(/\/+$/, '').toLowerCase() === address);
}

/** An alert's subject id: its id as the panel's digits, else its title and creation time. */
export function alertSubjectId(alert: Alert): string {
  return alert.id !== undefined ? String(alert.id) : `${alert.title}@${alert.createdAt ?? ''}`;
}

function nodeOf(value: unknown): PanelNode | undefined {
  return isRecord(value) && typeof value.id === 'string' && value.id !== '' ? value as PanelNode : undefined;
}

/**
 * The nodes of the list held that the panel shows offline (the `status` reading of `nodeOffline`), by id;
 * undefined before a read of the nodes.
 */
function offlineNodes(nodes: readonly unknown[] | undefined): ReadonlyMap<string, PanelNode> | undefined {
  if (!nodes) return undefined;
  const offline = new Map<string, PanelNode>();
  for (const value of nodes) {
    const node = nodeOf(value);
    if (node && isOffline(node)) offline.set(node.id, node);
  }
  return offline;
}

/**
 * The nodes a user is bound to (`nodes[].node_id`, spec 2.1) when it has at least one and every one is
 * offline in the nodes held; undefined otherwise (no binding list, an item without a node id, a node the
 * list held does not show offline, or not held at all).
 */
function boundOnlyTo(user: User, offline: ReadonlyMap<string, PanelNode> | undefined): PanelNode[] | undefined {
  const bindings: unknown = user.nodes;
  if (!offline || !Array.isArray(bindings) || bindings.length === 0) return undefined;
  const nodes: PanelNode[] = [];
  for (const binding of bindings as readonly unknown[]) {
    const id = isRecord(binding) ? textOf(binding.node_id) : undefined;
    const node = id === undefined ? undefined : offline.get(id);
    if (!node) return undefined;
    if (!nodes.includes(node)) nodes.push(node);
  }
  return nodes;
}

/** Whether the panel shows the node offline (its `status`, any case): the reading of every offline finding. */
export function isOffline(node: Pick<PanelNode, 'status'>): boolean {
  return textOf(node.status)?.toLowerCase() === 'offline';
}

function nameOfNode(node: PanelNode): string {
  return plainLabel(textOf(node.name) ?? node.id, 120);
}

/** The newest job of a list the panel gave newest first; undefined when the first item is not a job object. */
function latestJob(jobs: readonly unknown[] | undefined): ApplyJob | undefined {
  const first: unknown = Array.isArray(jobs) ? (jobs as readonly unknown[])[0] : undefined;
  return isRecord(first) ? first as ApplyJob : undefined;
}
