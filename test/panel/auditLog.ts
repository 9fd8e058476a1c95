/** Appends audit entries for mutations (spec 2.6, 5.12): every entry carries the token id in `api_token_id`. */
import type { Caller } from './tokenAuthority';
import type { AuditEntry, PanelData } from './types';

export class AuditLog {
  constructor(
    private readonly data: PanelData,
    private readonly now: () => Date,
  ) {}

  record(caller: Caller, action: string, target: { type: string; id: string | null }, details: AuditEntry['details'] = {}): void {
    const last = this.data.audit[this.data.audit.length - 1];
    this.data.audit.push({
      id: (last?.id ?? 0) + 1,
      created_at: this.now().toISOString(),
      action,
      actor: caller.account.username,
      api_token_id: caller.token.id,
      target,
      details,
    });
  }
}
