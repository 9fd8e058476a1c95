// Starts and stops a code-server installed by install-code-server.ts: a real VS Code server and web
// workbench on 127.0.0.1 with its own user-data and extensions folders (the oldest VS Code the extension
// supports unless `build` names another; a build with a Node of its own is started with that Node).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { codeServerCommand, codeServerEnv, OLDEST, type CodeServerBuild } from './install-code-server';

export interface CodeServerOptions {
  userDataDir: string;
  extensionsDir: string;
  /** Folder the workbench opens. */
  workspace: string;
  /** Extra environment for the server and so for its extension host (PANEL_OPS_BOOTSTRAP for the demo). */
  env?: NodeJS.ProcessEnv;
  /** 0 (default) lets the system pick a free port. */
  port?: number;
  /** Which installed code-server (default: the oldest VS Code, install-code-server.ts OLDEST). */
  build?: CodeServerBuild;
}

export interface RunningCodeServer {
  /** Origin, e.g. http://127.0.0.1:43471 (no trailing slash). */
  readonly url: string;
  /** host:port, the authority of vscode-remote:// URIs. */
  readonly authority: string;
  /** The last lines code-server printed, for failure reports. */
  recentOutput(): string;
  stop(): Promise<void>;
}

const LISTENING = /HTTP server listening on (http:\/\/[^\s/]+)/;
const START_TIMEOUT_MS = 60_000;

/** User settings for a workbench that runs unattended: no trust dialog, no welcome page (and what the build adds). */
function writeUserSettings(userDataDir: string, build: CodeServerBuild): void {
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  const settings = {
    'security.workspace.trust.enabled': false,
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'telemetry.telemetryLevel': 'off',
    // The fleet to-do's own pass (GET /keys at 200 a page on every connected panel) would add reads to
    // every suite's request log: off here; the suite that tests it turns it on (fleetTodoPass.test.ts).
    'panelOps.todo.livePassMinutes': 0,
    ...build.settings,
  };
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify(settings, null, 2));
}

function commonArgs(options: Pick<CodeServerOptions, 'userDataDir' | 'extensionsDir'>): string[] {
  return [
    '--user-data-dir', options.userDataDir,
    '--extensions-dir', options.extensionsDir,
    '--config', join(options.userDataDir, 'code-server-config.yaml'),
    '--disable-telemetry',
    '--disable-update-check',
  ];
}

/** Installs a packaged .vsix into an extensions folder with code-server's own CLI. */
export function installVsix(vsixPath: string, options: Pick<CodeServerOptions, 'userDataDir' | 'extensionsDir' | 'build'>): void {
  const build = options.build ?? OLDEST;
  const [program, ...before] = codeServerCommand(build);
  const result = spawnSync(program, [...before, ...commonArgs(options), '--install-extension', vsixPath, '--force'], { encoding: 'utf8', env: codeServerEnv(build) });
  if (result.status !== 0) {
    throw new Error(`code-server --install-extension ${vsixPath} exited with ${result.status}:\n${result.stdout}${result.stderr}`);
  }
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is already gone.
  }
}

export async function startCodeServer(options: CodeServerOptions): Promise<RunningCodeServer> {
  const build = options.build ?? OLDEST;
  writeUserSettings(options.userDataDir, build);
  mkdirSync(options.extensionsDir, { recursive: true });
  const args = [
    ...commonArgs(options),
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${options.port ?? 0}`,
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    options.workspace,
  ];
  // Its own process group, so stopping it also stops the extension host and the other helpers it forks.
  const [program, ...before] = codeServerCommand(build);
  const child = spawn(program, [...before, ...args], { env: codeServerEnv(build, { ...process.env, ...options.env }), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const killOnExit = (): void => killGroup(child, 'SIGKILL');
  process.on('exit', killOnExit);

  const lines: string[] = [];
  const recentOutput = (): string => lines.slice(-40).join('\n');
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`code-server did not start within ${START_TIMEOUT_MS / 1000} s:\n${recentOutput()}`)), START_TIMEOUT_MS);
    const onData = (chunk: Buffer): void => {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        lines.push(line);
        if (lines.length > 200) lines.shift();
        const match = LISTENING.exec(line);
        if (match) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`code-server exited (${code ?? signal}) before listening:\n${recentOutput()}`));
    });
  }).catch((error: unknown) => {
    killOnExit();
    process.off('exit', killOnExit);
    throw error;
  });

  const stop = async (): Promise<void> => {
    process.off('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    killGroup(child, 'SIGTERM');
    const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5_000);
    await exited;
    clearTimeout(timer);
    // Forked helpers (extension host, file watcher) share the group; make sure none outlives the server.
    killGroup(child, 'SIGKILL');
  };
  return { url, authority: new URL(url).host, recentOutput, stop };
}

/** The workbench address that opens `folder`, with launch arguments in the web workbench's `payload`. */
export function workbenchUrl(server: RunningCodeServer, folder: string, payload: [string, string][] = []): string {
  const query = new URLSearchParams({ folder });
  if (payload.length > 0) query.set('payload', JSON.stringify(payload));
  return `${server.url}/?${query.toString()}`;
}

/** A path of this machine as the workbench sees it through the server. */
export function remoteUri(server: RunningCodeServer, absolutePath: string): string {
  return `vscode-remote://${server.authority}${absolutePath}`;
}
