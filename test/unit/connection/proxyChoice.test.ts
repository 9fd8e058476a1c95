import * as assert from 'node:assert/strict';
import { chooseProxy } from '../../../src/connection/proxyChoice';

const ENV = { HTTPS_PROXY: 'http://corp-https:3128', HTTP_PROXY: 'http://corp-http:3128', NO_PROXY: 'localhost,.internal' };

describe('sidebar: proxy choice (http.proxy, else the environment)', () => {
  it('uses http.proxy and http.noProxy when http.proxy is set, ignoring the environment', () => {
    assert.deepEqual(
      chooseProxy('https://panel.example.com', { proxy: ' http://vscode-proxy:8080 ', noProxy: ['intranet', ' '] }, ENV),
      { proxy: 'http://vscode-proxy:8080', noProxy: 'intranet' },
    );
    assert.deepEqual(chooseProxy('https://panel.example.com', { proxy: 'http://vscode-proxy:8080', noProxy: [] }, ENV), {
      proxy: 'http://vscode-proxy:8080',
    });
  });

  it('falls back to HTTPS_PROXY for an https panel and HTTP_PROXY for an http one when http.proxy is empty', () => {
    const settings = { proxy: '', noProxy: [] };
    assert.deepEqual(chooseProxy('https://panel.example.com', settings, ENV), { proxy: 'http://corp-https:3128', noProxy: 'localhost,.internal' });
    assert.deepEqual(chooseProxy('http://panel.example.com', settings, ENV), { proxy: 'http://corp-http:3128', noProxy: 'localhost,.internal' });
    assert.deepEqual(chooseProxy('https://panel.example.com', settings, { https_proxy: 'http://lower:1' }), { proxy: 'http://lower:1' });
  });

  it('keeps http.noProxy hosts direct with the environment proxy too', () => {
    assert.deepEqual(chooseProxy('https://panel.example.com', { proxy: '  ', noProxy: ['intranet'] }, ENV), {
      proxy: 'http://corp-https:3128',
      noProxy: 'intranet,localhost,.internal',
    });
  });

  it('goes direct when neither the setting nor the environment names a proxy', () => {
    assert.deepEqual(chooseProxy('https://panel.example.com', { proxy: '', noProxy: ['intranet'] }, { NO_PROXY: 'localhost' }), {});
  });
});
