/**
 * Messages between the figures pages (the dashboard, a node's metrics) and the extension. Every value in
 * them is data for `textContent` or a chart; nothing is markup. No `vscode` import.
 */
import { bareMessage } from '../shared/messages';
import type { Reading } from './shapeReading';

/** One answer of the panel, read into figures, series, tables and a tree. */
export interface FigureSection {
  readonly id: string;
  readonly title: string;
  /** The route it came from, e.g. `GET /dashboard/summary`. */
  readonly source: string;
  readonly reading?: Reading;
  /** Why there is nothing to show (a refused read, a node offline...). */
  readonly problem?: string;
}

export interface FigureWords {
  refresh: string;
  updated: string;
  noData: string;
  truncated: string;
  table: string;
  details: string;
  chartOf: string;
}

export type ToFiguresWebview =
  | { type: 'words'; words: FigureWords }
  | { type: 'loading'; message: string }
  | { type: 'sections'; heading: string; updated: string; sections: FigureSection[] };

export type FromFiguresWebview = { type: 'ready' } | { type: 'refresh' };

export function parseFiguresMessage(raw: unknown): FromFiguresWebview | undefined {
  return bareMessage<FromFiguresWebview>(raw, ['ready', 'refresh']);
}
