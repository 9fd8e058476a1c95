/**
 * Line charts of time series with Chart.js, themed with VS Code's colours (read from its CSS variables when
 * drawn, and redrawn when the theme changes). Chart.js draws labels and tooltips on the canvas: panel text
 * never becomes markup. Only the parts used are registered (line charts on category and linear scales).
 *
 * In a right-to-left display language the page mirrors, but a chart does not: time runs left to right on
 * its axis, as on the panels' own dashboards and Grafana the operators read beside it, and a mirrored time
 * axis would put "now" on the left edge of one chart and the right edge of the next tool. Its box is
 * `dir="ltr"`; its tick labels and tooltip use the page's language (Persian digits in Persian).
 */
import {
  CategoryScale, Chart, Filler, LinearScale, LineController, LineElement, PointElement, Tooltip,
} from 'chart.js';
import type { Series } from '../shapeReading';
import { pageLanguage } from '../../shared/browser/pageLanguage';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Filler);

const PALETTE = ['--vscode-charts-blue', '--vscode-charts-green', '--vscode-charts-orange', '--vscode-charts-purple', '--vscode-charts-red', '--vscode-charts-yellow'];

function cssVariable(name: string, fallback: string): string {
  const value = getComputedStyle(document.body).getPropertyValue(name).trim();
  return value || fallback;
}

/** The short label of a point's time: `14:00`, or the day and time when the series spans days. */
function timeLabel(series: Series): string[] {
  const times = series.points.map((point) => point.t);
  if (times.some((t) => t === undefined)) return series.points.map((point) => point.x);
  const span = (times[times.length - 1] ?? 0) - (times[0] ?? 0);
  return times.map((t) => {
    const date = new Date(t as number);
    return Math.abs(span) > 36 * 3600_000
      ? date.toLocaleString(pageLanguage(), { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })
      : date.toLocaleTimeString(pageLanguage(), { hour: '2-digit', minute: '2-digit' });
  });
}

export function lineChart(canvas: HTMLCanvasElement, series: Series, colourIndex: number): Chart {
  const colour = cssVariable(PALETTE[colourIndex % PALETTE.length], '#3794ff');
  const foreground = cssVariable('--vscode-descriptionForeground', '#888');
  const grid = cssVariable('--vscode-editorWidget-border', 'rgba(128,128,128,0.25)');
  const font = cssVariable('--vscode-font-family', 'sans-serif');
  return new Chart(canvas, {
    type: 'line',
    data: {
      labels: timeLabel(series),
      datasets: [{
        label: series.label,
        data: series.points.map((point) => (point.y === undefined ? null : point.y)),
        borderColor: colour,
        backgroundColor: `${colour}33`,
        fill: true,
        pointRadius: 0,
        pointHitRadius: 6,
        borderWidth: 2,
        tension: 0.25,
        spanGaps: false,
      }],
    },
    options: {
      animation: false,
      locale: pageLanguage(),
      responsive: true,
      maintainAspectRatio: false,
      interaction: { mode: 'index', intersect: false },
      plugins: { legend: { display: false }, tooltip: { enabled: true } },
      scales: {
        x: { ticks: { color: foreground, maxTicksLimit: 8, maxRotation: 0, font: { family: font } }, grid: { color: grid } },
        y: { ticks: { color: foreground, maxTicksLimit: 6, font: { family: font } }, grid: { color: grid }, beginAtZero: true },
      },
    },
  });
}
