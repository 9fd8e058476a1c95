/**
 * The panel-wide user figures of the Users view's description ("300 users · 6 online · 9 devices"), from
 * the panel only: `GET /keys/summary`, whose shape the contract does not show, read defensively (any
 * object; the number of users under `total` or `count`, at the top or under `keys`/`users`; `online` and
 * `devices` when they are counts), and where it says no number of users, the sum of the six state
 * groups' totals (`GET /keys?state=X`, whose `total` the contract does show; every user is in exactly one
 * state). Never a figure kept up by counting local events. No `vscode` import (unit-tested).
 */

export interface UsersFigures {
  readonly users?: number;
  readonly online?: number;
  readonly devices?: number;
}

function countOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

function objectOf(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : undefined;
}

/** What a `/keys/summary` answer says, read defensively; members it does not have are left out. */
export function summaryFigures(answer: unknown): UsersFigures {
  const top = objectOf(answer);
  if (!top) return {};
  const nested = [objectOf(top.keys), objectOf(top.users)].filter((part) => part !== undefined);
  const first = (name: string): number | undefined => {
    for (const part of [top, ...nested]) {
      const value = countOf(part[name]);
      if (value !== undefined) return value;
    }
    return undefined;
  };
  const users = first('total') ?? first('count') ?? countOf(top.users) ?? countOf(top.keys);
  return { users, online: first('online'), devices: first('devices') };
}

/**
 * The figures to show: the summary's, with the number of users from the state groups' totals when the
 * summary gives none (unreadable, another shape, not read). `stateTotals`: the panel's total of each of
 * the six state groups, unfiltered; undefined while any of them is unknown.
 */
export function usersFigures(summary: UsersFigures | undefined, stateTotals: readonly (number | undefined)[] | undefined): UsersFigures {
  const sum = stateTotals && stateTotals.length > 0 && stateTotals.every((total) => total !== undefined)
    ? stateTotals.reduce<number>((all, total) => all + (total ?? 0), 0)
    : undefined;
  return { ...summary, users: summary?.users ?? sum };
}
