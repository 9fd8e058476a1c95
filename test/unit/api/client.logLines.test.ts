// The client's log lines stay one line of bounded length, whatever text the panel sends back.
import * as assert from 'node:assert/strict';
import { createPanelApi } from '../../../src/api';
import { startTestServer } from '../support/clientTestServer';

describe('client: log lines', () => {
  it('writes each entry as one line of at most 2000 characters, even for a huge multi-line error text', async () => {
    const message = `first\n[info] a forged line\r\n${'x'.repeat(200_000)}`;
    const server = await startTestServer((_call, res) => {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'bad', message } }));
    });
    const lines: string[] = [];
    const api = createPanelApi({ baseUrl: server.url, token: `pmt_${'ab'.repeat(20)}`, log: (_level, line) => lines.push(line) });
    try {
      await api.nodes.list().then(() => assert.fail('the call was expected to fail'), () => undefined);
      assert.ok(lines.some((line) => line.includes('first [info] a forged line')), lines.join('\n'));
      for (const line of lines) {
        assert.doesNotMatch(line, /[\r\n]/);
        assert.ok(line.length <= 2000, `a log line of ${line.length} characters`);
      }
    } finally {
      await api.close();
      await server.close();
    }
  });
});
