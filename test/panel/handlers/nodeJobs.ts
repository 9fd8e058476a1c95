/** Apply (202 `{queued: true}`), the job history (newest first) and the streaming node log (nodeLogStream.ts). */
import { queueApply } from '../applyJobs';
import { accepted, ok, type HandlerContext, type HandlerTable } from '../handlerTypes';
import { intParam } from '../queryParams';
import { nodeLogStream } from './nodeLogStream';

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

export const nodeJobHandlers: HandlerTable = {
  'POST /nodes/{id}/apply': apply,
  'GET /nodes/{id}/jobs': jobs,
  'GET /nodes/{id}/logs': nodeLogStream,
};
