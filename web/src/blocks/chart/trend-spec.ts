/**
 * The VChart spec of a trend: line series over time (a band axis of the formatted times in
 * time order), one value axis per unit (alternately left and right, each bound to the series
 * of its unit), optional max/min markers (points) and avg markers (lines) per series, and
 * highlighted readings (abnormal values on the meter-entry screen). Gaps are linked across, or
 * broken where a series has a null value.
 */

import type { ChartTheme } from '../../theme/chart-palettes';
import type { ChartSpec } from './vchart-engine';

export interface TrendPoint {
  time: number;
  value: number | null;
}

export interface TrendLine {
  /** Stable id of the line (the point id). */
  id: string;
  /** Legend text (unique among the lines). */
  name: string;
  unit: string;
  decimals: number;
  points: readonly TrendPoint[];
  /** Drawn dashed (a compare series: last year, the period before). */
  dashed?: boolean;
}

export const MARKER_KINDS = ['max', 'min', 'avg'] as const;
export type MarkerKind = (typeof MARKER_KINDS)[number];

export interface Highlight {
  lineId: string;
  time: number;
  value: number;
  text: string;
}

export interface TrendSpecOptions {
  theme: ChartTheme;
  formatTime: (ms: number) => string;
  markers?: readonly MarkerKind[];
  /** Marker captions ('Max', '最大值'...). */
  markerLabels?: Readonly<Record<MarkerKind, string>>;
  highlights?: readonly Highlight[];
  /** Colour of highlights (the theme's danger colour). */
  highlightColor?: string;
  /** 'break': a null value leaves a gap (default 'link': the line joins its values). */
  gaps?: 'link' | 'break';
}

export interface LineStats {
  max: { time: number; value: number };
  min: { time: number; value: number };
  avg: number;
}

/** Max, min (first occurrence) and mean of a line's values; null without values. */
export function lineStats(points: readonly TrendPoint[]): LineStats | null {
  let max: LineStats['max'] | null = null;
  let min: LineStats['min'] | null = null;
  let sum = 0;
  let count = 0;
  for (const p of points) {
    if (p.value === null || !Number.isFinite(p.value)) continue;
    if (!max || p.value > max.value) max = { time: p.time, value: p.value };
    if (!min || p.value < min.value) min = { time: p.time, value: p.value };
    sum += p.value;
    count++;
  }
  return max && min ? { max, min, avg: sum / count } : null;
}

/** The units of the lines in order of first use: one value axis each. */
export function lineUnits(lines: readonly Pick<TrendLine, 'unit'>[]): string[] {
  return [...new Set(lines.map((l) => l.unit))];
}

const seriesId = (line: TrendLine) => `s-${line.id}`;
const AVG_POSITIONS = ['insideEndTop', 'insideStartTop', 'insideEndBottom', 'insideStartBottom'] as const;
const DEFAULT_LABELS: Record<MarkerKind, string> = { max: 'Max', min: 'Min', avg: 'Avg' };
/** Symbol sizes of a line's points and of its captioned max and min. */
const POINT_SIZE = 6;
const EXTREME_SIZE = 10;

