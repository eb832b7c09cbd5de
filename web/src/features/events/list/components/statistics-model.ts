/**
 * Chart data of /eventStatistics from the count calls: stacked bars per day and level, the top
 * N of a count, confirmed against open, and durations for the average time to confirm.
 */
import type { ChartData } from '../../../../blocks/ChartPanel';

export interface CountRow {
  key: number;
  label: string;
  count: number;
}

export interface DayLevelRow {
  day: number;
  level: number;
  count: number;
}

/** One bar per day (in order), one stacked series per level 1 to 5. */
export function byDayAndLevel(
  rows: readonly DayLevelRow[],
  dayText: (day: number) => string,
  levelText: (level: number) => string,
): ChartData {
  const days = [...new Set(rows.map((r) => r.day))].sort((a, b) => a - b);
  const levels = [1, 2, 3, 4, 5];
  return {
    categories: days.map(dayText),
    series: levels.map((level) => ({
      name: levelText(level),
      values: days.map((day) =>
        rows.filter((r) => r.day === day && r.level === level).reduce((sum, r) => sum + r.count, 0),
      ),
    })),
  };
}

/** The `n` largest counts, largest first (ties by label). */
export function topCounts(rows: readonly CountRow[], n = 10): CountRow[] {
  return [...rows]
    .filter((r) => r.count > 0)
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
    .slice(0, n);
}

/** One bar series of counts. */
export function countBars(rows: readonly CountRow[], seriesName: string): ChartData {
  return {
    categories: rows.map((r) => r.label),
    series: [{ name: seriesName, values: rows.map((r) => r.count) }],
  };
}

export function countTotal(rows: readonly CountRow[]): number {
  return rows.reduce((sum, r) => sum + r.count, 0);
}

/** Confirmed (status 3) against open (pending and processing). */
export function confirmedAndOpen(rows: readonly CountRow[]): { confirmed: number; open: number } {
  const confirmed = rows.filter((r) => r.key === 3).reduce((sum, r) => sum + r.count, 0);
  return { confirmed, open: countTotal(rows) - confirmed };
}

/** A duration in minutes below two hours, else in hours (one decimal); null → '--'. */
export function durationParts(ms: number | null): { unit: 'minutes' | 'hours'; value: string } | null {
  if (ms === null || !Number.isFinite(ms) || ms < 0) return null;
  const minutes = ms / 60_000;
  if (minutes < 120) return { unit: 'minutes', value: minutes.toFixed(1) };
  return { unit: 'hours', value: (minutes / 60).toFixed(1) };
}
