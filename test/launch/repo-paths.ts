// Where the repository and its git-ignored VS Code cache are, seen from out/test/launch/*.js.
import { join } from 'node:path';

export const repoRoot = join(__dirname, '..', '..', '..');
export const vscodeTestDir = join(repoRoot, '.vscode-test');
