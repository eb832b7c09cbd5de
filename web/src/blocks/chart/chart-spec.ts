/**
 * Chart specs for the ChartPanel: line and bar charts of series over categories, pie charts
 * of named values, sankeys, waterfalls (totals and the changes between them); invalid values
 * (platform-core §9) become gaps; colours from the theme's chart palette.
 */
import { isInvalidValue, PATH_SEPARATOR } from '@eem/core';
import type { ChartTheme } from '../../theme/chart-palettes';
import type { ChartSpec } from './vchart-engine';

export type ChartKind = 'line' | 'bar' | 'pie' | 'sankey' | 'waterfall';

export interface ChartSeries {
  name: string;
  values: readonly unknown[];
}

export interface PieItem {
  name: string;
  value: unknown;
}

export interface ChartData {
  /** x-axis categories (line, bar). */
  categories?: readonly string[];
  series?: readonly ChartSeries[];
  /** Slices (pie). */
  items?: readonly PieItem[];
  /** Nodes and weighted links (sankey); a muted node (a loss) is drawn grey. */
  nodes?: readonly { key: string; name: string; muted?: boolean }[];
  links?: readonly { source: string; target: string; value: number }[];
  /** Bars of a waterfall in order: a total stands on the axis, a change floats from the running sum. */
  steps?: readonly { name: string; value: unknown; total?: boolean }[];
}

export interface ChartOptions {
  kind: ChartKind;
  theme: ChartTheme;
  /** Unit shown on the value axis and in tooltips. */
  unit?: string;
  /** Bars stacked instead of grouped. */
  stacked?: boolean;
  /** Whole numbers on the value axis (counts). */
  integer?: boolean;
  /** Colours by series or slice, instead of the palette (e.g. alarm colours by class). */
  colors?: readonly string[];
  /**
   * Bars lying down, the categories down the left axis in order from the top: a ranking
   * (top 10) whose names are too long to stand side by side under the bars.
   */
  horizontal?: boolean;
}

function numberOf(v: unknown): number | null {
  if (isInvalidValue(v)) return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
}

/** True when there is nothing to draw: no category or slice holds a valid value. */
export function isEmptyChart(kind: ChartKind, data: ChartData): boolean {
  if (kind === 'pie') return !(data.items ?? []).some((i) => numberOf(i.value) !== null);
  if (kind === 'sankey') return !(data.links ?? []).some((l) => l.value > 0);
  if (kind === 'waterfall') return !(data.steps ?? []).some((s) => numberOf(s.value) !== null);
  return !(data.series ?? []).some((s) => s.values.some((v) => numberOf(v) !== null));
}

/** A category as the axis writes it: a node path by its last node (the tooltip has the path). */
export function shortCategory(category: string): string {
  const at = category.lastIndexOf(PATH_SEPARATOR);
  return at < 0 ? category : category.slice(at + PATH_SEPARATOR.length);
}

/** Slices under this share of the whole get no label (legend and tooltip name them). */
export const PIE_LABEL_MIN_SHARE = 0.01;

/**
 * A slice's share of the whole, as its label says it ('34%', '4.5%' below ten; '' when there is
 * no share): the VChart pies and the light donut of the home alike.
 */
export function shareText(value: number | null, total: number): string {
  if (value === null || value <= 0 || total <= 0) return '';
  const pct = (value / total) * 100;
  return `${pct >= 10 ? Math.round(pct) : pct.toFixed(1)}%`;
}

/** True when a slice is labelled: a share of at least PIE_LABEL_MIN_SHARE. */
export function labelledSlice(value: number | null, total: number): boolean {
  return value !== null && value > 0 && total > 0 && value / total >= PIE_LABEL_MIN_SHARE;
}

