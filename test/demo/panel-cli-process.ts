// Runs the simulated panel's command-line server (out/test/panel/cli.js) as a child process and reads the
// one line of JSON it prints: its address and its tokens.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { repoRoot } from '../launch/repo-paths';

export interface PanelCliProcess {
  readonly url: string;
  readonly ownerToken: string;
  /** PEM of the CA that signed the certificate (with --https). */
  readonly ca?: string;
  stop(): Promise<void>;
}

export async function startPanelCli(args: string[]): Promise<PanelCliProcess> {
  const cli = join(repoRoot, 'out', 'test', 'panel', 'cli.js');
  const child = spawn(process.execPath, [cli, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const killOnExit = (): void => void child.kill('SIGKILL');
  process.on('exit', killOnExit);
  const firstLine = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code, signal) => reject(new Error(`the simulated panel (${cli}) exited (${code ?? signal}) before printing its address`)));
  });
  child.stdout.resume();
  const started = JSON.parse(firstLine) as { url: string; tokens: { owner: string }; ca?: string };
  return {
    url: started.url,
    ownerToken: started.tokens.owner,
    ca: started.ca,
    stop: async () => {
      process.off('exit', killOnExit);
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
