import * as assert from 'node:assert/strict';
import { PanelConfigError, createPanelApi, isLoopbackHost, panelOrigin, tokenProblem } from '../../../src/api';
import { startTestServer, type TestServer } from '../support/clientTestServer';

const TOKEN = 'pmt_0123456789abcdef0123456789abcdef01234567';

describe('client configuration checks', () => {
  it('accepts an origin, with or without a trailing slash', () => {
    assert.equal(panelOrigin('https://panel.example.com').href, 'https://panel.example.com/');
    assert.equal(panelOrigin('https://panel.example.com/').origin, 'https://panel.example.com');
    assert.equal(panelOrigin('https://panel.example.com:8443').origin, 'https://panel.example.com:8443');
  });

  for (const url of [
    'https://panel.example.com/api/v1',
    'https://panel.example.com/?x=1',
    'https://panel.example.com/#top',
    'https://panel.example.com?',
    'https://user:pass@panel.example.com',
    'ftp://panel.example.com',
    'panel.example.com',
    '',
  ]) {
    it(`refuses ${JSON.stringify(url)} as a base URL`, () => {
      assert.throws(() => createPanelApi({ baseUrl: url, token: TOKEN }), PanelConfigError);
    });
  }

  it('requires HTTPS for a host that is not loopback, with a clear message', () => {
    assert.throws(
      () => createPanelApi({ baseUrl: 'http://panel.example.com', token: TOKEN }),
      (error: unknown) => error instanceof PanelConfigError && /HTTP.*loopback/i.test(error.message) && /https:\/\/panel\.example\.com/.test(error.message),
    );
    assert.throws(() => createPanelApi({ baseUrl: 'http://10.0.0.1:8080', token: TOKEN }), PanelConfigError);
    assert.throws(() => createPanelApi({ baseUrl: 'http://127.0.0.1.example.com', token: TOKEN }), PanelConfigError);
  });

  it('allows plain HTTP to loopback hosts only', () => {
    for (const url of ['http://127.0.0.1:1234', 'http://127.10.0.3', 'http://localhost:3000', 'http://[::1]:8080']) {
      assert.equal(createPanelApi({ baseUrl: url, token: TOKEN }).baseUrl, new URL(url).origin, url);
    }
    assert.equal(isLoopbackHost('128.0.0.1'), false);
    assert.equal(isLoopbackHost('127.0.0.256'), false);
  });

  it('explains what is wrong with a token without repeating it', () => {
    const bad = ['', ' ', 'pmt_abc def', 'pmt_abc\n', '\tpmt_abc', 'pmt_abc\u0000', 'pmt_abc\u007f', 'pmt_äbc'];
    for (const token of bad) {
      const problem = tokenProblem(token);
      assert.ok(problem, JSON.stringify(token));
      if (token.trim()) assert.ok(!problem.includes(token.trim()), problem);
    }
    assert.equal(tokenProblem(TOKEN), undefined);
  });

  it('refuses an engine or messenger name that is not one path segment', () => {
    assert.throws(() => createPanelApi({ baseUrl: 'https://p.example', token: TOKEN, engineName: '../x' }), PanelConfigError);
    assert.throws(() => createPanelApi({ baseUrl: 'https://p.example', token: TOKEN, messengerName: 'a/b' }), PanelConfigError);
  });

  describe('against a loopback server', () => {
    let server: TestServer;
    beforeEach(async () => {
      server = await startTestServer();
    });
    afterEach(() => server.close());

    for (const [what, token] of [
      ['an empty token', ''],
      ['a token with a space', 'pmt_abc def'],
      ['a token with a newline (header injection)', 'pmt_abc\r\nX-Evil: 1'],
      ['a token with a tab', 'pmt_abc\t'],
      ['a token function that returns an empty string', async () => ''],
    ] as const) {
      it(`refuses ${what} before sending anything`, async () => {
        const api = createPanelApi({ baseUrl: server.url, token });
        await assert.rejects(api.nodes.list(), PanelConfigError);
        assert.equal(server.calls.length, 0);
        await api.close();
      });
    }

    it('reads the token from the function for each request', async () => {
      let current = TOKEN;
      const api = createPanelApi({ baseUrl: server.url, token: async () => current });
      await api.nodes.list();
      current = TOKEN.replace('0123', '9999');
      await api.nodes.list();
      assert.deepEqual(server.calls.map((c) => c.headers.authorization), [`Bearer ${TOKEN}`, `Bearer ${current}`]);
      await api.close();
    });
  });
});
