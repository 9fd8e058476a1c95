/**
 * The fleet to-do's types (issue 35): the kinds of finding, a finding, its settings, and what one panel's
 * stores and the to-do's own pass hold, as the findings read them. No `vscode` import.
 */
import type { ApplyJob, JsonObject, PanelNode, User } from '../api/types';
import type { Alert } from './alertsModel';

export const FINDING_KINDS = [
  'nodeOffline', 'nodeUnapplied', 'applyFailed', 'siteFailed', 'alertUnresolved', 'userExpiring', 'userOnOfflineNodes',
  'userSharing', 'userOnlineExpired', 'fleetUpdateLong', 'certificateExpiring',
] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];
export type FindingSeverity = 'error' | 'warning' | 'info';

/** What a finding is about: a node, an alert or a user of its panel, by id; the name is untrusted panel text. */
export interface FindingSubject {
  readonly kind: 'node' | 'alert' | 'user' | 'fleetUpdate' | 'certificate';
  /**
   * The node's or user's id, the alert's id as its digits (else its title and time: `alertSubjectId`), the
   * fleet update's id; the panel's certificate has the id `panel`.
   */
  readonly id: string;
  readonly name: string;
}

export interface Finding {
  readonly kind: FindingKind;
  readonly panelId: string;
  /** Untrusted panel text. */
  readonly panelName: string;
  readonly subject: FindingSubject;
  readonly severity: FindingSeverity;
  /** One sentence with the panel's own figures (its values, untrusted, made plain where shown). */
  readonly message: string;
  /** What the finding says, as text: it changes when the subject's figures change (Ignore lasts until then). */
  readonly fingerprint: string;
  readonly node?: PanelNode;
  readonly alert?: Alert;
  readonly user?: User;
  readonly job?: ApplyJob;
  /** A fleet update as the panel gave it (its shape is not shown by the contract). */
  readonly fleetUpdate?: JsonObject;
}

export interface FindingSettings {
  /** Kinds turned off. */
  readonly off: ReadonlySet<FindingKind>;
  /** A dirty node is a finding once its last apply is older than this (hours; default 2). */
  readonly unappliedHours: number;
  /** An active user is a finding when its access ends within this (days; default 3). */
  readonly expiringDays: number;
  /** A user is shared when `live.devices_15m` or `live.ips` is above this (default 3). */
  readonly sharingThreshold: number;
  /** A fleet update is a finding once it has run longer than this (minutes; default 30). */
  readonly fleetUpdateMinutes: number;
}

export const DEFAULT_FINDING_SETTINGS: FindingSettings = { off: new Set(), unappliedHours: 2, expiringDays: 3, sharingThreshold: 3, fleetUpdateMinutes: 30 };

/** What one panel's stores hold, as the findings read it. */
export interface PanelHoldings {
  readonly panelId: string;
  readonly panelName: string;
  /** The nodes list held (undefined before a read). */
  readonly nodes: readonly unknown[] | undefined;
  /** The recent jobs held for a node, newest first (undefined when none were read). */
  readonly jobsOf: (nodeId: string) => readonly unknown[] | undefined;
  /** The alerts held (undefined before a read). */
  readonly alerts: readonly Alert[] | undefined;
  /** Every user the panel's store holds. */
  readonly users: Iterable<unknown>;
  /** Since when (ms) the node was first seen offline, when known. */
  readonly offlineSince: (nodeId: string) => number | undefined;
  /** A node's site as the node details store holds it (undefined when not read). */
  readonly siteOf?: (nodeId: string) => unknown;
  /** What the fleet to-do's own pass read last (state/fleetTodoPass.ts); undefined before its first pass. */
  readonly pass?: PassHoldings;
  /** The newest copy the users store holds of a user, by id (a disable's answer): it outranks the pass's. */
  readonly userHeld?: (userId: string) => unknown;
}

/** What the panel's certificate was when the pass read it, and the one this window trusts for it (self-signed). */
export interface CertificateHolding {
  /** The certificate's end, as the TLS stack gives it ("Jan  1 00:00:00 2027 GMT"). */
  readonly validTo: string;
  readonly sha256: string;
  /** The SHA-256 fingerprint of the self-signed certificate trusted for this panel, if one is. */
  readonly trustedSha256?: string;
}

/** What the pass read last of one panel. */
export interface PassHoldings {
  /** The users whose `live` figures could make a finding (anything online, connected or seen), compacted. */
  readonly users: readonly User[];
  /** The `GET /fleet/updates` answer as read; undefined when not read (no nodes:write, or the kind off). */
  readonly fleetUpdates?: unknown;
  readonly certificate?: CertificateHolding;
}
