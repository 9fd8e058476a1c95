/** Apply (202 `{queued: true}`), the job history (newest first) and the streaming node log. */
import type { ServerResponse } from 'node:http';
import { queueApply } from '../applyJobs';
import { accepted, ok, type HandlerContext, type HandlerTable } from '../handlerTypes';
import type { NodeRecord } from '../types';
import { intParam } from '../queryParams';

const LOG_LINE_INTERVAL_MS = 60;
const FOLLOW_LINE_INTERVAL_MS = 500;
const FOLLOW_LIMIT_MS = 30_000;

function apply(ctx: HandlerContext) {
  ctx.body.json([]);
  const node = ctx.panel.onlineNode(ctx.params.id);
  const job = queueApply(ctx.panel, node);
  ctx.panel.audit.record(ctx.caller, 'nodes.apply', { type: 'node', id: node.id }, { job_id: job.id });
  return accepted({ queued: true });
}

function jobs(ctx: HandlerContext) {
  const node = ctx.panel.node(ctx.params.id);
  const limit = intParam(ctx.query.get('limit'), 1, 100, 20);
  const items = ctx.panel.data.jobs
    .filter((job) => job.node_id === node.id)
    .sort((a, b) => Date.parse(b.queued_at) - Date.parse(a.queued_at))
    .slice(0, limit)
    .map((job) => ({
      id: job.id,
      node_id: job.node_id,
      kind: job.kind,
      status: job.status,
      queued_at: job.queued_at,
      started_at: job.started_at,
      finished_at: job.finished_at,
      error: job.error,
      logs: [...job.logs],
    }));
  return ok(items);
}

function logLine(node: NodeRecord, n: number): string {
  const messages = ['accepted connection', 'handshake ok', 'client closed', 'config reloaded', 'health probe ok', 'stats flushed'];
  return `${new Date().toISOString()} ${node.name} engine[${1000 + n}]: ${messages[n % messages.length]}\n`;
}

/** Writes a few lines then ends; with `?follow=1` keeps writing until the client leaves or 30 s pass. */
function logs(ctx: HandlerContext) {
  const node = ctx.panel.onlineNode(ctx.params.id);
  const follow = ctx.query.get('follow') === '1' || ctx.query.get('follow') === 'true';
  const history = ctx.panel.data.jobs.filter((job) => job.node_id === node.id).flatMap((job) => job.logs).slice(-5);
  return {
    stream: (res: ServerResponse, until: AbortSignal) => {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
      const started = Date.now();
      let n = 0;
      for (const line of history) res.write(`${line}\n`);
      const finish = () => {
        clearInterval(timer);
        until.removeEventListener('abort', finish);
        if (!res.writableEnded) res.end();
      };
      const timer = setInterval(() => {
        res.write(logLine(node, n++));
        if ((!follow && n >= 8) || Date.now() - started >= FOLLOW_LIMIT_MS) finish();
      }, follow ? FOLLOW_LINE_INTERVAL_MS : LOG_LINE_INTERVAL_MS);
      res.on('close', finish);
      until.addEventListener('abort', finish);
    },
  };
}

export const nodeJobHandlers: HandlerTable = {
  'POST /nodes/{id}/apply': apply,
  'GET /nodes/{id}/jobs': jobs,
  'GET /nodes/{id}/logs': logs,
};
