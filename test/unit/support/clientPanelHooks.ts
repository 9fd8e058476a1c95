/**
 * Mocha hooks for client tests against the simulated panel: one panel per `describe`, clients that are
 * closed after each test, fast retries, and every log line captured for redaction checks.
 */
import { createPanelApi, type LogLevel, type PanelApi, type PanelClientOptions } from '../../../src/api';
import { startPanel, type PanelOptions, type SimulatedPanel } from '../../panel';

export interface PanelFixture {
  readonly panel: SimulatedPanel;
  /** Every log line of every client made by `client()` in this describe block. */
  readonly logLines: string[];
  /** A client of the panel with the owner's full-rights token unless `token` says otherwise. */
  client(options?: Partial<PanelClientOptions>): PanelApi;
}

export function usePanel(options: PanelOptions = {}): PanelFixture {
  let panel: SimulatedPanel | undefined;
  const clients: PanelApi[] = [];
  const logLines: string[] = [];

  before(async function () {
    this.timeout(60_000);
    panel = await startPanel(options);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((api) => api.close()));
    panel?.clearFaults();
    panel?.resetRequests();
  });
  after(async () => {
    await panel?.close();
  });

  return {
    get panel() {
      if (!panel) throw new Error('the simulated panel has not started');
      return panel;
    },
    logLines,
    client(overrides = {}) {
      if (!panel) throw new Error('the simulated panel has not started');
      const api = createPanelApi({
        baseUrl: panel.url,
        token: panel.tokens.owner,
        ...(panel.ca ? { caCertificates: [panel.ca] } : {}),
        ...overrides,
        retry: { baseDelayMs: 5, maxDelayMs: 20, ...overrides.retry },
        log: (level: LogLevel, message: string) => {
          logLines.push(`${level} ${message}`);
          overrides.log?.(level, message);
        },
      });
      clients.push(api);
      return api;
    },
  };
}
