import * as assert from 'node:assert/strict';
import { isRefusal, linkPathAndQuery, parseLink, type PanelLink } from '../../../src/commands/find/linkFormat';

describe('Panel Ops deep links', () => {
  it('round-trips a user, node, template and job link, naming the panel readably', () => {
    const links: PanelLink[] = [
      { kind: 'user', panelId: 'https://panel.example.com', id: '3f0c1b2a-0000-4000-8000-000000000001' },
      { kind: 'node', panelId: 'http://127.0.0.1:8080', id: 'n-1' },
      { kind: 'template', panelId: 'https://panel.example.com:8443', id: 'tpl 1' },
      { kind: 'job', panelId: 'https://panel.example.com', id: '42', nodeId: 'n-7' },
    ];
    for (const link of links) {
      const { path, query } = linkPathAndQuery(link);
      assert.doesNotMatch(query, /https?%3A/, 'the panel is its readable name, not an encoded URL');
      assert.deepEqual(parseLink(path, query), link);
    }
    assert.equal(linkPathAndQuery(links[1]).query, 'panel=http%7E127.0.0.1%3A8080&id=n-1');
  });

  it('accepts the panel as its origin too', () => {
    assert.deepEqual(parseLink('/node', 'panel=https%3A%2F%2Fpanel.example.com&id=n1'), { kind: 'node', panelId: 'https://panel.example.com', id: 'n1' });
    assert.deepEqual(parseLink('/node', 'panel=https%3A%2F%2Fpanel.example.com%2F&id=n1'), { kind: 'node', panelId: 'https://panel.example.com', id: 'n1' });
  });

  it('refuses malformed links and says which part is wrong', () => {
    const refused = (path: string, query: string) => {
      const parsed = parseLink(path, query);
      assert.ok(isRefusal(parsed), `${path}?${query} is refused`);
      return parsed;
    };
    assert.deepEqual(refused('/delete', 'panel=panel.example.com&id=1'), { reason: 'kind', kind: 'delete' });
    assert.deepEqual(refused('/', ''), { reason: 'kind', kind: '' });
    assert.deepEqual(refused('/user', 'id=1'), { reason: 'panel' });
    assert.deepEqual(refused('/user', 'panel=ftp%3A%2F%2Fpanel.example.com&id=1'), { reason: 'panel' });
    assert.deepEqual(refused('/user', 'panel=https%3A%2F%2Fpanel.example.com%2Fapi&id=1'), { reason: 'panel' }, 'an origin, not a path');
    assert.deepEqual(refused('/user', 'panel=user%40evil.example&id=1'), { reason: 'panel' });
    assert.deepEqual(refused('/user', 'panel=panel.example.com'), { reason: 'id', parameter: 'id' });
    assert.deepEqual(refused('/user', 'panel=panel.example.com&id=a%0Ab'), { reason: 'id', parameter: 'id' });
    assert.deepEqual(refused('/user', 'panel=panel.example.com&id=..%2F..%2Fkeys'), { reason: 'id', parameter: 'id' });
    assert.deepEqual(refused('/user', `panel=panel.example.com&id=${'x'.repeat(201)}`), { reason: 'id', parameter: 'id' });
    assert.deepEqual(refused('/job', 'panel=panel.example.com&id=4'), { reason: 'id', parameter: 'node' });
    assert.deepEqual(refused('/node', 'panel=panel.example.com&id=1&action=apply'), { reason: 'extra', parameter: 'action' }, 'a link never carries an action');
    assert.deepEqual(refused('/node', 'panel=panel.example.com&id=1&id=2'), { reason: 'extra', parameter: 'id' });
    assert.deepEqual(refused('/user', 'panel=panel.example.com&id=1&node=2'), { reason: 'extra', parameter: 'node' });
  });
});
