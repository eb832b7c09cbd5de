/**
 * The geometry of the light charts (ADR 0029): a line and area curve of series over
 * categories, a donut of named values and horizontal bars of named values, as SVG paths and
 * positions from d3-scale and d3-shape. Invalid values (platform-core §9) are gaps in a curve
 * and absent from a donut; numbers are written by the console's format helpers.
 */

import { scaleLinear } from 'd3-scale';
import { arc, area, line, pie } from 'd3-shape';
import { formatNumber, isInvalidValue } from '../../app/format';
import { shareText } from '../chart/chart-spec';

export interface Named {
  name: string;
  value: unknown;
}

export interface LineSeries {
  name: string;
  values: readonly unknown[];
}

/** A value as a number, or null when it is invalid (a gap). */
export function numberOf(v: unknown): number | null {
  if (isInvalidValue(v)) return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/** A number as the charts write it: two decimals, or none for whole numbers (counts). */
export function valueText(value: number | null, integer = false): string {
  return formatNumber(value, integer ? 0 : 2);
}

/** Ticks of a value axis from 0 (or below, for negative values) to a nice maximum. */
export function valueScale(values: readonly (number | null)[], range: [number, number], count = 5) {
  const valid = values.filter((v): v is number => v !== null);
  const lo = Math.min(0, ...valid);
  const hi = Math.max(0, ...valid);
  const scale = scaleLinear()
    .domain([lo, hi === lo ? lo + 1 : hi])
    .range(range)
    .nice(count);
  return { scale, ticks: scale.ticks(count) };
}

/** Widths of a text in the chart's font (a canvas measures it; 7 px a character without one). */
export type Measure = (text: string) => number;

export function canvasMeasure(font: string): Measure {
  const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return (text) => text.length * 7;
  context.font = font;
  return (text) => context.measureText(text).width;
}

/**
 * A text in lines no wider than `width`, broken at spaces (and between any two characters of
 * a word that is wider on its own, as CJK text has no spaces).
 */
export function wrapText(text: string, width: number, measure: Measure): string[] {
  const lines: string[] = [];
  let current = '';
  const push = (piece: string) => {
    const next = current ? `${current}${piece}` : piece.trimStart();
    if (measure(next) <= width || !current) current = next;
    else {
      lines.push(current.trimEnd());
      current = piece.trimStart();
    }
  };
  for (const word of text.split(/(?=\s)/)) {
    if (measure(word.trim()) <= width) push(word);
    else for (const ch of word) push(ch);
  }
  if (current) lines.push(current.trimEnd());
  return lines.length > 0 ? lines : [''];
}

// ---------------------------------------------------------------- line and area

export interface LineLayout {
  width: number;
  height: number;
  plot: { left: number; top: number; right: number; bottom: number };
  /** x of each category. */
  xs: number[];
  /** Categories whose label is written under the axis (every nth, so they never collide). */
  labelled: number[];
  ticks: { y: number; text: string }[];
  series: { name: string; line: string; area: string; points: ({ x: number; y: number } | null)[] }[];
}

export function lineLayout(
  categories: readonly string[],
  series: readonly LineSeries[],
  size: { width: number; height: number },
  measure: Measure,
  top = 12,
): LineLayout {
  const values = series.map((s) => categories.map((_, i) => numberOf(s.values[i])));
  const bottom = size.height - 22;
  const { scale: y, ticks } = valueScale(values.flat(), [bottom, top]);
  const tickTexts = ticks.map((v) => formatNumber(v, Number.isInteger(v) ? 0 : 2));
  const left = Math.ceil(Math.max(0, ...tickTexts.map(measure))) + 10;
  const right = size.width - 8;
  const step = categories.length > 1 ? (right - left) / (categories.length - 1) : 0;
  const xs = categories.map((_, i) => (categories.length > 1 ? left + i * step : (left + right) / 2));
  const widest = Math.max(1, ...categories.map(measure)) + 12;
  const every = Math.max(1, Math.ceil(widest / Math.max(step, 1)));
  const labelled = categories.map((_, i) => i).filter((i) => i % every === 0);
  return {
    width: size.width,
    height: size.height,
    plot: { left, top, right, bottom },
    xs,
    labelled,
    ticks: ticks.map((v, i) => ({ y: y(v), text: tickTexts[i] ?? '' })),
    series: series.map((s, k) => {
      const points = (values[k] ?? []).map((v, i) => (v === null ? null : { x: xs[i] ?? 0, y: y(v) }));
      const defined = (p: { x: number; y: number } | null) => p !== null;
      const pathOf = (p: { x: number; y: number } | null) => p ?? { x: 0, y: 0 };
      return {
        name: s.name,
        points,
        line:
          line<{ x: number; y: number } | null>()
            .defined(defined)
            .x((p) => pathOf(p).x)
            .y((p) => pathOf(p).y)(points) ?? '',
        area:
          area<{ x: number; y: number } | null>()
            .defined(defined)
            .x((p) => pathOf(p).x)
            .y0(y(Math.max(0, y.domain()[0] ?? 0)))
            .y1((p) => pathOf(p).y)(points) ?? '',
      };
    }),
  };
}

/** The category nearest to `x` (the pointer over the plot). */
export function nearestIndex(xs: readonly number[], x: number): number {
  let best = 0;
  for (let i = 1; i < xs.length; i++)
    if (Math.abs((xs[i] ?? 0) - x) < Math.abs((xs[best] ?? 0) - x)) best = i;
  return best;
}

// ---------------------------------------------------------------- donut

export interface DonutSlice {
  name: string;
  value: number;
  share: string;
  path: string;
  /** Index of the item (its colour). */
  index: number;
}

/** Slices of the valid, positive values, in the items' order, starting at 12 o'clock. */
export function donutLayout(
  items: readonly Named[],
  radius: number,
): { total: number; slices: DonutSlice[] } {
  const valid = items
    .map((item, index) => ({ name: item.name, value: numberOf(item.value), index }))
    .filter((x): x is { name: string; value: number; index: number } => x.value !== null && x.value > 0);
  const total = valid.reduce((sum, x) => sum + x.value, 0);
  const shape = arc<{ startAngle: number; endAngle: number }>()
    .innerRadius(radius * 0.6)
    .outerRadius(radius)
    .padAngle(valid.length > 1 ? 0.01 : 0);
  const angles = pie<{ value: number }>()
    .sort(null)
    .value((x) => x.value)(valid);
  return {
    total,
    slices: valid.map((x, i) => {
      const a = angles[i];
      return {
        name: x.name,
        value: x.value,
        share: shareText(x.value, total),
        path: a ? (shape(a) ?? '') : '',
        index: x.index,
      };
    }),
  };
}

// ---------------------------------------------------------------- horizontal bars

export interface BarRow {
  name: string;
  /** The name in lines that fit the row. */
  lines: string[];
  value: number | null;
  text: string;
  /** Top of the row (its name's first line). */
  y: number;
  barY: number;
  barWidth: number;
  index: number;
}

export const BAR = { line: 16, bar: 12, gap: 10 } as const;

/**
 * One row per item: its full name (wrapped, never cut) and its value above a bar from the
 * left edge, the bar's length on a scale from 0 to the nice maximum.
 */
export function barLayout(
  items: readonly Named[],
  width: number,
  measure: Measure,
  format: (value: number | null) => string,
): { rows: BarRow[]; height: number } {
  const values = items.map((x) => numberOf(x.value));
  const { scale } = valueScale(values, [0, width], 4);
  let y = 0;
  const rows = items.map((item, index) => {
    const value = values[index] ?? null;
    const text = format(value);
    const lines = wrapText(item.name, Math.max(40, width - measure(text) - 12), measure);
    const row: BarRow = {
      name: item.name,
      lines,
      value,
      text,
      y,
      barY: y + lines.length * BAR.line + 2,
      barWidth: value === null ? 0 : Math.max(value > 0 ? 2 : 0, scale(Math.max(0, value))),
      index,
    };
    y = row.barY + BAR.bar + BAR.gap;
    return row;
  });
  return { rows, height: Math.max(0, y - BAR.gap) };
}
