/** What every data set has: the three accounts, the panel settings, and an empty shell of collections. */
import type { AccountName, AccountRecord, PanelData, PanelSettings } from '../types';

function accounts(): Map<AccountName, AccountRecord> {
  return new Map<AccountName, AccountRecord>([
    ['owner', { name: 'owner', username: 'owner', role: 'owner' }],
    ['admin', { name: 'admin', username: 'admin', role: 'admin' }],
    ['viewer', { name: 'viewer', username: 'viewer', role: 'viewer' }],
  ]);
}

function defaultSettings(messenger: string): PanelSettings {
  return {
    panel_name: 'Fleet Panel',
    public_url: 'https://panel.example.net',
    timezone: 'UTC',
    default_key_type: 'PERSONAL',
    default_expiry_days: 30,
    expiring_warning_days: 7,
    subscription_page: { enabled: true, title: 'Your proxy access', show_qr: true, support_text: 'Ask your administrator for help.' },
    notifications: { [messenger]: { enabled: true, chat_id: '-1001234567890', events: ['node.offline', 'apply.failed'] } },
    apply: { auto_apply: false, batch_size: 10 },
  };
}

export function emptyData(messenger: string): PanelData {
  return {
    keys: new Map(),
    nodes: new Map(),
    jobs: [],
    alerts: [],
    siteTemplates: new Map(),
    brandingProfiles: new Map(),
    fleetUpdates: new Map(),
    settings: defaultSettings(messenger),
    audit: [],
    accounts: accounts(),
    tokens: [],
  };
}
