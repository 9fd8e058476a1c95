/**
 * The read-only documents of one node, user or alert (`panelops:/nodes/<name>~<id>/node.json`,
 * `/users/…/user.json`, `/alerts/…/alert.json`), and of what the fleet to-do's own pass read: a fleet update
 * (`/fleet-updates/…/update.json`, as the panel gave it) and the panel's certificate
 * (`/certificate/…/certificate.json`). The fleet to-do's findings lie on them, so selecting a Problem opens
 * its subject. Each shows the object as its panel's store holds it: a node as the panel gave it, a user
 * without its secret or links, an alert as the Alerts view reads it. No `vscode` import.
 */
import type { PanelNode, User } from '../api/types';
import type { Alert } from '../state/alertsModel';
import { alertSubjectId } from '../state/fleetFindings';
import type { PassHoldings } from '../state/passFindings';
import { fleetUpdatesOf } from '../state/fleetUpdates';
import type { ConnectedPanel } from '../state/panelStores';
import { prettyJson } from './prettyJson';
import type { RecordKind } from './panelPaths';

/** Members of a user never shown in its document: the secret and everything that is a link to the proxy. */
const USER_SECRETS = new Set(['secret', 'links', 'sub_slug', 'subscription_short_url']);

/** The document's text; undefined when the panel's stores do not hold the object (read first when nothing is held). */
export async function recordText(panel: Pick<ConnectedPanel, 'nodes' | 'users' | 'alerts'>, record: RecordKind, id: string, pass?: PassHoldings): Promise<string | undefined> {
  const value = record === 'fleetUpdate' ? fleetUpdatesOf(pass?.fleetUpdates).find((update) => update.id === id)?.raw
    : record === 'certificate' ? pass?.certificate
      : await recordOf(panel, record, id);
  return value === undefined ? undefined : `${prettyJson(record === 'user' ? shownUser(value as User) : value)}\n`;
}

async function recordOf(panel: Pick<ConnectedPanel, 'nodes' | 'users' | 'alerts'>, record: Exclude<RecordKind, 'fleetUpdate' | 'certificate'>, id: string): Promise<PanelNode | User | Alert | undefined> {
  switch (record) {
    case 'node':
      return panel.nodes.get(id) ?? (await panel.nodes.load()).find((node) => node.id === id);
    case 'user':
      return panel.users.get(id) ?? await panel.users.read(id);
    case 'alert': {
      await panel.alerts.load();
      const held = panel.alerts.held;
      const list = held.kind === 'loaded' ? held.list : held.kind === 'failed' ? held.previous : undefined;
      return list?.alerts.find((alert) => alertSubjectId(alert) === id);
    }
  }
}

function shownUser(user: User): Record<string, unknown> {
  return Object.fromEntries(Object.entries(user).filter(([name]) => !USER_SECRETS.has(name)));
}
