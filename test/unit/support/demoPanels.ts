// Simulated panels a test starts (the demo data set unless its options say otherwise), each with clients of
// its owner token; all closed after each test of the suite that calls useDemoPanels at its top level.
import { createPanelApi, type LogLevel, type PanelApi } from '../../../src/api';
import { startPanel, type PanelOptions, type SimulatedPanel } from '../../panel';

export interface DemoPanel {
  readonly panel: SimulatedPanel;
  /** A client of the owner token. */
  readonly api: PanelApi;
  /** Another client of the owner token (a second window, a second session). */
  client(): PanelApi;
}

export function useDemoPanels(): (options?: PanelOptions) => Promise<DemoPanel> {
  const started: { panel: SimulatedPanel; apis: PanelApi[] }[] = [];
  afterEach(async () => {
    for (const { panel, apis } of started.splice(0)) {
      await Promise.all(apis.map((api) => api.close()));
      await panel.close();
    }
  });
  return async (options = {}) => {
    const panel = await startPanel({ dataset: 'demo', ...options });
    const entry = { panel, apis: [] as PanelApi[] };
    started.push(entry);
    const client = () => {
      const api = createPanelApi({ baseUrl: panel.url, token: panel.tokens.owner, retry: { baseDelayMs: 5, maxDelayMs: 20 }, log: (_level: LogLevel, _message: string) => undefined });
      entry.apis.push(api);
      return api;
    };
    return { panel, api: client(), client };
  };
}
