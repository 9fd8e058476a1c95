/** Messages between the audit log page and the extension. No `vscode` import. */
import { integerMember, messageObject, stringMember } from '../shared/messages';
import type { AuditRow } from './auditTable';

export interface AuditWords {
  action: string;
  /** `{0}`: two prefixes from the actions the panel returned. */
  actionPlaceholder: string;
  suggestions: string;
  user: string;
  from: string;
  to: string;
  timePlaceholder: string;
  perPage: string;
  apply: string;
  clear: string;
  previous: string;
  next: string;
  exportCsv: string;
  exportJson: string;
  onlyToken: string;
  allTokens: string;
  browserSession: string;
  noEntries: string;
}

export interface AuditFilterValues {
  action: string;
  user: string;
  from: string;
  to: string;
  perPage: number;
}

export interface AuditState {
  readonly filters: AuditFilterValues;
  readonly page: number;
  /** Known when the panel said how many entries match. */
  readonly pageCount?: number;
  readonly summary: string;
  readonly columns: readonly string[];
  readonly rows: readonly AuditRow[];
  /** The quick filter "only this token's changes", when on. */
  readonly tokenFilter?: string;
  /** Action prefixes to filter by, from the actions the panel has returned (`key.`, `node.apply`...). */
  readonly actionSuggestions: readonly string[];
  /** What the panel did to the time range (monitoring callers), as a sentence. */
  readonly rangeNote?: string;
  readonly problem?: string;
  /** Filter fields the panel (or the check before sending) refused, with why. */
  readonly fieldProblems: Readonly<Record<string, string>>;
  readonly loading: boolean;
}

export type ToAuditWebview =
  | { type: 'words'; words: AuditWords; pageSizes: readonly number[] }
  | { type: 'state'; state: AuditState };

export type FromAuditWebview =
  | { type: 'ready' }
  | { type: 'refresh' }
  | { type: 'query'; filters: AuditFilterValues }
  | { type: 'page'; page: number }
  | { type: 'onlyToken'; tokenId?: string }
  | { type: 'export'; format: 'csv' | 'json' };

export function parseAuditMessage(raw: unknown): FromAuditWebview | undefined {
  const message = messageObject(raw);
  if (!message) return undefined;
  switch (message.type) {
    case 'ready':
    case 'refresh':
      return { type: message.type };
    case 'page': {
      const page = integerMember(message, 'page', 1, 1_000_000);
      return page === undefined ? undefined : { type: 'page', page };
    }
    case 'onlyToken': {
      if (message.tokenId === undefined || message.tokenId === null) return { type: 'onlyToken' };
      const tokenId = stringMember(message, 'tokenId', 200);
      return tokenId === undefined ? undefined : { type: 'onlyToken', tokenId };
    }
    case 'export':
      return message.format === 'csv' || message.format === 'json' ? { type: 'export', format: message.format } : undefined;
    case 'query': {
      const filters = typeof message.filters === 'object' && message.filters !== null ? (message.filters as Record<string, unknown>) : undefined;
      if (!filters) return undefined;
      const text = (name: string) => stringMember(filters, name, 200);
      const perPage = integerMember(filters, 'perPage', 1, 200);
      const values = { action: text('action'), user: text('user'), from: text('from'), to: text('to') };
      if (Object.values(values).some((value) => value === undefined) || perPage === undefined) return undefined;
      return { type: 'query', filters: { ...(values as Record<keyof typeof values, string>), perPage } };
    }
    default:
      return undefined;
  }
}
