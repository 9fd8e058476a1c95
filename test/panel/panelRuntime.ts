/** What handlers share: the live data, product names, the clock, timers and the audit log. */
import { randomBytes, randomUUID } from 'node:crypto';
import { ApiError, notFound } from './apiError';
import { AuditLog } from './auditLog';
import { isUuid } from './fieldChecks';
import { Readings, type ReadingOptions } from './readings';
import { Scheduler } from './scheduler';
import type { KeyRecord, LogStreamOptions, LogStreamRecord, NodeRecord, PanelData } from './types';

export class PanelRuntime {
  readonly scheduler = new Scheduler();
  readonly audit: AuditLog;
  /** Log streams answered, for tests that check a client closed its stream. */
  readonly logStreams: LogStreamRecord[] = [];
  /** When the settings last changed (the second reading shows it as the read-only `updated_at`). */
  settingsUpdatedAt = new Date().toISOString();
  /** The panel's own origin, when known (the second reading shows it as the read-only settings field `base_url`). */
  publicOrigin?: string;
  /** Which reading of the bodies the spec does not show each route plays (readings.ts). */
  readonly readings: Readings;

  constructor(
    readonly data: PanelData,
    readonly names: { engine: string; messenger: string },
    readonly jobStepMs: number,
    readonly logStream: LogStreamOptions = {},
    readings: ReadingOptions = {},
  ) {
    this.readings = new Readings(readings);
    this.audit = new AuditLog(data, () => this.now());
  }

  now(): Date {
    return new Date();
  }

  newId(): string {
    return randomUUID();
  }

  newHex(bytes: number): string {
    return randomBytes(bytes).toString('hex');
  }

  key(id: string): KeyRecord {
    const key = isUuid(id) ? this.data.keys.get(id.toLowerCase()) : undefined;
    if (!key) throw notFound('key');
    return key;
  }

  node(id: string): NodeRecord {
    const node = isUuid(id) ? this.data.nodes.get(id.toLowerCase()) : undefined;
    if (!node) throw notFound('node');
    return node;
  }

  /** A node that must answer live (apply, restart, health...): 503 when it is offline. */
  onlineNode(id: string): NodeRecord {
    const node = this.node(id);
    if (node.status === 'offline') {
      throw new ApiError(503, 'node_offline', `node ${node.name} is offline`);
    }
    return node;
  }

  /** A key change is configuration the key's nodes have not applied yet. */
  markKeyChanged(key: KeyRecord): void {
    for (const binding of key.bindings) {
      binding.profile_sync = 'pending';
      const node = this.data.nodes.get(binding.node_id);
      if (node) node.dirty = true;
    }
  }
}
