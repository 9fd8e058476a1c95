/**
 * `GET /nodes/{id}/logs`: the node's recent job log lines, then engine lines — 8 lines 60 ms apart and the
 * end, or with `?follow=1` (or the panel's `logStream.follow` option) lines until the client leaves or the
 * time limit passes, at `linesPerSecond` (fast enough for the log viewer's benchmark). A node with
 * `logNoise` mixes those lines in. Each stream is recorded with who ended it.
 */
import type { ServerResponse } from 'node:http';
import type { HandlerContext } from '../handlerTypes';
import type { LogStreamRecord, NodeRecord } from '../types';

const SHORT_LINES = 8;
const SHORT_INTERVAL_MS = 60;
const FOLLOW_LINES_PER_SECOND = 2;
const FOLLOW_LIMIT_MS = 30_000;
/** Timer period while following; more lines per second are written several per tick. */
const TICK_MS = 50;

function logLine(node: NodeRecord, n: number, at: string): string {
  const messages = ['accepted connection', 'handshake ok', 'client closed', 'config reloaded', 'health probe ok', 'stats flushed'];
  const noise = node.logNoise;
  if (noise && noise.length > 0 && n % 3 === 2) return `${noise[Math.floor(n / 3) % noise.length]}\n`;
  return `${at} ${node.name} engine[${1000 + n}]: ${messages[n % messages.length]}\n`;
}

export function nodeLogStream(ctx: HandlerContext) {
  const node = ctx.panel.onlineNode(ctx.params.id);
  const options = ctx.panel.logStream;
  const follow = ctx.query.get('follow') === '1' || ctx.query.get('follow') === 'true' || options.follow === true;
  const perSecond = Math.max(1, options.linesPerSecond ?? FOLLOW_LINES_PER_SECOND);
  const limitMs = options.limitMs ?? FOLLOW_LIMIT_MS;
  const history = ctx.panel.data.jobs.filter((job) => job.node_id === node.id).flatMap((job) => job.logs).slice(-5);
  const record: LogStreamRecord = { nodeId: node.id, lines: 0 };
  ctx.panel.logStreams.push(record);
  return {
    stream: (res: ServerResponse, until: AbortSignal) => {
      res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
      const started = Date.now();
      for (const line of history) res.write(`${line}\n`);
      const finish = (endedBy: 'client' | 'panel') => {
        clearInterval(timer);
        until.removeEventListener('abort', byPanel);
        record.endedBy ??= endedBy;
        if (!res.writableEnded) res.end();
      };
      const byPanel = () => finish('panel');
      const write = () => {
        if (!follow) {
          res.write(logLine(node, record.lines++, new Date().toISOString()));
          if (record.lines >= SHORT_LINES) finish('panel');
          return;
        }
        // Lines due by now at the chosen rate, so a slow timer does not lower the rate.
        const due = Math.floor(((Date.now() - started) / 1000) * perSecond) + 1;
        const at = new Date().toISOString();
        let chunk = '';
        while (record.lines < due) chunk += logLine(node, record.lines++, at);
        if (chunk && !res.write(chunk) && perSecond > 100) {
          // A fast stream respects backpressure: it waits for the client to read instead of buffering.
          clearInterval(timer);
          res.once('drain', () => {
            if (!res.writableEnded) timer = setInterval(tick, TICK_MS);
          });
        }
        if (Date.now() - started >= limitMs) finish('panel');
      };
      const tick = () => write();
      let timer = setInterval(tick, follow ? Math.min(TICK_MS, 1000 / perSecond) : SHORT_INTERVAL_MS);
      res.on('close', () => finish(res.writableEnded ? 'panel' : 'client'));
      until.addEventListener('abort', byPanel);
    },
  };
}
