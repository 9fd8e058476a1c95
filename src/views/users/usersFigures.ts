/**
 * The panel-wide user figures of the Users view's description ("300 users · 6 online · 9 devices"), from
 * the panel only: `GET /keys/summary`, whose shape the contract does not show, read defensively (any
 * object; the number of users under `total` or `count`, at the top or under `keys`/`users`; `online` and
 * `devices` when they are counts), and where it says no number of users, the sum of the six state
 * groups' totals (`GET /keys?state=X`, whose `total` the contract does show; every user is in exactly one
 * state). Never a figure kept up by counting local events. No `vscode` import (unit-tested).
 */
import { userCountsOf } from '../../state/userAnswers';

export interface UsersFigures {
  readonly users?: number;
  readonly online?: number;
  readonly devices?: number;
}

/** What a `/keys/summary` answer says (read by state/userAnswers.ts); members it does not have are left out. */
export function summaryFigures(answer: unknown): UsersFigures {
  const { total, online, devices } = userCountsOf(answer);
  return { users: total, online, devices };
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
