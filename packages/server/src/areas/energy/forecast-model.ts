/**
 * The load forecast (ADR 0017, "Load forecasting"): a same-weekday profile with a recent-level
 * correction, over at most 30 days of history.
 *
 * - Profile: the load of a target interval is the weighted mean of the same local weekday and
 *   wall-clock interval one, two and three weeks earlier (weights 3, 2, 1; missing ones left
 *   out). Weekly seasonality (shifts, weekends) is what drives a site's load.
 * - Level: the profile is scaled by the ratio of the actual load to the profile over the 48
 *   hours before the forecast is made (clamped to 0.7..1.3), so a site that runs higher or
 *   lower this week than the weeks before is followed.
 * - Band: ± 1.2816 standard deviations of the day-ahead errors of the last 7 days, per interval
 *   of the day (80 % if errors are normal), never below zero.
 * - Accuracy: each of the last 7 complete days is forecast as it would have been at its start
 *   (history before it only); MAPE is the mean of |actual − forecast| / actual over those
 *   intervals whose actual load is above 5 % of the mean (near-zero loads would divide by ~0).
 *
 * Local times come from the project's zone: a week earlier is the same wall-clock time seven
 * days before (daylight-saving changes included).
 */
import { localParts, zonedTime } from '@eem/core';

export const FORECAST = {
  weeks: 3,
  weights: [3, 2, 1],
  levelHours: 48,
  levelClamp: [0.7, 1.3] as const,
  backtestDays: 7,
  z80: 1.2816,
  mapeFloor: 0.05,
  /** Days of history the forecast and its backtest read. */
  historyDays: 30,
} as const;

export const FORECAST_METHOD =
  'same-weekday profile of the last 3 weeks (weights 3/2/1) × the level of the last 48 h (0.7–1.3); 80% band from the day-ahead errors of the last 7 days';

/** Loads by interval start (ms). */
export type Loads = ReadonlyMap<number, number>;

/** The same wall-clock time `weeks` weeks before `t` in the zone. */
export function weeksBefore(t: number, weeks: number, timeZone: string): number {
  const p = localParts(t, timeZone);
  return zonedTime(timeZone, p.year, p.month, p.day - 7 * weeks, p.hour, p.minute);
}

/** The profile value of an interval: weighted same-weekday loads 1..3 weeks earlier; null without any. */
export function profileAt(history: Loads, t: number, timeZone: string): number | null {
  let sum = 0;
  let weight = 0;
  for (let w = 1; w <= FORECAST.weeks; w++) {
    const v = history.get(weeksBefore(t, w, timeZone));
    if (v === undefined) continue;
    const k = FORECAST.weights[w - 1] as number;
    sum += k * v;
    weight += k;
  }
  return weight > 0 ? sum / weight : null;
}

/** The level factor at `origin`: actual over profile of the intervals in the 48 h before it. */
export function levelAt(history: Loads, origin: number, step: number, timeZone: string): number {
  let actual = 0;
  let profile = 0;
  for (let t = origin - FORECAST.levelHours * 3_600_000; t < origin; t += step) {
    const a = history.get(t);
    const p = profileAt(history, t, timeZone);
    if (a === undefined || p === null) continue;
    actual += a;
    profile += p;
  }
  if (!(profile > 0)) return 1;
  const [lo, hi] = FORECAST.levelClamp;
  return Math.min(hi, Math.max(lo, actual / profile));
}

/** Forecasts of `targets` made at `origin` (only history before `origin` is used). */
export function forecastAt(
  history: Loads,
  origin: number,
  targets: readonly number[],
  step: number,
  timeZone: string,
): (number | null)[] {
  const before = new Map([...history].filter(([t]) => t < origin));
  const level = levelAt(before, origin, step, timeZone);
  return targets.map((t) => {
    const p = profileAt(before, t, timeZone);
    return p === null ? null : p * level;
  });
}

export interface Backtest {
  /** Per backtest day: its start and MAPE (null without usable intervals). */
  days: { day: number; mape: number | null }[];
  mape: number | null;
  /** Day-ahead errors (actual − forecast) by interval of the day. */
  errors: Map<number, number[]>;
}

/**
 * Day-ahead forecasts of each of `dayStarts` (ascending, each day's intervals from `intervalsOf`)
 * against the actual loads.
 */
export function backtest(
  history: Loads,
  dayStarts: readonly number[],
  intervalsOf: (dayStart: number) => number[],
  step: number,
  timeZone: string,
): Backtest {
  const values = [...history.values()];
  const mean = values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : 0;
  const floor = mean * FORECAST.mapeFloor;
  const errors = new Map<number, number[]>();
  const days: Backtest['days'] = [];
  let apeSum = 0;
  let apeCount = 0;
  for (const day of dayStarts) {
    const targets = intervalsOf(day);
    const forecast = forecastAt(history, day, targets, step, timeZone);
    let sum = 0;
    let count = 0;
    targets.forEach((t, i) => {
      const a = history.get(t);
      const f = forecast[i];
      if (a === undefined || f === null || f === undefined) return;
      const slot = i;
      const list = errors.get(slot);
      if (list) list.push(a - f);
      else errors.set(slot, [a - f]);
      if (a > floor && a > 0) {
        sum += Math.abs(a - f) / a;
        count++;
      }
    });
    apeSum += sum;
    apeCount += count;
    days.push({ day, mape: count > 0 ? Math.round((sum / count) * 10_000) / 100 : null });
  }
  return { days, mape: apeCount > 0 ? Math.round((apeSum / apeCount) * 10_000) / 100 : null, errors };
}

/** The 80% band half-width of an interval of the day: from its errors, else all errors, else 10%. */
export function bandWidth(errors: Map<number, number[]>, slot: number, forecast: number): number {
  const sd = (list: readonly number[]) => {
    if (list.length < 3) return null;
    const m = list.reduce((a, b) => a + b, 0) / list.length;
    return Math.sqrt(list.reduce((a, b) => a + (b - m) ** 2, 0) / (list.length - 1));
  };
  const own = sd(errors.get(slot) ?? []);
  if (own !== null) return FORECAST.z80 * own;
  const all = sd([...errors.values()].flat());
  return all !== null ? FORECAST.z80 * all : 0.1 * Math.abs(forecast);
}
