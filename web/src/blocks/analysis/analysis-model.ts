/**
 * The description of an analysis screen (family AN, screens.md §1): which pickers it has (a
 * node tree with search, favourites and a cap; an energy type; a time range on the project's
 * calendar with an optional YoY/MoM compare), the endpoint it queries (by its key,
 * `endpointKey('datalog', 'query')`) and how the selection becomes that endpoint's input, what
 * the answer shows (chart, cards, table) and its export twin. `AnalysisWorkspace` draws and runs it; a screen is its description plus its
 * chart options.
 */
import type { ReactNode } from 'react';
import type { ChartData } from '../chart/chart-spec';
import type { Highlight, TrendLine } from '../chart/trend-spec';
import type { DataColumn, SummaryOptions } from '../DataTable';
import type { DownloadRef, JsonRef, RefData, RefInput } from '../data';
import type { FavouriteSource } from '../NodeTreePicker';
import type { NodeRef, TreeNodeLike } from '../node-tree-model';
import type { CompareMode } from '../TimeRange';
import type { Calendar, DateBlock, Granularity, PresetKey, TimeRangeValue } from '../time-range-model';

/** What the user has picked. `extra` is the screen's own state (points, interval, quantity…). */
export interface AnalysisSelection<X> {
  nodes: NodeRef[];
  energyType: number | null;
  range: TimeRangeValue;
  compare: CompareMode;
  extra: X;
}

/** What the screen's own controls and builders are handed. */
export interface AnalysisContext<X, Y = unknown> {
  selection: AnalysisSelection<X>;
  /** What the screen derives from the selection (its `useData` hook: points of the nodes…). */
  data: Y;
  /** The screen's calendar (the project's time zone and cycle starts). */
  calendar: Calendar;
  /** Changes the selection (e.g. a loaded template ticks nodes). */
  select: (patch: Partial<AnalysisSelection<X>>) => void;
  /** Changes the screen's own state. */
  setExtra: (patch: Partial<X>) => void;
}

const IDLE = Symbol('idle');

/** No query: the reason shown in place of the result (nothing chosen, a refused span…). */
export interface Idle {
  readonly [IDLE]: true;
  readonly reason: ReactNode;
}

export function idle(reason: ReactNode): Idle {
  return { [IDLE]: true, reason };
}

export function isIdle(value: unknown): value is Idle {
  return typeof value === 'object' && value !== null && IDLE in value;
}

/** A chart of the result: a time trend (one axis per unit, markers) or a category chart. */
export type AnalysisChart =
  | {
      kind: 'trend';
      lines: readonly TrendLine[];
      formatTime: (ms: number) => string;
      /** Offer the max/min/avg marker toggles. */
      markers?: boolean;
      highlights?: readonly Highlight[];
      gaps?: 'link' | 'break';
      /** data-testid of the chart host (default 'trend-chart'). */
      testId?: string;
    }
  | {
      kind: 'line' | 'bar' | 'stackedBar' | 'pie' | 'sankey' | 'waterfall';
      data: ChartData;
      unit?: string;
      integer?: boolean;
      colors?: readonly string[];
    };

/** A figure above the chart (total, YoY %, peak…). */
export interface AnalysisCard {
  key: string;
  label: ReactNode;
  value: ReactNode;
  /** A line under the value (the period of a peak, the compare value). */
  hint?: ReactNode;
  tone?: 'normal' | 'up' | 'down' | 'warning';
}

export interface AnalysisTable<R> {
  columns: readonly DataColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  summary?: SummaryOptions;
  /** data-testid of the table (default 'analysis-table'). */
  testId?: string;
}

/** The answer of the main query and, with compare on, the same query over the compare range. */
export interface AnalysisAnswer<E extends JsonRef> {
  data: RefData<E>;
  compare: {
    mode: Exclude<CompareMode, 'none'>;
    data: RefData<E>;
    range: { start: number; end: number };
    /** Moves a time of the compare answer onto the main range (by wall clock). */
    shift: (ms: number) => number;
  } | null;
}

