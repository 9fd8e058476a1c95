// The SSH terminal's launch on a POSIX system: ssh under `sh`, so that a session that fails at once (a name
// that does not resolve, a refused port) leaves ssh's error and its exit status on screen until Enter,
// instead of a terminal VS Code closes within a second. Run for real with a stand-in `ssh` on PATH.
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sshUntilRead } from '../../../src/commands/nodes/sshUntilRead';

const ENDED = 'ssh ended with exit status {0}. Press Enter to close this terminal.';

describe('sshUntilRead: ssh under sh, kept readable when it fails', function () {
  if (process.platform === 'win32') return;
  let bin: string;
  before(() => {
    bin = mkdtempSync(join(tmpdir(), 'panel-ops-ssh-'));
    // The stand-in prints its arguments one a line, then fails as ssh does for an unknown host (unless told to succeed).
    writeFileSync(join(bin, 'ssh'), '#!/bin/sh\nfor a in "$@"; do printf "arg:%s\\n" "$a"; done\n[ "$SSH_OK" = 1 ] && exit 0\necho "ssh: Could not resolve hostname $1: Name or service not known" >&2\nexit 255\n');
    chmodSync(join(bin, 'ssh'), 0o755);
  });
  after(() => rmSync(bin, { recursive: true, force: true }));

  const run = (args: string[], ended: string, env: Record<string, string> = {}, stdin = '\n') => {
    const { shellPath, shellArgs } = sshUntilRead(args, ended);
    return spawnSync(shellPath, shellArgs, { input: stdin, encoding: 'utf8', env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}`, ...env }, timeout: 10_000 });
  };

  it('shows ssh\'s error and its exit status, waits for Enter, then ends', () => {
    const result = run(['-p', '2222', '--', 'nowhere.invalid'], ENDED);
    assert.match(result.stderr, /Could not resolve hostname/);
    assert.match(result.stdout, /\nssh ended with exit status 255\. Press Enter to close this terminal\.\n$/);
    assert.equal(result.status, 0, 'the status was read: the terminal closes without a second alert');
  });

  it('waits while nothing is typed, and ends on Enter', async () => {
    const { shellPath, shellArgs } = sshUntilRead(['host'], ENDED);
    const child = spawn(shellPath, shellArgs, { env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` }, stdio: ['pipe', 'pipe', 'pipe'] });
    let shown = '';
    child.stdout.on('data', (chunk: Buffer) => { shown += chunk.toString(); });
    const ended = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      await new Promise((resolve) => setTimeout(resolve, 700));
      assert.match(shown, /exit status 255/);
      assert.equal(child.exitCode, null, 'still waiting for Enter');
      child.stdin.write('\n');
      assert.equal(await ended, 0);
    } finally {
      child.kill();
    }
  });

  it('closes at once after a session that ends with 0, saying nothing', () => {
    const result = run(['host'], ENDED, { SSH_OK: '1' }, '');
    assert.equal(result.status, 0);
    assert.equal(result.stdout, 'arg:host\n');
  });

  it('passes each argument to ssh as it is, never as shell syntax', () => {
    const marker = join(bin, 'pwned');
    const args = ['-l', 'ops', '--', `$(touch ${marker})`, '`id`', 'a b', '"; exit 3; "', '%s\\n'];
    const result = run(args, ENDED);
    assert.deepEqual(result.stdout.split('\n').filter((line) => line.startsWith('arg:')).map((line) => line.slice(4)), args.flatMap((arg) => arg.split('\n')));
    assert.equal(spawnSync('test', ['-e', marker]).status, 1, 'nothing ran');
  });

  it('shows a translated sentence with % and \\ as written', () => {
    const result = run(['host'], '100% \\ {0} — 状态');
    assert.match(result.stdout, /\n100% \\ 255 — 状态\n$/);
  });
});
