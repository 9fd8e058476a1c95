// The seeds the property suites run the simulated panel's `random:SEED` reading under (test/panel/SHAPES.md
// "Readings"). A failing property names its seed in its title and message: `PANEL_OPS_SEEDS=17` (or
// `17,40`) replays just those; `PANEL_OPS_SEED_COUNT=200` runs seeds 0..199 besides the fixed ones. A seed
// that once failed is kept in FIXED_SEEDS.
import { UPSTREAM_OBJECT_SEED, type PanelOptions, type Reading } from '../../panel';
import { useDemoPanels, type DemoPanel } from '../support/demoPanels';

/** How many seeds run when nothing else is asked (CI: at least 50). */
export const DEFAULT_SEED_COUNT = 50;

/** Seeds kept whatever the count: one where a node site's upstream is an object, and seeds that once failed. */
export const FIXED_SEEDS: readonly number[] = [UPSTREAM_OBJECT_SEED];

export function propertySeeds(env: NodeJS.ProcessEnv = process.env): number[] {
  const listed = env.PANEL_OPS_SEEDS?.trim();
  if (listed) return listed.split(',').map((seed) => Number(seed.trim())).filter((seed) => Number.isInteger(seed) && seed >= 0);
  const count = /^\d+$/.test(env.PANEL_OPS_SEED_COUNT ?? '') ? Number(env.PANEL_OPS_SEED_COUNT) : DEFAULT_SEED_COUNT;
  const seeds = new Set<number>(FIXED_SEEDS);
  for (let seed = 0; seed < count; seed++) seeds.add(seed);
  return [...seeds];
}

/** What a failing property's message ends with, so its seed replays. */
export function replayHint(seed: number): string {
  return `(replay: PANEL_OPS_SEEDS=${seed} npm run test:unit -- --grep 'seed ${seed}:')`;
}

/**
 * The simulated demo panel of one seed's reading (`PANEL_OPS_PROPERTY_READING` plays a named reading
 * instead, to compare), with a client of its owner token; both closed after each test of the suite that
 * calls this at its top level.
 */
export function useSeededPanel(): (seed: number, options?: PanelOptions) => Promise<DemoPanel> {
  const start = useDemoPanels();
  return (seed, options = {}) => start({ readings: { reading: (process.env.PANEL_OPS_PROPERTY_READING ?? `random:${seed}`) as Reading }, ...options });
}
