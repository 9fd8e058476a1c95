/**
 * Apply jobs: queued, then running after one step, then ok, failed (a node configured to fail) or
 * rolled_back (a node configured to roll back) after another step, with log lines along the way.
 * On ok the node is clean again, its keys' profiles are synced and pending keys become active.
 */
import type { PanelRuntime } from './panelRuntime';
import type { JobRecord, NodeRecord } from './types';

export function queueApply(runtime: PanelRuntime, node: NodeRecord): JobRecord {
  const queuedAt = runtime.now();
  const job: JobRecord = {
    id: runtime.newId(),
    node_id: node.id,
    kind: 'apply',
    status: 'queued',
    queued_at: queuedAt.toISOString(),
    started_at: null,
    finished_at: null,
    error: null,
    logs: [`${queuedAt.toISOString()} apply queued for ${node.name}`],
  };
  runtime.data.jobs.push(job);
  runtime.scheduler.after(runtime.jobStepMs, () => start(runtime, node, job));
  return job;
}

function start(runtime: PanelRuntime, node: NodeRecord, job: JobRecord): void {
  const at = runtime.now().toISOString();
  job.status = 'running';
  job.started_at = at;
  const profiles = countProfiles(runtime, node.id);
  job.logs.push(`${at} rendering ${profiles} profiles`, `${at} uploading configuration to ${node.hostname}`);
  runtime.scheduler.after(runtime.jobStepMs, () => finish(runtime, node, job));
}

function finish(runtime: PanelRuntime, node: NodeRecord, job: JobRecord): void {
  const at = runtime.now().toISOString();
  job.finished_at = at;
  if (node.failure === 'apply-fails') {
    job.status = 'failed';
    job.error = 'engine reload failed: exit status 1 (config check: bind: address already in use)';
    job.logs.push(`${at} reloading engine`, `${at} ERROR ${job.error}`);
    setProfileSync(runtime, node.id, 'failed');
    return;
  }
  if (node.failure === 'apply-rolls-back') {
    job.status = 'rolled_back';
    job.error = 'health check failed after reload; previous configuration restored';
    job.logs.push(`${at} reloading engine`, `${at} health check failed`, `${at} rolled back to previous configuration`);
    return;
  }
  job.status = 'ok';
  job.logs.push(`${at} reloading engine`, `${at} health check passed`, `${at} apply finished`);
  node.dirty = false;
  node.last_apply_at = at;
  setProfileSync(runtime, node.id, 'synced');
}

function setProfileSync(runtime: PanelRuntime, nodeId: string, value: 'synced' | 'failed'): void {
  for (const key of runtime.data.keys.values()) {
    let touched = false;
    for (const binding of key.bindings) {
      if (binding.node_id === nodeId && binding.profile_sync !== 'synced') {
        binding.profile_sync = value;
        touched = true;
      }
    }
    if (touched && value === 'synced' && key.status === 'pending' && key.bindings.every((b) => b.profile_sync === 'synced')) {
      key.status = 'active';
    }
  }
}

function countProfiles(runtime: PanelRuntime, nodeId: string): number {
  let count = 0;
  for (const key of runtime.data.keys.values()) if (key.bindings.some((b) => b.node_id === nodeId)) count++;
  return count;
}
