// F5 in VS Code (.vscode/launch.json): the simulated panel with the demo fleet, run as a background task,
// and the demo bootstrap file that the Extension Development Host imports on activation (PANEL_OPS_BOOTSTRAP),
// so the extension under development comes up connected. Runs until the task is stopped.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startPanel } from '../panel';
import { repoRoot } from '../launch/repo-paths';
import { writeDemoBootstrapFile } from './demo-bootstrap-file';

async function main(): Promise<void> {
  const panel = await startPanel({ dataset: 'demo', port: Number(process.env.PANEL_OPS_F5_PORT ?? 0) });
  const directory = join(repoRoot, '.vscode-test', 'f5');
  mkdirSync(directory, { recursive: true });
  writeDemoBootstrapFile(directory, { url: panel.url, token: panel.tokens.owner, name: 'Demo panel' });
  // The task's problem matcher waits for this line before F5 starts the Extension Development Host.
  console.log(`demo panel ready at ${panel.url}`);
  const stop = () => void panel.close().finally(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main();
