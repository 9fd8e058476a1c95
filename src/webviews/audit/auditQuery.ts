/**
 * The audit log's filters as the page sends them, checked and turned into the `GET /audit` query (spec
 * 4.1: page, per_page 1..200, action prefix, exact administrator, from/to RFC 3339), and what the panel
 * did to the time range of a monitoring-scope caller (from defaults to 24 hours before to, to defaults to
 * now, at most 31 days). No `vscode` import (unit-tested).
 */
import { scopeOf, type Scope } from '../../api/catalog';
import type { AuditQuery } from '../../api/types';

export interface AuditFilters {
  readonly action?: string;
  readonly user?: string;
  readonly from?: string;
  readonly to?: string;
}

export const AUDIT_PAGE_SIZES = [50, 100, 200] as const;
export const MAX_AUDIT_PER_PAGE = 200;
const DAY_MS = 86_400_000;
export const MONITORING_RANGE_DAYS = 31;

export type FilterProblem = 'from' | 'to' | 'range';

export interface CheckedQuery {
  /** The query to send, or undefined when a filter cannot be sent as it is. */
  readonly query?: AuditQuery;
  /** Which filters are wrong: a time that is not RFC 3339, or `from` after `to`. */
  readonly problems: readonly FilterProblem[];
}

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2})?$/;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A time the user typed as RFC 3339: full RFC 3339 is kept; a date alone is its midnight UTC; missing
 * seconds are `:00`; a missing zone is UTC (`Z`). Undefined when it is none of these or not a real time.
 */
export function normaliseTime(text: string): string | undefined {
  const value = text.trim();
  let normalised: string;
  if (DATE_ONLY.test(value)) {
    normalised = `${value}T00:00:00Z`;
  } else {
    const match = RFC3339.exec(value);
    if (!match) return undefined;
    const [, year, month, day, hour, minute, second = '00', fraction = '', zone = 'Z'] = match;
    normalised = `${year}-${month}-${day}T${hour}:${minute}:${second}${fraction}${zone.toUpperCase()}`;
  }
  const ms = Date.parse(normalised);
  if (Number.isNaN(ms)) return undefined;
  // Date.parse rolls over impossible dates (2026-02-30): compare the calendar date back.
  const [datePart] = normalised.split('T');
  const check = /[+-]\d{2}:\d{2}$/.test(normalised) ? undefined : new Date(ms).toISOString().slice(0, 10);
  if (check !== undefined && check !== datePart) return undefined;
  return normalised;
}

export function clampAuditPerPage(perPage: number | undefined): number {
  if (perPage === undefined || !Number.isInteger(perPage) || perPage < 1) return 50;
  return Math.min(perPage, MAX_AUDIT_PER_PAGE);
}

/** Builds the query of one page; empty filters are left out. */
export function auditQuery(filters: AuditFilters, page: number, perPage: number): CheckedQuery {
  const problems: FilterProblem[] = [];
  const from = filters.from?.trim() ? normaliseTime(filters.from) : undefined;
  const to = filters.to?.trim() ? normaliseTime(filters.to) : undefined;
  if (filters.from?.trim() && !from) problems.push('from');
  if (filters.to?.trim() && !to) problems.push('to');
  if (from && to && Date.parse(from) > Date.parse(to)) problems.push('range');
  if (problems.length > 0) return { problems };
  return {
    problems,
    query: {
      page: Math.max(1, Math.floor(page) || 1),
      per_page: clampAuditPerPage(perPage),
      action: filters.action?.trim() || undefined,
      user: filters.user?.trim() || undefined,
      from,
      to,
    },
  };
}

/**
 * Spec 4.1's "monitoring-scope caller": the token holds monitoring scopes and nothing else besides
 * audit:read. For it the panel fills in and caps the time range.
 */
export function isMonitoringCaller(scopes: Iterable<Scope>): boolean {
  const auditScope = scopeOf('audit.list');
  const monitoring = scopeOf('dashboard.summary').split(':')[0];
  const list = [...scopes].filter((scope) => scope !== auditScope);
  return list.length > 0 && list.every((scope) => scope.split(':')[0] === monitoring);
}

/** What the panel did to the range, for the sentence under the filters. */
export interface RangeNote {
  /** The caller is (or, from the answer, acts as) a monitoring-scope caller. */
  readonly monitoringCaller: boolean;
  /** `from` was not given and the panel chose it (24 hours before `to`). */
  readonly fromDefaulted: boolean;
  /** `to` was not given and the panel chose it (now). */
  readonly toDefaulted: boolean;
  /** The range asked for was longer than 31 days, so the panel raised `from`. */
  readonly capped: boolean;
  /** The range the panel says it applied (its answer's `from`/`to`), when it says. */
  readonly appliedFrom?: string;
  readonly appliedTo?: string;
}

/**
 * Compares the query with the answer: a monitoring caller (known from its scopes, or seen from an answer
 * that carries a range nobody asked for) gets a note; undefined when the panel applied nothing of its own.
 */
export function rangeNote(query: AuditQuery, answer: unknown, monitoringCaller: boolean | undefined): RangeNote | undefined {
  const page = typeof answer === 'object' && answer !== null ? (answer as Record<string, unknown>) : {};
  const appliedFrom = typeof page.from === 'string' && page.from ? page.from : undefined;
  const appliedTo = typeof page.to === 'string' && page.to ? page.to : undefined;
  const panelChoseFrom = !query.from && appliedFrom !== undefined;
  const panelChoseTo = !query.to && appliedTo !== undefined;
  const raised = query.from !== undefined && appliedFrom !== undefined && Date.parse(appliedFrom) > Date.parse(query.from) + 1000;
  const caller = monitoringCaller ?? (panelChoseFrom || panelChoseTo || raised);
  if (!caller) return undefined;
  const start = query.from ? Date.parse(query.from) : undefined;
  const end = query.to ? Date.parse(query.to) : appliedTo ? Date.parse(appliedTo) : Date.now();
  const capped = raised || (start !== undefined && end - start > MONITORING_RANGE_DAYS * DAY_MS);
  return {
    monitoringCaller: true,
    fromDefaulted: !query.from,
    toDefaulted: !query.to,
    capped,
    appliedFrom,
    appliedTo,
  };
}
