import * as assert from 'node:assert/strict';
import { bypassesProxy } from '../../../src/api/dispatcher';
import { proxyFromEnvironment } from '../../../src/api/proxyEnvironment';

describe('client: proxy rules', () => {
  it('applies NO_PROXY rules to the panel host', () => {
    const url = new URL('https://panel.example.com:8443');
    assert.equal(bypassesProxy(url, undefined), false);
    assert.equal(bypassesProxy(url, '*'), true);
    assert.equal(bypassesProxy(url, 'example.com'), true);
    assert.equal(bypassesProxy(url, '.example.com'), true);
    assert.equal(bypassesProxy(url, 'other.com, panel.example.com:8443'), true);
    assert.equal(bypassesProxy(url, 'panel.example.com:443'), false);
    assert.equal(bypassesProxy(url, 'ample.com'), false);
    assert.equal(bypassesProxy(new URL('http://[::1]:80'), '::1'), true);
    assert.equal(bypassesProxy(new URL('http://[::1]:80'), '[::1]:81'), false);
    assert.equal(bypassesProxy(new URL('http://127.0.0.1:9'), '127.0.0.1'), true);
  });

  it('reads HTTPS_PROXY, HTTP_PROXY and NO_PROXY in either case, by the scheme of the panel', () => {
    const env = { https_proxy: 'http://secure-proxy:3128', HTTP_PROXY: 'http://plain-proxy:3128', NO_PROXY: 'localhost,.internal' };
    assert.deepEqual(proxyFromEnvironment('https://panel.example.com', env), { proxy: 'http://secure-proxy:3128', noProxy: 'localhost,.internal' });
    assert.deepEqual(proxyFromEnvironment('http://127.0.0.1:8080', env), { proxy: 'http://plain-proxy:3128', noProxy: 'localhost,.internal' });
    assert.deepEqual(proxyFromEnvironment('https://panel.example.com', { HTTP_PROXY: 'http://p:1' }), { proxy: 'http://p:1' });
    assert.deepEqual(proxyFromEnvironment('https://panel.example.com', {}), {});
  });
});
