/**
 * The fleet to-do's findings that need reads of their own (issue 35), from what its bounded pass read last
 * (state/fleetTodoPass.ts): users the panel shows shared beyond a threshold (`live.devices_15m`, `live.ips`),
 * users expired or revoked whom the panel still shows online (`live.online`, `live.connections`), a fleet
 * update running for too long (`GET /fleet/updates`, shape not shown), the panel's TLS certificate; and a
 * node's site deployment failed, from what the node details store holds (`GET /nodes/{id}/site`, shape not
 * shown). Where the contract is silent a finding needs a recognisable member and echoes the panel's words;
 * any other shape gives no finding and nothing throws. No `vscode` import.
 */
import type { JsonObject, User } from '../api/types';
import { dateTimeText, numberText } from '../text/displayLanguage';
import type { Localize } from '../text/localize';
import { plainLabel } from '../text/plainText';
import { fleetUpdatesOf } from './fleetUpdates';
import type { CertificateHolding, Finding, FindingSettings, PanelHoldings, PassHoldings } from './findingTypes';
import { countOf, isActive, isRecord, textOf, userOf } from './findingValues';

const DAY_MS = 86_400_000;
/** A certificate that ends within this is a finding (issue 35: 14 days). */
export const CERTIFICATE_DAYS = 14;

export type { CertificateHolding, PassHoldings } from './findingTypes';

/** The members of a user the pass keeps: what the findings and their fixes read, never its secret or links. */
const KEPT = ['id', 'label', 'type', 'state', 'status', 'expires_at', 'disabled_at', 'revoked_at', 'live', 'nodes'] as const;

/** A user of a page worth keeping for the findings: its live figures say something (else undefined). */
export function liveUserOf(value: unknown): User | undefined {
  const user = userOf(value);
  const live = user?.live;
  if (!user || !isRecord(live)) return undefined;
  const seen = live.online === true || [live.connections, live.devices_15m, live.ips].some((count) => (countOf(count) ?? 0) > 0);
  return seen ? Object.fromEntries(KEPT.filter((name) => name in user).map((name) => [name, user[name]])) as User : undefined;
}

/** The findings of the pass's holdings: users first, then fleet updates, then the panel's certificate. */
export function passFindings(holdings: Pick<PanelHoldings, 'panelId' | 'panelName'>, pass: PassHoldings, settings: FindingSettings, now: number, t: Localize): Finding[] {
  const findings: Finding[] = [];
  const on = (kind: Finding['kind']) => !settings.off.has(kind);
  const base = { panelId: holdings.panelId, panelName: holdings.panelName };
  for (const user of pass.users) {
    const live = isRecord(user.live) ? user.live : undefined;
    if (!live) continue;
    const devices = countOf(live.devices_15m);
    const ips = countOf(live.ips);
    const limit = settings.sharingThreshold;
    const ended = endedAs(user, now);
    const connections = countOf(live.connections);
    const sharing = on('userSharing') && ((devices ?? 0) > limit || (ips ?? 0) > limit) && isActive(user);
    const online = on('userOnlineExpired') && ended !== undefined && (live.online === true || (connections ?? 0) > 0);
    if (!sharing && !online) continue;
    // Made only for a user that is a finding: most users the pass keeps are not.
    const name = plainLabel(textOf(user.label) ?? user.id, 120);
    const subject = { kind: 'user' as const, id: user.id, name };
    if (sharing) {
      findings.push({
        ...base, kind: 'userSharing', subject, severity: 'warning', user, fingerprint: `sharing|${devices ?? ''}|${ips ?? ''}`,
        message: t('User "{0}" is shared beyond {1}: devices in the last 15 minutes: {2}; IP addresses: {3}.', name, numberText(limit), devices === undefined ? '?' : numberText(devices), ips === undefined ? '?' : numberText(ips)),
      });
    }
    if (online) {
      findings.push({
        ...base, kind: 'userOnlineExpired', subject, severity: 'error', user, fingerprint: `online|${ended}`,
        message: t('User "{0}" is {1} but the panel still shows it online ({2} connections, online: {3}).', name, ended, connections === undefined ? '?' : numberText(connections), String(live.online === true)),
      });
    }
  }
  if (on('fleetUpdateLong') && pass.fleetUpdates !== undefined) findings.push(...longFleetUpdates(base, pass.fleetUpdates, settings.fleetUpdateMinutes, now, t));
  const certificate = on('certificateExpiring') ? pass.certificate : undefined;
  if (certificate) findings.push(...certificateFindings(base, certificate, now, t));
  return findings;
}

/**
 * The word for a user whose access has ended: the panel's state word when it is `expired` or `revoked`;
 * without a state word, `revoked` from its stored status or revocation time, `expired` from an end in the past.
 */
