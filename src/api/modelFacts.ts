/**
 * What of a panel's objects may be given to a language model (the chat tools): an allow-list of fields per
 * resource, never a deny-list, so a field the panel adds later (or a hostile panel invents) is left out.
 * Secrets, proxy links, QR codes, subscription slugs and URLs, tokens and registration secrets are not on
 * any list; the free text that is (labels, notes, errors, log lines) is scrubbed of anything
 * credential-like (URLs, `secret=` values, bearer tokens, long hex or base64 runs) and of terminal escapes.
 * No `vscode` import (unit-tested against the simulated panel's hostile data set).
 */
import { redact } from './redaction';

type Facts = Record<string, unknown>;

/** Longest text kept from one field or log line. */
const MAX_TEXT = 300;

/** Fields of a user (spec 2.1) a model may read; `live` and `nodes` are narrowed below. */
const USER_FIELDS = ['id', 'label', 'type', 'note', 'owner_label', 'state', 'status', 'created_at', 'expires_at', 'disabled_at', 'revoked_at', 'last_seen_at', 'subscription_active'] as const;
const USER_LIVE_FIELDS = ['online', 'connections', 'devices', 'devices_15m', 'ips'] as const;
const USER_NODE_FIELDS = ['node_id', 'node_name', 'profile_sync'] as const;
/** Fields of a node (spec 2.3 names status, dirty, last_apply_at; the others are common read-outs). */
const NODE_FIELDS = ['id', 'name', 'status', 'dirty', 'last_apply_at', 'region', 'country', 'version', 'enabled'] as const;
/** Fields of an apply job (spec 2.3); `logs` is not one: a log tail goes through `logFacts`. */
const JOB_FIELDS = ['id', 'kind', 'status', 'queued_at', 'started_at', 'finished_at', 'error'] as const;
/** Fields of an alert (shape open in the spec: the names panels use). */
const ALERT_FIELDS = ['id', 'severity', 'level', 'kind', 'type', 'title', 'message', 'node_id', 'node_name', 'subject', 'created_at', 'resolved', 'resolved_at'] as const;

export function userFacts(key: unknown): Facts {
  const facts = pick(key, USER_FIELDS);
  const record = asRecord(key);
  const live = asRecord(record?.live);
  if (live) facts.live = pick(live, USER_LIVE_FIELDS);
  if (Array.isArray(record?.nodes)) facts.nodes = record.nodes.slice(0, 50).map((binding) => pick(binding, USER_NODE_FIELDS));
  return facts;
}

export function nodeFacts(node: unknown): Facts {
  return pick(node, NODE_FIELDS);
}

export function jobFacts(job: unknown): Facts {
  return pick(job, JOB_FIELDS);
}

export function alertFacts(alert: unknown): Facts {
  return pick(alert, ALERT_FIELDS);
}

/** The last `count` lines of a log, each scrubbed. */
export function logFacts(text: string, count: number): string[] {
  return text.split(/\r?\n/).map(scrubText).filter((line) => line !== '').slice(-count);
}

/**
 * Free text made safe to hand to a model: one line without terminal escapes or control characters, URLs
 * and credential-like runs replaced, at most MAX_TEXT characters.
 */
export function scrubText(value: string): string {
  const plain = value
     
    .replace(/\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?/g, '') // OSC (titles, hyperlinks)
     
    .replace(/\u001b\[[0-9;?]*[ -/]*[@-~]/g, '') // CSI (colours, clear screen)
     
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]+/g, ' ');
  const scrubbed = redact(plain, [])
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '[link removed]')
    .replace(/\b(?:t\.me|telegram\.me)\/\S+/gi, '[link removed]')
    .replace(/\b(?:command|javascript|vbscript|data|file|vscode|tg):\S*/gi, '[link removed]')
    .replace(/\b(secret|token|password|passwd|key|sig|signature|auth)(\s*[=:]\s*)("?)[^\s"&,;]+/gi, '$1$2$3[redacted]')
    .replace(/\b[0-9a-f]{16,}\b/gi, '[redacted]')
    .replace(/[A-Za-z0-9_+/=-]{32,}/g, (run) => (/\d/.test(run) && /[A-Za-z]/.test(run) ? '[redacted]' : run))
    .replace(/\s+/g, ' ')
    .trim();
  return scrubbed.length > MAX_TEXT ? `${scrubbed.slice(0, MAX_TEXT - 1)}…` : scrubbed;
}

function pick(value: unknown, fields: readonly string[]): Facts {
  const record = asRecord(value);
  const facts: Facts = {};
  if (!record) return facts;
  for (const field of fields) {
    if (!Object.prototype.hasOwnProperty.call(record, field)) continue;
    const fact = ID_FIELDS.has(field) ? idOf(record[field]) : factOf(record[field]);
    if (fact !== undefined) facts[field] = fact;
  }
  return facts;
}

const ID_FIELDS = new Set(['id', 'node_id']);

/** An identifier as it came (the write tools need it exactly), when it looks like one; else left out. */
function idOf(value: unknown): unknown {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'bigint') return value.toString();
  return typeof value === 'string' && /^[A-Za-z0-9._:-]{1,64}$/.test(value) ? value : undefined;
}

/** Scalars only (a nested object could hide anything); strings scrubbed; int64 beyond 2^53 as text. */
function factOf(value: unknown): unknown {
  if (value === null || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string') return scrubText(value);
  return undefined;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value as Record<string, unknown> : undefined;
}
