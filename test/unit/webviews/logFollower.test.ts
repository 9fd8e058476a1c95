// The log viewer's extension side, against the simulated panel over loopback HTTP: lines reach the page in
// order and in batches, the buffer keeps the last maxLines and counts the dropped ones, pause holds lines
// back, the filter narrows them, stop ends the panel's stream, and the end and failures are reported.
import * as assert from 'node:assert/strict';
import { PanelHttpError } from '../../../src/api';
import { LogFollower, type FollowEnd, type LogSink } from '../../../src/webviews/logs/logFollower';
import type { LogLine } from '../../../src/webviews/logs/protocol';
import { usePanel } from '../support/clientPanelHooks';

/** A sink that records what the page would be sent. */
class RecordingSink implements LogSink {
  shown: LogLine[] = [];
  batches = 0;
  resets = 0;
  dropped = 0;
  ended: FollowEnd | undefined;
  connects = 0;
  append(lines: LogLine[], dropped: number): void {
    this.shown.push(...lines);
    this.batches++;
    this.dropped = dropped;
  }
  reset(lines: LogLine[], dropped: number): void {
    this.shown = [...lines];
    this.resets++;
    this.dropped = dropped;
  }
  connected(): void {
    this.connects++;
  }
  stopped(end: FollowEnd): void {
    this.ended = end;
  }
}

async function eventually(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('webviews: log follower against the simulated panel', () => {
  const fixture = usePanel({ logStream: { follow: true, linesPerSecond: 400 } });
  const node = (name: string) => [...fixture.panel.data.nodes.values()].find((candidate) => candidate.name === name)!;

  function follower(name: string, sink: LogSink, maxLines = 10_000): LogFollower {
    const api = fixture.client();
    return new LogFollower({ maxLines, sink, flushMs: 20, open: (signal) => api.nodes.logs(node(name).id, { signal }) });
  }

  it('sends new lines in order, in batches, and stop() ends the panel\'s stream', async () => {
    const sink = new RecordingSink();
    const logs = follower('ams-1', sink);
    void logs.connect();
    await eventually(() => sink.shown.length >= 200, 'lines arrive');
    assert.equal(sink.connects, 1);
    assert.ok(sink.batches < sink.shown.length / 2, `${sink.batches} batches for ${sink.shown.length} lines`);
    assert.deepEqual(sink.shown.map((line) => line.n), sink.shown.map((_, index) => index + 1));
    logs.stop();
    const stream = fixture.panel.logStreams.at(-1)!;
    await eventually(() => stream.endedBy !== undefined, 'the panel sees the end');
    assert.equal(stream.endedBy, 'client');
    assert.equal(sink.ended, undefined, 'a stop is not reported as an end');
  });

  it('keeps the last maxLines, counts the dropped ones, and gives them as text', async () => {
    const sink = new RecordingSink();
    const logs = follower('fra-2', sink, 100);
    void logs.connect();
    await eventually(() => logs.received >= 300, 'lines arrive');
    logs.stop();
    assert.equal(logs.text().split('\n').length, 100);
    assert.equal(logs.dropped, logs.received - 100);
    assert.ok(sink.dropped > 0);
  });

  it('holds lines back while paused and shows the buffer on resume; filters what the page gets', async () => {
    const sink = new RecordingSink();
    const logs = follower('sgp-6', sink);
    void logs.connect();
    await eventually(() => sink.shown.length >= 20, 'lines arrive');
    logs.setPaused(true);
    const shownBefore = sink.shown.length;
    const receivedBefore = logs.received;
    await eventually(() => logs.received >= receivedBefore + 50, 'lines keep arriving while paused');
    assert.equal(sink.shown.length, shownBefore, 'nothing is appended while paused');
    logs.setPaused(false);
    assert.ok(sink.shown.length >= receivedBefore + 50, 'resume shows what came meanwhile');

    logs.setFilter('handshake');
    const after = sink.shown.length;
    await eventually(() => logs.received >= receivedBefore + 150, 'more lines arrive');
    logs.stop();
    assert.ok(after > 0 && sink.shown.every((line) => line.text.includes('handshake')));
  });

  it('reports an offline node (503) and a stream the panel ended', async () => {
    const offline = new RecordingSink();
    await follower('waw-4', offline).connect();
    assert.equal(offline.ended?.kind, 'failed');
    assert.ok(offline.ended?.kind === 'failed' && offline.ended.error instanceof PanelHttpError && offline.ended.error.status === 503);
  });
});

describe('webviews: log follower on a stream that ends', () => {
  const fixture = usePanel();

  it('says the stream ended after its last line', async () => {
    const sink = new RecordingSink();
    const node = [...fixture.panel.data.nodes.values()].find((candidate) => candidate.name === 'ams-1')!;
    const api = fixture.client();
    await new LogFollower({ maxLines: 100, sink, flushMs: 10, open: (signal) => api.nodes.logs(node.id, { signal }) }).connect();
    assert.deepEqual(sink.ended, { kind: 'ended' });
    assert.ok(sink.shown.length >= 8, String(sink.shown.length));
    assert.equal(fixture.panel.logStreams.at(-1)?.endedBy, 'panel');
  });
});
