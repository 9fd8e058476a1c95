import * as vscode from 'vscode';
import { DEFAULT_FINDING_SETTINGS, FINDING_KINDS, type FindingKind, type FindingSettings } from '../state/fleetFindings';

/** The section of the fleet to-do's settings. */
export const TODO_SECTION = 'panelOps.todo';

/** Each kind's on/off setting under `panelOps.todo.` (e.g. `panelOps.todo.nodeOffline`). */
export const KIND_SETTINGS: Readonly<Record<FindingKind, string>> = {
  nodeOffline: 'nodeOffline',
  nodeUnapplied: 'nodeUnapplied',
  applyFailed: 'applyFailed',
  alertUnresolved: 'alertUnresolved',
  userExpiring: 'userExpiring',
};

export interface TodoSettings extends FindingSettings {
  /** Panels whose findings are not shown: by name or address, as the operator wrote them. */
  readonly muted: readonly string[];
}

/** `panelOps.todo.*`: each kind on or off, the thresholds (a number below zero or not a number: the default), the muted panels. */
export function todoSettings(): TodoSettings {
  const settings = vscode.workspace.getConfiguration(TODO_SECTION);
  const off = new Set(FINDING_KINDS.filter((kind) => settings.get<unknown>(KIND_SETTINGS[kind], true) === false));
  const threshold = (name: string, fallback: number) => {
    const value = settings.get<unknown>(name, fallback);
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
  };
  const muted = settings.get<unknown>('mutedPanels', []);
  return {
    off,
    unappliedHours: threshold('unappliedHours', DEFAULT_FINDING_SETTINGS.unappliedHours),
    expiringDays: threshold('expiringDays', DEFAULT_FINDING_SETTINGS.expiringDays),
    muted: Array.isArray(muted) ? muted.filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '').map((entry) => entry.trim()) : [],
  };
}
