import * as vscode from 'vscode';
import { DEFAULT_FINDING_SETTINGS, FINDING_KINDS, type FindingSettings } from '../state/fleetFindings';

/** The section of the fleet to-do's settings. */
export const TODO_SECTION = 'panelOps.todo';

export interface TodoSettings extends FindingSettings {
  /** Panels whose findings are not shown: by name or address, as the operator wrote them. */
  readonly muted: readonly string[];
  /** The fleet to-do's own pass runs at most this often per panel (minutes; default 15; 0: never). */
  readonly livePassMinutes: number;
}

/** Default of `panelOps.todo.livePassMinutes`. */
export const LIVE_PASS_MINUTES = 15;

/** `panelOps.todo.*`: each kind on or off (`panelOps.todo.<kind>`, e.g. `panelOps.todo.nodeOffline`), the thresholds (a number below zero or not a number: the default), the muted panels. */
export function todoSettings(): TodoSettings {
  const settings = vscode.workspace.getConfiguration(TODO_SECTION);
  const off = new Set(FINDING_KINDS.filter((kind) => settings.get<unknown>(kind, true) === false));
  const threshold = (name: string, fallback: number) => {
    const value = settings.get<unknown>(name, fallback);
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
  };
  const muted = settings.get<unknown>('mutedPanels', []);
  return {
    off,
    unappliedHours: threshold('unappliedHours', DEFAULT_FINDING_SETTINGS.unappliedHours),
    expiringDays: threshold('expiringDays', DEFAULT_FINDING_SETTINGS.expiringDays),
    sharingThreshold: threshold('sharingThreshold', DEFAULT_FINDING_SETTINGS.sharingThreshold),
    fleetUpdateMinutes: threshold('fleetUpdateMinutes', DEFAULT_FINDING_SETTINGS.fleetUpdateMinutes),
    livePassMinutes: threshold('livePassMinutes', LIVE_PASS_MINUTES),
    muted: Array.isArray(muted) ? muted.filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '').map((entry) => entry.trim()) : [],
  };
}
