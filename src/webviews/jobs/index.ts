/** The job history feature: what commands and extension.ts use of it (one entry, so it can be loaded on first use). */
export { JobHistories, type JobHistory, type JobHistoryOptions } from './jobHistory';
