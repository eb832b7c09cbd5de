/**
 * The VChart spec of a bar-and-line chart over categories: bars of one unit on the left axis
 * (energy: supply, consumption, loss), lines of another unit on the right axis (a rate in %),
 * and horizontal limit lines on the right axis (warning thresholds, each in its level's colour,
 * captioned). Invalid values (platform-core §9) become gaps; colours from the theme's palette.
 */
import { isInvalidValue } from '@eem/core';
import type { ChartTheme } from '../../theme/chart-palettes';
import type { ChartSpec } from './vchart-engine';

export interface ComboSeries {
  name: string;
  values: readonly unknown[];
}

export interface ComboLimit {
  value: number;
  /** Caption at the line's end ('Level 1 · 5%'). */
  label: string;
  color: string;
}

export interface ComboData {
  categories: readonly string[];
  bars: readonly ComboSeries[];
  lines: readonly ComboSeries[];
  limits?: readonly ComboLimit[];
}

export interface ComboOptions {
  theme: ChartTheme;
  barUnit?: string;
  lineUnit?: string;
  /** Bars stacked instead of grouped. */
  stacked?: boolean;
}

const LABEL_POSITIONS = ['insideEndTop', 'insideStartTop', 'insideMiddleTop', 'insideEndBottom'] as const;

function numberOf(v: unknown): number | null {
  if (isInvalidValue(v)) return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/** True when no bar and no line holds a valid value. */
export function isEmptyCombo(data: ComboData): boolean {
  return ![...data.bars, ...data.lines].some((s) => s.values.some((v) => numberOf(v) !== null));
}

const valuesOf = (series: readonly ComboSeries[], categories: readonly string[]) =>
  series.flatMap((s) => categories.map((x, i) => ({ x, y: numberOf(s.values[i]), series: s.name })));

export function buildComboSpec(data: ComboData, options: ComboOptions): ChartSpec {
  const { theme } = options;
  const text = { fill: theme.text };
  const palette = theme.palette;
  const limits = (data.limits ?? []).filter((l) => Number.isFinite(l.value));
  // The right axis reaches the highest limit, so every threshold line is on the chart.
  const lineMax = Math.max(
    0,
    ...data.lines.flatMap((s) => s.values.map(numberOf).filter((v): v is number => v !== null)),
    ...limits.map((l) => l.value),
  );
  const axis = (unit: string | undefined) =>
    unit ? { visible: true, text: unit, style: text } : { visible: false };
  return {
    type: 'common',
    theme: theme.vchartTheme,
    color: [...palette],
    background: theme.background,
    animation: false,
    data: [
      { id: 'bars', values: valuesOf(data.bars, data.categories) },
      { id: 'lines', values: valuesOf(data.lines, data.categories) },
    ],
    series: [
      {
        type: 'bar',
        id: 'bar',
        dataId: 'bars',
        xField: options.stacked ? 'x' : ['x', 'series'],
        yField: 'y',
        seriesField: 'series',
        barMaxWidth: 40,
        ...(options.stacked ? { stack: true } : {}),
      },
      {
        type: 'line',
        id: 'line',
        dataId: 'lines',
        xField: 'x',
        yField: 'y',
        seriesField: 'series',
        invalidType: 'break',
        point: { visible: data.categories.length <= 48 },
        line: { style: { lineWidth: 2 } },
      },
    ],
    axes: [
      { orient: 'bottom', type: 'band', label: { style: text } },
      {
        orient: 'left',
        type: 'linear',
        seriesId: ['bar'],
        title: axis(options.barUnit),
        grid: { visible: true, style: { stroke: theme.grid } },
        label: { style: text },
      },
      {
        orient: 'right',
        type: 'linear',
        seriesId: ['line'],
        title: axis(options.lineUnit),
        grid: { visible: false },
        label: { style: text },
        ...(lineMax > 0 ? { max: Math.ceil(lineMax * 1.15 * 100) / 100 } : {}),
      },
    ],
    legends: { visible: true, orient: 'bottom' },
    tooltip: { visible: true },
    crosshair: { xField: { visible: true } },
    ...(limits.length > 0
      ? {
          markLine: limits.map((l, i) => ({
            relativeSeriesId: 'line',
            y: l.value,
            line: { style: { stroke: l.color, lineDash: [6, 4], lineWidth: 1.5 } },
            startSymbol: { visible: false },
            endSymbol: { visible: false },
            label: {
              visible: true,
              // Close limits keep their captions apart: alternately at the end and the start.
              position: LABEL_POSITIONS[i % LABEL_POSITIONS.length],
              text: l.label,
              labelBackground: { visible: false },
              style: { fill: l.color, fontSize: 11 },
            },
          })),
        }
      : {}),
  };
}
