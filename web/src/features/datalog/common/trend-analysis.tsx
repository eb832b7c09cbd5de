/**
 * What the reading screens share in their analysis descriptions: the interval select and its
 * span rule (INTERVAL_SPAN_DAYS, on the project's calendar), the view of a datalog.query answer
 * (the trend chart with one axis per unit and the marker toggles, the table of time and one
 * column per point with max/min/avg rows, compare series a year or a period before, moved onto
 * the chosen range) and the xlsx export of at most 6 points (datalog.exportQuery).
 */
import { Space, Typography } from '@douyinfe/semi-ui-19';
import type { DatalogSeries } from '@eem/contract';
import { DATALOG_LIMITS } from '@eem/core';
import { endpointKey } from '@eem/sdk';
import { useId } from 'react';
import { formatDate, formatNumber } from '../../../app/format';
import type {
  AnalysisAnswer,
  AnalysisContext,
  AnalysisExport,
  AnalysisView,
} from '../../../blocks/analysis/analysis-model';
import type { TrendLine } from '../../../blocks/chart/trend-spec';
import type { DataColumn } from '../../../blocks/DataTable';
import type { RefInput } from '../../../blocks/data';
import { Select } from '../../../blocks/named-pickers';
import type { Calendar, TimeRangeValue } from '../../../blocks/time-range-model';
import type { Translate } from '../../../i18n/texts';
import { type DatalogInterval, intervalPattern, isDatalogInterval, rangeProblem } from './datalog-range';
import { pointKey, type SeriesRow, seriesRows } from './series-table';
import type { datalogTexts } from './texts';

type DatalogT = Translate<keyof (typeof datalogTexts)['en']>;
/** The readings query (datalog.query) and its xlsx twin. */
export const READINGS = endpointKey('datalog', 'query');
export type ReadingsQuery = typeof READINGS;
const READINGS_EXPORT = endpointKey('datalog', 'exportQuery');

export function IntervalSelect({
  value,
  onChange,
  intervals,
  t,
}: {
  value: DatalogInterval;
  onChange: (interval: DatalogInterval) => void;
  intervals: readonly DatalogInterval[];
  t: DatalogT;
}) {
  const labelId = useId();
  return (
    <Space spacing={4}>
      <Typography.Text type="tertiary" id={labelId}>
        {t('interval')}
      </Typography.Text>
      <Select
        aria-labelledby={labelId}
        className="eem-select-interval"
        value={value}
        style={{ width: 120 }}
        optionList={intervals.map((i) => ({ value: i, label: t(`interval.${i}`) }))}
        onChange={(v) => {
          if (isDatalogInterval(v)) onChange(v);
        }}
      />
    </Space>
  );
}

/** The span rule of the interval on the calendar, as the text shown under the bar. */
export function intervalProblem(
  range: TimeRangeValue,
  interval: DatalogInterval,
  calendar: Calendar,
  t: DatalogT,
): string | null {
  const problem = rangeProblem(range, interval, calendar.timeZone);
  if (problem === null) return null;
  return problem.kind === 'order'
    ? t('spanOrder')
    : t('spanLimit', { interval: t(`interval.${problem.interval}`), days: problem.days });
}

/** The description's span check: the interval's rule on the screen's calendar. */
export function readingsProblem<X extends { interval: DatalogInterval }, Y>(t: DatalogT) {
  return (ctx: AnalysisContext<X, Y>) =>
    intervalProblem(ctx.selection.range, ctx.selection.extra.interval, ctx.calendar, t);
}

/** The readings query of points over the chosen range at the chosen interval. */
export function readingsInput(pointIds: number[], range: TimeRangeValue, interval: DatalogInterval) {
  return { body: { pointIds, startTime: range.start, endTime: range.end, interval } };
}

/** The series of the answer and, with compare on, the compare series moved onto the range. */
function allSeries(
  answer: AnalysisAnswer<ReadingsQuery>,
  labels: ReadonlyMap<number, string>,
  t: DatalogT,
): { series: DatalogSeries[]; labels: Map<number, string> } {
  const out = new Map(labels);
  const compare = answer.compare;
  if (!compare) return { series: answer.data.series, labels: out };
  const suffix = t(compare.mode === 'yoy' ? 'compare.yoy' : 'compare.mom');
  const moved = compare.data.series.map((s) => {
    // Compare series are keyed by the negative point id.
    out.set(-s.pointId, `${labels.get(s.pointId) ?? s.name} (${suffix})`);
    return { ...s, pointId: -s.pointId, data: s.data.map((p) => ({ ...p, time: compare.shift(p.time) })) };
  });
  return { series: [...answer.data.series, ...moved], labels: out };
}

export function toLines(series: readonly DatalogSeries[], labels: ReadonlyMap<number, string>): TrendLine[] {
  return series.map((s) => ({
    id: String(s.pointId),
    name: labels.get(s.pointId) ?? s.name,
    unit: s.unit,
    decimals: s.decimals,
    points: s.data,
    // Compare series (keyed by the negative point id) are dashed.
    ...(s.pointId < 0 ? { dashed: true } : {}),
  }));
}

/**
 * The view of a readings answer: `labels` names each point (node · quantity, or the node's
 * path); times in the answer's zone (the project's) at the pattern of its interval.
 */
export function readingsView<X, Y>(
  t: DatalogT,
  labels: (series: readonly DatalogSeries[], data: Y) => ReadonlyMap<number, string>,
): AnalysisView<X, Y, ReadingsQuery> {
  const formatter = (answer: AnalysisAnswer<ReadingsQuery>) => (ms: number) =>
    formatDate(ms, intervalPattern(answer.data.interval), answer.data.timeZone);
  return {
    empty: (answer) => answer.data.series.every((s) => s.data.length === 0),
    chart: (answer, ctx) => {
      const all = allSeries(answer, labels(answer.data.series, ctx.data), t);
      return {
        kind: 'trend',
        lines: toLines(all.series, all.labels),
        formatTime: formatter(answer),
        markers: true,
      };
    },
    table: (answer, ctx) => {
      const all = allSeries(answer, labels(answer.data.series, ctx.data), t);
      const time = formatter(answer);
      const columns: DataColumn<SeriesRow>[] = [
        { key: 'time', title: t('time'), width: 170, fixed: 'left', render: (row) => time(row.time) },
        ...all.series.map(
          (s): DataColumn<SeriesRow> => ({
            key: pointKey(s.pointId),
            title: s.unit
              ? `${all.labels.get(s.pointId) ?? s.name} (${s.unit})`
              : (all.labels.get(s.pointId) ?? s.name),
            align: 'right',
            width: 180,
            render: (row) => formatNumber(row[pointKey(s.pointId)], s.decimals),
          }),
        ),
      ];
      return {
        columns,
        rows: seriesRows(all.series),
        rowKey: (row: SeriesRow) => row.time,
        summary: { columns: all.series.map((s) => pointKey(s.pointId)), kinds: ['max', 'min', 'avg'] },
        testId: 'series-table',
      };
    },
  };
}

/** The readings as xlsx: the query's body, at most 6 points on a screen. */
export function readingsExport<X, Y>(
  t: DatalogT,
): AnalysisExport<X, Y, ReadingsQuery, typeof READINGS_EXPORT> {
  return {
    endpoint: READINGS_EXPORT,
    input: (query: RefInput<ReadingsQuery>) => ({ body: { ...query.body, format: 'xlsx' as const } }),
    refuse: (query) =>
      query.body.pointIds.length > DATALOG_LIMITS.screenExportPoints ? t('exportLimit') : null,
  };
}
