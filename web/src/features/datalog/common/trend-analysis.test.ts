import type { DatalogSeries } from '@eem/contract';
import { describe, expect, it } from 'vitest';
import type { AnalysisAnswer, AnalysisContext } from '../../../blocks/analysis/analysis-model';
import { compareShift } from '../../../blocks/time-range-model';
import { translate } from '../../../i18n/texts';
import { datalogTexts } from './texts';
import {
  intervalProblem,
  type ReadingsQuery,
  readingsExport,
  readingsInput,
  readingsView,
} from './trend-analysis';

const t = (key: keyof (typeof datalogTexts)['en'], vars?: Record<string, string | number>) =>
  translate(datalogTexts, 'en', key, vars);
const ZONE = 'Asia/Shanghai';
const calendar = {
  timeZone: ZONE,
  cycles: { dayStartMinutes: 0, weekStartDay: 1, monthStartDay: 1, yearStartMonth: 1 },
};
/** Shanghai midnight of a wall date. */
const sh = (y: number, m: number, d: number, h = 0) => Date.UTC(y, m - 1, d, h - 8);

function series(pointId: number, times: number[]): DatalogSeries {
  return {
    pointId,
    nodeId: 11,
    nodeName: 'Meter 1',
    name: 'Energy',
    unit: 'kWh',
    kind: 'cumulative',
    decimals: 2,
    data: times.map((time, i) => ({ time, value: 10 + i })),
  };
}

describe('the readings of an analysis', () => {
  it('refuse a span too long for the interval, counted on the project’s calendar', () => {
    const months = { granularity: 'month' as const, start: sh(2026, 1, 1), end: sh(2026, 3, 1) };
    expect(intervalProblem(months, '15m', calendar, t)).toBe(
      'At interval 15 min the query span cannot exceed 31 days',
    );
    expect(intervalProblem(months, '1d', calendar, t)).toBeNull();
    // 31 whole days of the project are fine at 15 min.
    const days = { granularity: 'day' as const, start: sh(2026, 3, 1), end: sh(2026, 4, 1) };
    expect(intervalProblem(days, '15m', calendar, t)).toBeNull();
  });

  it('export at most 6 points as xlsx, with the query’s own range and interval', () => {
    const exporter = readingsExport(t);
    const input = readingsInput([1, 2, 3, 4, 5, 6, 7], { granularity: 'day', start: 1, end: 2 }, '1h');
    expect(exporter.refuse?.(input, {} as never)).toBe('At most 6 points can be exported');
    const six = readingsInput([1, 2, 3, 4, 5, 6], { granularity: 'day', start: 1, end: 2 }, '1h');
    expect(exporter.refuse?.(six, {} as never)).toBeNull();
    expect(exporter.input(six, {} as never)).toEqual({
      body: { pointIds: [1, 2, 3, 4, 5, 6], startTime: 1, endTime: 2, interval: '1h', format: 'xlsx' },
    });
  });

  it('draw last year’s series dashed, moved onto this year’s days, beside this year’s in the table', () => {
    const range = { granularity: 'day' as const, start: sh(2026, 5, 20), end: sh(2026, 5, 21) };
    const answer: AnalysisAnswer<ReadingsQuery> = {
      data: { interval: '1h', timeZone: ZONE, series: [series(7, [sh(2026, 5, 20, 8), sh(2026, 5, 20, 9)])] },
      compare: {
        mode: 'yoy',
        data: { interval: '1h', timeZone: ZONE, series: [series(7, [sh(2025, 5, 20, 8)])] },
        range: { start: sh(2025, 5, 20), end: sh(2025, 5, 21) },
        shift: compareShift(range, 'yoy', calendar),
      },
    };
    const view = readingsView<object, null>(
      t,
      (s) => new Map(s.map((x) => [x.pointId, `${x.nodeName} · ${x.name}`])),
    );
    const ctx = { data: null } as unknown as AnalysisContext<object, null>;
    const chart = view.chart?.(answer, ctx);
    if (chart?.kind !== 'trend') throw new Error('a trend is drawn');
    expect(chart.lines.map((l) => [l.name, l.dashed ?? false])).toEqual([
      ['Meter 1 · Energy', false],
      ['Meter 1 · Energy (last year)', true],
    ]);
    expect(chart.lines[1]?.points[0]?.time).toBe(sh(2026, 5, 20, 8));
    expect(chart.formatTime(sh(2026, 5, 20, 8))).toBe('2026-05-20 08:00');
    const table = view.table?.(answer, ctx);
    expect(table?.columns.map((c) => c.title)).toEqual([
      'Time',
      'Meter 1 · Energy (kWh)',
      'Meter 1 · Energy (last year) (kWh)',
    ]);
    expect(table?.rows).toEqual([
      { time: sh(2026, 5, 20, 8), p7: 10, 'p-7': 10 },
      { time: sh(2026, 5, 20, 9), p7: 11 },
    ]);
  });
});
