/** Builds the live state of a data set: `demo`, `showcase` (the demo with plain values for the README's pictures), `large`, `huge` (`large` with 100,000 keys, for the export benchmark), or `empty` (accounts and settings only). */
import type { Dataset, PanelData } from '../types';
import { emptyData } from './baseline';
import { demoData } from './demo';
import { largeData } from './large';

export function buildDataset(dataset: Dataset, now: number, messenger: string): PanelData {
  switch (dataset) {
    case 'demo':
      return demoData(now, messenger);
    case 'showcase':
      return demoData(now, messenger, { hostile: false });
    case 'large':
      return largeData(now, messenger);
    case 'huge':
      return largeData(now, messenger, 100_000);
    case 'empty':
      return emptyData(messenger);
  }
}
