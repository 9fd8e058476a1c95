/** Panel settings (`settings.*`). PUT and the messenger test are owner-only. */
import { jsonBody, type CallOptions, type Transport } from './call';
import type { JsonObject } from './types';

export interface SettingsApi {
  get(opts?: CallOptions): Promise<JsonObject>;
  /** Owner-only (and settings:write). */
  put(settings: JsonObject, opts?: CallOptions): Promise<JsonObject | undefined>;
  subscriptionPagePreview(opts?: CallOptions): Promise<JsonObject>;
  /** Sends a test notification through the messenger integration (`/settings/{messenger}/test`); owner-only. */
  messengerTest(body?: JsonObject, opts?: CallOptions): Promise<JsonObject | undefined>;
}

export function createSettingsApi(t: Transport): SettingsApi {
  return {
    get: (opts) => t.json({ routeId: 'settings.get', signal: opts?.signal }),
    put: (settings, opts) => t.jsonOrEmpty({ routeId: 'settings.put', body: jsonBody(settings), signal: opts?.signal }),
    subscriptionPagePreview: (opts) => t.json({ routeId: 'settings.subscriptionPagePreview', signal: opts?.signal }),
    messengerTest: (body, opts) =>
      t.jsonOrEmpty({
        routeId: 'settings.messengerTest',
        body: body === undefined ? undefined : jsonBody(body),
        signal: opts?.signal,
      }),
  };
}
