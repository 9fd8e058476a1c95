// Open SSH Terminal's arguments: the node's host as the panel gives it, read defensively and never passed
// on when it could be an option or more than one word; the panel's SSH settings; the command a person
// pastes, quoted; and the Remote-SSH authority.
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  nodeHost, remoteSshAuthority, safeHost, shellQuote, sshCommandLine, sshSettingsFor, sshTarget, type SshTarget,
} from '../../../src/commands/nodes/sshTarget';

const HOME = '/home/ops';
const ready = (target: SshTarget) => {
  assert.equal(target.kind, 'ready', JSON.stringify(target));
  return target as Extract<SshTarget, { kind: 'ready' }>;
};

describe('ssh: the node\'s host', () => {
  it('takes the panel\'s hostname, else another member that holds a host, and a URL\'s host name', () => {
    assert.deepEqual(nodeHost({ id: 'n1', hostname: 'fra-1.example.net', ip: '203.0.113.7' }), { host: 'fra-1.example.net' });
    assert.deepEqual(nodeHost({ id: 'n1', ip: '203.0.113.7' }), { host: '203.0.113.7' });
    assert.deepEqual(nodeHost({ id: 'n1', host: '', address: '2001:db8::7' }), { host: '2001:db8::7' });
    assert.deepEqual(nodeHost({ id: 'n1', address: '[2001:db8::7]' }), { host: '2001:db8::7' });
    assert.deepEqual(nodeHost({ id: 'n1', hostname: 'https://fra-1.example.net:8443/panel' }), { host: 'fra-1.example.net' });
    assert.deepEqual(nodeHost({ id: 'n1', hostname: '  ams-2.example.net  ' }), { host: 'ams-2.example.net' });
  });

  it('says there is none when the panel gives no host (absent, empty, or not text)', () => {
    assert.equal(nodeHost({ id: 'n1', name: 'fra-1' }), undefined);
    assert.equal(nodeHost({ id: 'n1', hostname: '', ip: 42, address: { v4: '1.2.3.4' } }), undefined);
    assert.deepEqual(sshTarget({ id: 'n1' }, {}, HOME), { kind: 'noHost' });
  });

  it('refuses hostile hosts: options, spaces, shell syntax, newlines, user@host, ports, empty labels', () => {
    const hostile = [
      '-oProxyCommand=touch /tmp/pwned', '-oProxyCommand=sh', '--', '-p2222', 'fra-1 -oProxyCommand=x', 'fra-1;rm -rf ~', 'fra-1 && id',
      'fra-1\n-oProxyCommand=x', 'fra-1\r\nid', '$(id).example.net', '`id`', 'a|b', 'fra-1.example.net:22', 'root@fra-1', '"quoted"', "it's",
      'fra..example', '.example.net', 'fra-1.example.net/x', '999.1.1.1', 'fe80::1%eth0', 'host\u0000name', 'ünïcode.example',
    ];
    for (const value of hostile) {
      assert.equal(safeHost(value), undefined, JSON.stringify(value));
      assert.deepEqual(sshTarget({ id: 'n1', hostname: value }, {}, HOME), { kind: 'refused', what: 'host', value }, JSON.stringify(value));
    }
  });

  it('passes a host with only surrounding whitespace (a trailing newline) as the bare host, one argument', () => {
    assert.deepEqual(ready(sshTarget({ id: 'n1', hostname: 'fra-1.example.net\r\n' }, {}, HOME)).args, ['--', 'fra-1.example.net']);
  });

  it('does not fall back to another member when the first given host is refused', () => {
    assert.deepEqual(nodeHost({ id: 'n1', hostname: '-oProxyCommand=x', ip: '203.0.113.7' }), { refused: '-oProxyCommand=x' });
  });
});

