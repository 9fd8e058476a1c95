/**
 * The log viewer's extension side under load: the simulated panel (in its own process) streams a node's log
 * at `linesPerSecond` for `seconds`; a `LogFollower` reads it with the real API client and hands batches to
 * a sink that serialises them as `postMessage` does and answers on the next turn, as a webview would.
 * Measures what was delivered, the heap growth of this process, and how late a 10 ms timer ran (a frozen
 * extension host would show as a long lag). Nothing is asserted.
 */
import { createPanelApi } from '../../src/api';
import { LogFollower, type LogSink } from '../../src/webviews/logs/logFollower';
import type { LogLine } from '../../src/webviews/logs/protocol';
import { startPanelCli } from '../demo/panel-cli-process';

export interface LogViewerMeasurement {
  readonly seconds: number;
  readonly linesPerSecond: number;
  readonly linesRead: number;
  readonly linesSent: number;
  readonly batches: number;
  readonly bytesSent: number;
  readonly heapStartMb: number;
  readonly heapEndMb: number;
  readonly heapMaxMb: number;
  readonly maxTimerLagMs: number;
}

const MB = 1024 * 1024;

export async function measureLogViewer(seconds: number, linesPerSecond: number, maxLines = 10_000): Promise<LogViewerMeasurement> {
  const panel = await startPanelCli(['--dataset', 'demo', '--log-lines-per-second', String(linesPerSecond), '--log-limit-seconds', String(seconds)]);
  const api = createPanelApi({ baseUrl: panel.url, token: panel.ownerToken });
  let linesSent = 0;
  let batches = 0;
  let bytesSent = 0;
  const post = (message: unknown, count: number) => {
    bytesSent += JSON.stringify(message).length; // what postMessage serialises
    linesSent += count;
    batches++;
    return new Promise<void>((done) => setImmediate(done));
  };
  const sink: LogSink = {
    append: (batch: LogLine[], dropped) => post({ type: 'append', lines: batch, dropped }, batch.length),
    reset: (batch: LogLine[], dropped) => post({ type: 'reset', lines: batch, dropped }, batch.length),
    connected: () => undefined,
    stopped: () => undefined,
  };
  try {
    const nodes = await api.nodes.list();
    const node = nodes.items.find((candidate) => candidate.name === 'ams-1') ?? nodes.items[0];
    (globalThis as { gc?: () => void }).gc?.();
    const heapStart = process.memoryUsage().heapUsed;
    let heapMax = heapStart;
    let maxLag = 0;
    let expected = Date.now() + 10;
    const probe = setInterval(() => {
      maxLag = Math.max(maxLag, Date.now() - expected);
      expected = Date.now() + 10;
      heapMax = Math.max(heapMax, process.memoryUsage().heapUsed);
    }, 10);
    const follower = new LogFollower({ maxLines, sink, open: (signal) => api.nodes.logs(node.id, { signal }) });
    await follower.connect();
    clearInterval(probe);
    (globalThis as { gc?: () => void }).gc?.();
    const heapEnd = process.memoryUsage().heapUsed;
    return {
      seconds,
      linesPerSecond,
      linesRead: follower.received,
      linesSent,
      batches,
      bytesSent,
      heapStartMb: heapStart / MB,
      heapEndMb: heapEnd / MB,
      heapMaxMb: heapMax / MB,
      maxTimerLagMs: maxLag,
    };
  } finally {
    await api.close();
    await panel.stop();
  }
}
