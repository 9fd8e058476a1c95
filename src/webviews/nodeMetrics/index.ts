/** The node metrics feature: what commands and extension.ts use of it (one entry, so it can be loaded on first use). */
export { NodeMetricsViews } from './nodeMetrics';
