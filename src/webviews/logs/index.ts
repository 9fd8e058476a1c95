/** The log viewer feature: what commands and extension.ts use of it (one entry, so it can be loaded on first use). */
export { LogViewers, type LogViewer, type NodeOnPanel } from './logViewer';
