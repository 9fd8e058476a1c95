/** Builds the live state of a data set: `demo`, `large`, or `empty` (accounts and settings only). */
import type { Dataset, PanelData } from '../types';
import { emptyData } from './baseline';
import { demoData } from './demo';
import { largeData } from './large';

export function buildDataset(dataset: Dataset, now: number, messenger: string): PanelData {
  switch (dataset) {
    case 'demo':
      return demoData(now, messenger);
    case 'large':
      return largeData(now, messenger);
    case 'empty':
      return emptyData(messenger);
  }
}