export function buildChartSpec(data: ChartData, options: ChartOptions): ChartSpec {
  const { kind, theme, unit = '' } = options;
  const base = {
    theme: theme.vchartTheme,
    color: [...(options.colors ?? theme.palette)],
    background: theme.background,
    tooltip: { visible: true },
    animation: false,
  };
  if (kind === 'pie') {
    const values = (data.items ?? []).map((i) => ({ name: i.name, value: numberOf(i.value) }));
    const total = values.reduce((sum, v) => sum + (v.value ?? 0), 0);
    return {
      ...base,
      type: 'pie',
      data: [{ id: 'data', values }],
      categoryField: 'name',
      valueField: 'value',
      outerRadius: 0.8,
      innerRadius: 0.5,
      // Labels say the share (short: never cut); the legend names the slices in full. Empty
      // and tiny slices get no label: their leader lines would crowd the others, without text.
      label: {
        visible: true,
        dataFilter: (labels: { data?: { value?: number | null } }[]) =>
          labels.filter((l) => labelledSlice(l.data?.value ?? null, total)),
        formatMethod: (_text: unknown, datum?: { value?: number | null }) =>
          shareText(datum?.value ?? null, total),
        style: { fill: theme.text },
      },
      legends: {
        visible: true,
        orient: 'bottom',
        item: { label: { style: { fill: theme.text } } },
        maxRow: 3,
      },
    };
  }
  if (kind === 'sankey') {
    const nodes = data.nodes ?? [];
    const index = new Map(nodes.map((n, i) => [n.key, i]));
    const muted = new Set(nodes.filter((n) => n.muted).map((n) => n.name));
    return {
      ...base,
      type: 'sankey',
      data: [
        {
          id: 'data',
          values: [
            {
              nodes: nodes.map((n) => ({ name: n.name })),
              links: (data.links ?? [])
                .filter((l) => l.value > 0 && index.has(l.source) && index.has(l.target))
                .map((l) => ({ source: index.get(l.source), target: index.get(l.target), value: l.value })),
            },
          ],
        },
      ],
      categoryField: 'name',
      valueField: 'value',
      sourceField: 'source',
      targetField: 'target',
      nodeAlign: 'left',
      nodeGap: 8,
      nodeWidth: 12,
      node: {
        style: {
          fill: (d: { name?: string; datum?: { name?: string } }) =>
            muted.has(d.datum?.name ?? d.name ?? '') ? theme.grid : undefined,
        },
      },
      link: { style: { fillOpacity: 0.25 } },
      label: { visible: true, style: { fontSize: 12, fill: theme.text } },
    };
  }
  if (kind === 'waterfall') {
    return {
      ...base,
      type: 'waterfall',
      data: [
        {
          id: 'data',
          values: (data.steps ?? []).map((s) => ({
            x: s.name,
            y: numberOf(s.value) ?? 0,
            total: s.total === true,
          })),
        },
      ],
      xField: 'x',
      yField: 'y',
      total: { type: 'field', tagField: 'total', valueField: 'y' },
      barMaxWidth: 48,
      axes: [
        { orient: 'bottom', type: 'band', label: { style: { fill: theme.text } } },
        {
          orient: 'left',
          type: 'linear',
          title: unit ? { visible: true, text: unit } : { visible: false },
          grid: { style: { stroke: theme.grid } },
          label: { style: { fill: theme.text } },
        },
      ],
      // VChart names its legend items in English (increase/decrease/total): the bars' colours and
      // the categories say it in the user's language instead.
      legends: { visible: false },
      stackLabel: { visible: true, valueType: 'change', style: { fill: theme.text } },
    };
  }
  const categories = data.categories ?? [];
  const series = data.series ?? [];
  const values = series.flatMap((s) =>
    categories.map((category, i) => ({ x: category, y: numberOf(s.values[i]), series: s.name })),
  );
  const horizontal = options.horizontal === true;
  const axes = [
    {
      orient: horizontal ? 'left' : 'bottom',
      type: 'band',
      // Node paths by their last node; the tooltip names the category in full. Standing bars
      // turn their labels before they cut or hide them; lying bars have a line each.
      label: {
        style: { fill: theme.text },
        formatMethod: (text: unknown) => shortCategory(String(text)),
        autoLimit: true,
        ...(horizontal ? {} : { autoHide: true, autoRotate: true, autoRotateAngle: [0, -45, -90] }),
      },
      ...(horizontal ? { maxWidth: '40%' } : {}),
    },
    {
      orient: horizontal ? 'bottom' : 'left',
      type: 'linear',
      title: unit ? { visible: true, text: unit } : { visible: false },
      grid: { style: { stroke: theme.grid } },
      label: { style: { fill: theme.text } },
      ...(options.integer ? { tick: { noDecimals: true } } : {}),
    },
  ];
  const common = {
    ...base,
    data: [{ id: 'data', values }],
    yField: 'y',
    seriesField: 'series',
    axes,
    legends: { visible: series.length > 1, orient: 'bottom' },
    crosshair: horizontal ? { yField: { visible: true } } : { xField: { visible: true } },
  };
  if (kind === 'line') {
    return { ...common, type: 'line', xField: 'x', point: { visible: categories.length <= 48 } };
  }
  const band = options.stacked ? 'x' : ['x', 'series'];
  const bar = { ...common, type: 'bar', barMaxWidth: 48, ...(options.stacked ? { stack: true } : {}) };
  return horizontal
    ? { ...bar, direction: 'horizontal', xField: 'y', yField: band }
    : { ...bar, xField: band };
}