describe('ssh: the arguments', () => {
  it('puts the destination last, after --, with the panel\'s port, identity file and user', () => {
    const target = ready(sshTarget({ id: 'n1', hostname: 'fra-1.example.net' }, { user: 'deploy', port: 2222, identityFile: '~/.ssh/prod key' }, HOME));
    assert.deepEqual(target.args, ['-p', '2222', '-i', '/home/ops/.ssh/prod key', '-l', 'deploy', '--', 'fra-1.example.net']);
    assert.equal(sshCommandLine(target.args), "ssh -p 2222 -i '/home/ops/.ssh/prod key' -l deploy -- fra-1.example.net");
  });

  it('leaves out what is not set, and the default port', () => {
    assert.deepEqual(ready(sshTarget({ id: 'n1', ip: '203.0.113.7' }, { port: 22 }, HOME)).args, ['--', '203.0.113.7']);
  });

  it('refuses a user that could be an option or holds shell syntax, a port outside 1-65535, a path with control characters', () => {
    const node = { id: 'n1', hostname: 'fra-1.example.net' };
    for (const user of ['-oProxyCommand=x', 'root;id', 'ro ot', 'a\nb', '$(id)']) {
      assert.deepEqual(sshTarget(node, { user }, HOME), { kind: 'refused', what: 'user', value: user }, user);
    }
    for (const port of [0, 65536, 22.5, -1, Number.NaN]) assert.equal(sshTarget(node, { port }, HOME).kind, 'refused', String(port));
    assert.equal(sshTarget(node, { identityFile: '/keys/a\nb' }, HOME).kind, 'refused');
  });

  it('quotes every argument a POSIX shell would split or expand, so the copied command runs exactly these arguments', function () {
    const args = ['-i', "/keys/o'brien key", '-l', 'ops', '--', 'fra-1.example.net'];
    const line = sshCommandLine(args);
    assert.equal(shellQuote('$(id)'), "'$(id)'");
    assert.equal(shellQuote("it's"), "'it'\\''s'");
    // What a shell makes of the line: the same list of arguments, nothing run.
    const shell = spawnSync('sh', ['-c', `printf '%s\\n' ${line.replace(/^ssh /, '')}`], { encoding: 'utf8' });
    if (shell.error) this.skip();
    assert.deepEqual(shell.stdout.split('\n').slice(0, -1), args);
  });
});

describe('ssh: settings per panel', () => {
  const defaults = { user: 'ops', port: 22, identityFile: '' };
  it('takes the panel\'s entry by address (with or without a trailing slash) or by name, over the defaults', () => {
    const panels = { 'https://prod.example.com/': { user: 'root', port: 2222 }, Staging: { identityFile: '~/.ssh/stage' } };
    assert.deepEqual(sshSettingsFor(defaults, panels, { url: 'https://prod.example.com', name: 'Production' }), { user: 'root', port: 2222, identityFile: undefined });
    assert.deepEqual(sshSettingsFor(defaults, panels, { url: 'https://stage.example.com', name: 'Staging' }), { user: 'ops', port: 22, identityFile: '~/.ssh/stage' });
    assert.deepEqual(sshSettingsFor(defaults, panels, { url: 'https://other.example.com', name: 'Other' }), { user: 'ops', port: 22, identityFile: undefined });
  });

  it('ignores values of the wrong type', () => {
    assert.deepEqual(sshSettingsFor({ user: 7, port: '22' }, { 'https://p': { user: ['x'], port: 'a' } }, { url: 'https://p', name: 'P' }), { user: undefined, port: undefined, identityFile: undefined });
    assert.deepEqual(sshSettingsFor({}, 'not an object', { url: 'https://p', name: 'P' }), { user: undefined, port: undefined, identityFile: undefined });
  });
});

describe('ssh: Remote-SSH', () => {
  it('names the host (and user) plainly, or as the hex JSON Remote-SSH takes when a port or an IPv6 address is involved', () => {
    assert.equal(remoteSshAuthority(ready(sshTarget({ id: 'n', hostname: 'fra-1.example.net' }, { user: 'ops' }, HOME))), 'ssh-remote+ops@fra-1.example.net');
    const withPort = remoteSshAuthority(ready(sshTarget({ id: 'n', hostname: 'fra-1.example.net' }, { user: 'ops', port: 2222 }, HOME)));
    assert.deepEqual(JSON.parse(Buffer.from(withPort.replace('ssh-remote+', ''), 'hex').toString('utf8')), { hostName: 'fra-1.example.net', user: 'ops', port: 2222 });
    const v6 = remoteSshAuthority(ready(sshTarget({ id: 'n', ip: '2001:db8::7' }, {}, HOME)));
    assert.match(v6, /^ssh-remote\+[0-9a-f]+$/);
  });
});
