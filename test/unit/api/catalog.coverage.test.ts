// Every route of the catalog is used by the extension: some command, view, document or webview calls the
// client method that sends it. The client methods are found by calling each one against a recording
// transport (so a renamed method or a moved route is followed), then the sources outside src/api are
// searched for a call of that method (`api.keys.disable(`, `.dashboard.summary(`...).
import * as assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createAuditApi } from '../../../src/api/audit';
import { createBrandingApi } from '../../../src/api/branding';
import type { Call, Transport } from '../../../src/api/call';
import { ROUTES, type RouteId } from '../../../src/api/catalog';
import { createFleetApi } from '../../../src/api/fleet';
import { createPanelApi } from '../../../src/api/index';
import { createKeysApi } from '../../../src/api/keys';
import { createAlertsApi, createDashboardApi, createMonitoringApi, createStatusApi } from '../../../src/api/monitoring';
import { createNodesApi } from '../../../src/api/nodes';
import type { PagingSettings } from '../../../src/api/paging';
import { createSettingsApi } from '../../../src/api/settings';
import { createSiteTemplatesApi } from '../../../src/api/siteTemplates';

const SRC = resolve(__dirname, '../../../../src');
/** Where the extension's users of the client live (everything but the client itself). */
const CALLER_FOLDERS = ['commands', 'views', 'webviews', 'editors', 'state', 'connection', 'statusBar', 'usersTable'];

/** Paging settings for the groups that page (keys, audit); one page at a time, no waits. */
const PAGING: PagingSettings = { maxConcurrency: 1, retryDelay: () => 0 };

/** The groups of `createPanelApi`, each built on a transport that records the routes it is asked for. */
const GROUPS: Record<string, (t: Transport) => object> = {
  keys: (t) => createKeysApi(t, PAGING),
  nodes: createNodesApi,
  fleet: createFleetApi,
  status: createStatusApi,
  alerts: createAlertsApi,
  dashboard: createDashboardApi,
  monitoring: createMonitoringApi,
  siteTemplates: createSiteTemplatesApi,
  branding: createBrandingApi,
  settings: createSettingsApi,
  audit: (t) => createAuditApi(t, PAGING),
};

function recordingTransport(sent: RouteId[]): Transport {
  const answer = async (call: Call) => {
    sent.push(call.routeId);
    return {};
  };
  return {
    json: answer as Transport['json'],
    jsonOrEmpty: answer as Transport['jsonOrEmpty'],
    bytes: async (call) => { sent.push(call.routeId); return { contentType: 'image/png', bytes: new Uint8Array() }; },
    text: async (call) => { sent.push(call.routeId); return ''; },
    stream: async (call) => { sent.push(call.routeId); throw new Error('not streamed here'); },
  };
}

/** Calls every method of the client with placeholder arguments; route id -> the method paths that send it. */
async function methodsByRoute(): Promise<Map<RouteId, string[]>> {
  const found = new Map<RouteId, string[]>();
  const id = '00000000-0000-4000-8000-000000000000';
  const visit = async (object: object, path: string[], sent: RouteId[]): Promise<void> => {
    for (const [name, member] of Object.entries(object)) {
      if (typeof member === 'object' && member !== null) {
        await visit(member as object, [...path, name], sent);
        continue;
      }
      if (typeof member !== 'function') continue;
      sent.length = 0;
      try {
        const result: unknown = (member as (...args: unknown[]) => unknown)(id, { name: 'x', ids: [1] }, { bytes: new Uint8Array(), filename: 'x' });
        const iterator = result as AsyncIterator<unknown> | undefined;
        if (iterator && typeof iterator.next === 'function') await iterator.next();
        else await result;
      } catch {
        // Only the route asked for matters here.
      }
      const routeId = sent[0];
      if (!routeId) continue;
      const list = found.get(routeId) ?? [];
      list.push([...path, name].join('.'));
      found.set(routeId, list);
    }
  };
  for (const [group, create] of Object.entries(GROUPS)) {
    const sent: RouteId[] = [];
    await visit(create(recordingTransport(sent)), [group], sent);
  }
  return found;
}

function callerSources(): string {
  return CALLER_FOLDERS.flatMap((folder) => {
    const root = join(SRC, folder);
    let files: string[];
    try {
      files = readdirSync(root, { recursive: true, encoding: 'utf8' });
    } catch {
      return [];
    }
    return files.filter((file) => file.endsWith('.ts')).map((file) => readFileSync(join(root, file), 'utf8'));
  }).join('\n');
}

/** `nodes.blocklist.get` -> a call `.nodes.blocklist.get(` (spaces and line breaks allowed between parts). */
function callPattern(method: string): RegExp {
  return new RegExp(`\\.${method.split('.').join('\\s*\\??\\.\\s*')}\\s*\\(`);
}

describe('route catalog coverage', () => {
  it('knows every group of the client (the recording build matches createPanelApi)', () => {
    const api = createPanelApi({ baseUrl: 'http://127.0.0.1:9', token: 'pmt_0' });
    // `refusedFields` is the client's memory of the bodies the panel refused (bodyEncodings.ts), not a group of routes.
    const groups = Object.entries(api).filter(([name, member]) => typeof member === 'object' && name !== 'refusedFields').map(([name]) => name).sort();
    assert.deepEqual(groups, Object.keys(GROUPS).sort());
  });

  it('finds a client method for each of the catalog routes', async () => {
    const methods = await methodsByRoute();
    const without = ROUTES.filter((route) => !methods.has(route.id)).map((route) => route.id);
    assert.deepEqual(without, [], `routes without a client method: ${without.join(', ')}`);
    assert.equal(ROUTES.length, 89, 'the catalog of spec 4.2 has 89 routes');
  });

  it('calls every catalog route from some command, view, document or webview', async () => {
    const methods = await methodsByRoute();
    const sources = callerSources();
    const missing = ROUTES.filter((route) => !(methods.get(route.id) ?? []).some((method) => callPattern(method).test(sources)))
      .map((route) => `${route.id} (${route.method} ${route.path}: api.${(methods.get(route.id) ?? ['?'])[0]}(…))`);
    assert.equal(missing.length, 0, `${missing.length} of ${ROUTES.length} catalog routes are not called outside src/api:\n  ${missing.join('\n  ')}`);
  });
});
