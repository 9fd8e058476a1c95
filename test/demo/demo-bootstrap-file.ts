// The demo bootstrap: a JSON file named by PANEL_OPS_BOOTSTRAP in the extension host's environment. On
// activation the extension imports it into SecretStorage (as the connect command would) and deletes it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface DemoConnection {
  url: string;
  token: string;
  name: string;
}

/** Writes the file (readable by this user only) into `directory` and returns its path. */
export function writeDemoBootstrapFile(directory: string, connection: DemoConnection): string {
  const file = join(directory, 'panel-ops-bootstrap.json');
  writeFileSync(file, JSON.stringify(connection), { mode: 0o600 });
  return file;
}