function endedAs(user: User, now: number): string | undefined {
  const state = textOf(user.state)?.toLowerCase();
  if (state !== undefined) return state === 'expired' || state === 'revoked' ? state : undefined;
  if (textOf(user.status)?.toLowerCase() === 'revoked' || textOf(user.revoked_at)) return 'revoked';
  const ends = Date.parse(textOf(user.expires_at) ?? '');
  return Number.isFinite(ends) && ends <= now ? 'expired' : undefined;
}

/** A member of the site object whose word says its deployment failed. */
const SITE_STATUS_MEMBERS = ['status', 'state', 'deployment', 'deploy_status', 'deployment_status'] as const;
const FAILED_WORDS = new Set(['failed', 'error', 'errored', 'failure']);

/**
 * A node's site deployment failed, when the site object the panel gave says so in a recognisable member:
 * a status word (`status`, `state`, `deployment`, `deploy_status`, `deployment_status`) equal to failed or error, or a
 * non-empty `error` string. The message echoes the panel's own words; any other shape gives undefined.
 */
export function siteFinding(site: unknown, nodeName: string, t: Localize): Pick<Finding, 'message' | 'fingerprint'> | undefined {
  if (!isRecord(site)) return undefined;
  const status = SITE_STATUS_MEMBERS.map((name) => textOf(site[name])).find((word) => word !== undefined && FAILED_WORDS.has(word.trim().toLowerCase()));
  const error = textOf(site.error) ?? (isRecord(site.error) ? textOf(site.error.message) : undefined);
  if (status === undefined && error === undefined) return undefined;
  const fingerprint = `site|${status ?? ''}|${error ?? ''}`;
  if (error === undefined) return { fingerprint, message: t('The site deployment of node "{0}" failed (status "{1}").', nodeName, plainLabel(status, 60)) };
  if (status === undefined) return { fingerprint, message: t('The site deployment of node "{0}" failed: {1}', nodeName, plainLabel(error, 300)) };
  return { fingerprint, message: t('The site deployment of node "{0}" failed (status "{1}"): {2}', nodeName, plainLabel(status, 60), plainLabel(error, 300)) };
}

/** When an update started, by the panel's own member; undefined when it has none that reads as a time. */
function startedAt(raw: JsonObject): { readonly text: string; readonly ms: number } | undefined {
  for (const name of ['started_at', 'created_at']) {
    const text = textOf(raw[name]);
    const ms = text === undefined ? NaN : Date.parse(text);
    if (text !== undefined && Number.isFinite(ms)) return { text, ms };
  }
  return undefined;
}

/** The updates of the answer still running (status running, queued, in_progress, pending) longer than `minutes`. */
function longFleetUpdates(base: Pick<Finding, 'panelId' | 'panelName'>, answer: unknown, minutes: number, now: number, t: Localize): Finding[] {
  return fleetUpdatesOf(answer).flatMap((update): Finding[] => {
    const started = update.running ? startedAt(update.raw) : undefined;
    if (!started || now - started.ms <= minutes * 60_000) return [];
    const target = textOf(update.raw.target_version);
    const name = plainLabel(target ? `${update.id} → ${target}` : update.id, 120);
    return [{
      ...base, kind: 'fleetUpdateLong', subject: { kind: 'fleetUpdate', id: update.id, name }, severity: 'warning', fleetUpdate: update.raw,
      fingerprint: `update|${update.status}|${started.text}`,
      message: t('Fleet update "{0}" is {1} since {2} ({3} minutes, over {4}).', name, plainLabel(update.status, 40), started.text, numberText(Math.floor((now - started.ms) / 60_000)), numberText(minutes)),
    }];
  });
}

/** The panel's certificate ends within 14 days (or has ended), or is not the self-signed one trusted for it. */
export function certificateFindings(base: Pick<Finding, 'panelId' | 'panelName'>, certificate: CertificateHolding, now: number, t: Localize): Finding[] {
  const subject = { kind: 'certificate' as const, id: 'panel', name: plainLabel(base.panelName, 120) };
  const findings: Finding[] = [];
  const ends = Date.parse(certificate.validTo);
  if (Number.isFinite(ends) && ends - now <= CERTIFICATE_DAYS * DAY_MS) {
    findings.push({
      ...base, kind: 'certificateExpiring', subject, severity: ends <= now ? 'error' : 'warning', fingerprint: `ends|${certificate.sha256}`,
      message: ends <= now
        ? t('The TLS certificate of panel "{0}" expired {1}.', subject.name, dateTimeText(ends))
        : t('The TLS certificate of panel "{0}" expires {1} (within {2} days).', subject.name, dateTimeText(ends), numberText(CERTIFICATE_DAYS)),
    });
  }
  if (certificate.trustedSha256 !== undefined && certificate.trustedSha256 !== certificate.sha256) {
    findings.push({
      ...base, kind: 'certificateExpiring', subject, severity: 'error', fingerprint: `changed|${certificate.sha256}`,
      message: t('The TLS certificate of panel "{0}" changed: it presents {1}, not the trusted self-signed certificate {2}.', subject.name, certificate.sha256, certificate.trustedSha256),
    });
  }
  return findings;
}