export function buildTrendSpec(lines: readonly TrendLine[], options: TrendSpecOptions): ChartSpec {
  const { theme, formatTime } = options;
  const times = [...new Set(lines.flatMap((l) => l.points.map((p) => p.time)))].sort((a, b) => a - b);
  const labelOf = new Map(times.map((t) => [t, formatTime(t)]));
  const categories = [...new Set(times.map((t) => labelOf.get(t) ?? ''))];
  const dense = categories.length <= 48;
  const units = lineUnits(lines);
  const labels = options.markerLabels ?? DEFAULT_LABELS;
  const markers = new Set(options.markers ?? []);
  const text = { fill: theme.text };

  const axes = [
    { orient: 'bottom', type: 'band', domain: categories, label: { style: text }, sampling: true },
    ...units.map((unit, k) => ({
      id: `y${k}`,
      orient: k % 2 === 0 ? 'left' : 'right',
      type: 'linear',
      // Counters sit far from 0: the axis follows the values.
      zero: false,
      nice: true,
      seriesId: lines.filter((l) => l.unit === unit).map(seriesId),
      title: unit ? { visible: true, text: unit, style: text } : { visible: false },
      grid: k === 0 ? { visible: true, style: { stroke: theme.grid } } : { visible: false },
      label: { style: text },
    })),
  ];

  const markPoint: Record<string, unknown>[] = [];
  const markLine: Record<string, unknown>[] = [];
  /** Captions of the max and min points, by line and time. */
  const captions = new Map<string, string[]>();
  lines.forEach((line, i) => {
    const stats = lineStats(line.points);
    if (!stats) return;
    const color = theme.palette[i % theme.palette.length] ?? theme.text;
    const round = (v: number) => v.toFixed(line.decimals);
    // The extremes are the series' own points, drawn larger, and their captions the series'
    // labels (below): VChart lays these out over the whole region, so that captions of different
    // series avoid each other and every series' extreme points (a marker symbol on top would
    // cover the other series' captions).
    for (const kind of ['max', 'min'] as const) {
      if (!markers.has(kind)) continue;
      const at = stats[kind];
      captions.set(`${line.id}@${at.time}`, [
        ...(captions.get(`${line.id}@${at.time}`) ?? []),
        `${labels[kind]} ${round(at.value)}`,
      ]);
    }
    if (markers.has('avg')) {
      markLine.push({
        relativeSeriesId: seriesId(line),
        y: stats.avg,
        line: { style: { stroke: color, lineDash: [4, 4], lineWidth: 1 } },
        endSymbol: { visible: false },
        startSymbol: { visible: false },
        label: {
          visible: true,
          position: AVG_POSITIONS[i % AVG_POSITIONS.length],
          text: `${labels.avg} ${round(stats.avg)}`,
          labelBackground: { visible: false },
          style: { fill: color },
        },
      });
    }
  });
  const danger = options.highlightColor ?? '#f93920';
  for (const h of options.highlights ?? []) {
    const line = lines.find((l) => l.id === h.lineId);
    const label = labelOf.get(h.time);
    if (line && label !== undefined) markPoint.push(pointMarker(line, label, h.value, h.text, danger, {}));
  }

  return {
    type: 'common',
    theme: theme.vchartTheme,
    color: [...theme.palette],
    background: theme.background,
    animation: false,
    data: lines.map((line) => ({
      id: `d-${line.id}`,
      values: line.points.map((p) => {
        const caption = captions.get(`${line.id}@${p.time}`)?.join(' · ');
        return {
          x: labelOf.get(p.time) ?? '',
          y: p.value,
          series: line.name,
          ...(caption ? { caption } : {}),
        };
      }),
    })),
    series: lines.map((line, i) => ({
      type: 'line',
      id: seriesId(line),
      dataId: `d-${line.id}`,
      xField: 'x',
      yField: 'y',
      seriesField: 'series',
      invalidType: options.gaps ?? 'link',
      line: { style: { lineWidth: 2, ...(line.dashed ? { lineDash: [6, 4] } : {}) } },
      ...(captions.size > 0
        ? {
            // The labels' targets are the points (a label of a line without points would take
            // the whole line as its mark and find no free place): points of a long series are
            // drawn only where they carry a caption.
            point: {
              visible: true,
              style: {
                visible: (d: { caption?: string }) => dense || Boolean(d.caption),
                size: (d: { caption?: string }) => (d.caption ? EXTREME_SIZE : POINT_SIZE),
              },
            },
            label: extremeLabel(theme.palette[i % theme.palette.length] ?? theme.text),
          }
        : { point: { visible: dense } }),
    })),
    axes,
    // One label layout for the region (a chart-level option): the series' captions avoid
    // each other and every series' points.
    labelLayout: 'region',
    legends: { visible: true, orient: 'bottom' },
    tooltip: { visible: true },
    crosshair: { xField: { visible: true } },
    ...(markPoint.length > 0 ? { markPoint } : {}),
    ...(markLine.length > 0 ? { markLine } : {}),
  };
}

/**
 * The captions of a line's max and min points: only the points that carry one, laid out with
 * every other series' labels of the region (the chart's labelLayout), moved around the point or up and down
 * until they hit neither another caption nor a line.
 */
function extremeLabel(color: string): Record<string, unknown> {
  return {
    visible: true,
    position: 'top',
    dataFilter: (items: { data?: { caption?: string } }[]) => items.filter((item) => item.data?.caption),
    formatMethod: (_text: unknown, datum?: { caption?: string }) => datum?.caption ?? '',
    style: { fill: color, fontSize: 11, fontWeight: 600 },
    overlap: {
      avoidBaseMark: true,
      overlapPadding: 2,
      hideOnHit: false,
      clampForce: true,
      strategy: [
        {
          type: 'position',
          position: [
            'top',
            'bottom',
            'top-right',
            'top-left',
            'bottom-right',
            'bottom-left',
            'right',
            'left',
          ],
        },
        { type: 'moveY', offset: [-16, 16, -32, 32, -48, 48, -64, 64] },
      ],
    },
  };
}

function pointMarker(
  line: TrendLine,
  x: string,
  y: number,
  caption: string,
  color: string,
  offset: { offsetY?: number },
): Record<string, unknown> {
  return {
    relativeSeriesId: seriesId(line),
    coordinate: { x, y },
    itemLine: { visible: false },
    targetSymbol: { visible: true, size: 8, style: { fill: color, stroke: color } },
    itemContent: {
      type: 'text',
      autoRotate: false,
      confine: true,
      offsetY: offset.offsetY ?? -16,
      text: {
        text: caption,
        visible: caption !== '',
        style: { fill: color, fontSize: 11 },
        labelBackground: { visible: false },
      },
    },
  };
}