export interface AnalysisView<X, Y, E extends JsonRef> {
  chart?: (answer: AnalysisAnswer<E>, ctx: AnalysisContext<X, Y>) => AnalysisChart;
  cards?: (answer: AnalysisAnswer<E>, ctx: AnalysisContext<X, Y>) => readonly AnalysisCard[];
  // biome-ignore lint/suspicious/noExplicitAny: the row type is the screen's own
  table?: (answer: AnalysisAnswer<E>, ctx: AnalysisContext<X, Y>) => AnalysisTable<any>;
  /** Whether the answer holds nothing to show (default: no chart values and no table rows). */
  empty?: (answer: AnalysisAnswer<E>) => boolean;
  /** The chart card's title. */
  title?: ReactNode;
  /** More controls in the chart header. */
  chartExtra?: (ctx: AnalysisContext<X, Y>) => ReactNode;
}

export interface AnalysisExport<X, Y, E extends JsonRef, D extends DownloadRef> {
  endpoint: D;
  input: (query: RefInput<E>, ctx: AnalysisContext<X, Y>) => RefInput<D>;
  /** Why the export is refused (shown beside the disabled button), or null. */
  refuse?: (query: RefInput<E>, ctx: AnalysisContext<X, Y>) => ReactNode | null;
}

export interface NodePicker {
  title: string;
  /** The tree (a hook: it is called on every render of the workspace). */
  useTree: () => { data?: readonly TreeNodeLike[] | undefined; isPending: boolean };
  mode: 'single' | 'multi';
  /** Multi mode: at most this many nodes (default 6; Infinity for none). */
  max?: number;
  limitMessage?: string;
  selectable?: (node: TreeNodeLike) => boolean;
  /** The user's favourite nodes (a hook), when the screen has a source for them. */
  useFavourites?: () => FavouriteSource;
  height?: number;
}

export interface AnalysisDescription<X, Y, E extends JsonRef, D extends DownloadRef = DownloadRef> {
  /** The screen's title (the page heading, the chart's PNG name). */
  title: string;
  nodes?: NodePicker;
  /** An energy-type select in the query bar. */
  energyType?: boolean;
  range: {
    granularities: readonly Granularity[];
    granularity: Granularity;
    preset: PresetKey;
    presets?: readonly PresetKey[];
    /** Analysis blocks future dates (default 'future'). */
    block?: DateBlock;
    /** Offer the YoY / MoM switch. */
    compare?: boolean;
  };
  /** The screen's own state, initially (from the address when it carries some). */
  initial: (params: URLSearchParams) => Partial<Omit<AnalysisSelection<X>, 'extra'>> & { extra: X };
  /**
   * What the screen derives from the selection, as a hook called on every render (the points of
   * the chosen nodes, a server limit): handed to everything below as `ctx.data`.
   */
  useData: (selection: AnalysisSelection<X>) => Y;
  /** When the user changes the nodes: what else changes with them (the points of unticked devices go). */
  onNodes?: (nodes: readonly NodeRef[], ctx: AnalysisContext<X, Y>) => Partial<X>;
  /** Controls in the query bar, after the time range. */
  bar?: (ctx: AnalysisContext<X, Y>) => ReactNode;
  /** Cards under the node tree. */
  side?: (ctx: AnalysisContext<X, Y>) => ReactNode;
  /** Beyond the range's own span rule: why the selection cannot be queried (shown inline). */
  problem?: (ctx: AnalysisContext<X, Y>) => ReactNode | null;
  /** The endpoint queried and its input, or why there is none. */
  query?: { endpoint: E; input: (ctx: AnalysisContext<X, Y>) => RefInput<E> | Idle };
  view?: AnalysisView<X, Y, E>;
  export?: AnalysisExport<X, Y, E, D>;
  /** Instead of query and view: the screen's own result (an editor), or why there is none. */
  render?: (ctx: AnalysisContext<X, Y>) => ReactNode | Idle;
}

/** Declares a screen's description with its types inferred. */
export function defineAnalysis<X, Y, E extends JsonRef, D extends DownloadRef = DownloadRef>(
  description: AnalysisDescription<X, Y, E, D>,
): AnalysisDescription<X, Y, E, D> {
  return description;
}
