import type * as vscode from 'vscode';
import type { KeyListQuery } from '../../api/types';
import type { UsersTableFile } from '../../editors/usersTableFiles';
import type { NodeNames, UserState } from '../../usersTable/userRows';
import type { UsersPlan } from '../../usersTable/usersPlan';

/** Where a table's users came from: a listing (a group, the filter, a node's users) or a selection. */
export type TableOrigin =
  | { readonly kind: 'query'; readonly query: KeyListQuery }
  | { readonly kind: 'selection'; readonly ids: readonly string[] };

/** The last plan a save of a table made, and its read-only document. */
export interface SavedPlan {
  readonly plan: UsersPlan;
  readonly uri: vscode.Uri;
  /** The table's version it was made from: a later save makes it stale. */
  readonly version: number;
}

/** A users table open in this window: what it was read with, and its last plan. */
export interface TableSession {
  readonly file: UsersTableFile;
  readonly origin: TableOrigin;
  /** What the table holds, in words (`users in state "active"`). */
  readonly what: string;
  base: UserState[];
  baseMap: Map<string, UserState>;
  names: NodeNames;
  /** How many users the listing held when read. */
  total?: number;
  version: number;
  plan?: SavedPlan;
  /** Rows are still being read. */
  loading: boolean;
}

/** The users tables of this window, by their URI and by their plans' URIs. */
export class TableSessions {
  private readonly tables = new Map<string, TableSession>();
  private readonly plans = new Map<string, string>();

  add(session: TableSession): void {
    this.tables.set(session.file.uri.toString(), session);
  }

  get(uri: vscode.Uri): TableSession | undefined {
    return this.tables.get(uri.toString());
  }

  setPlan(session: TableSession, plan: SavedPlan): void {
    session.plan = plan;
    this.plans.set(plan.uri.toString(), session.file.uri.toString());
  }

  /** The table a plan document belongs to, and whether that plan is its latest. */
  ofPlan(uri: vscode.Uri): { session: TableSession; current: boolean } | undefined {
    const table = this.plans.get(uri.toString());
    const session = table ? this.tables.get(table) : undefined;
    return session ? { session, current: session.plan?.uri.toString() === uri.toString() } : undefined;
  }

  isPlan(uri: vscode.Uri): boolean {
    return this.plans.has(uri.toString());
  }
}
