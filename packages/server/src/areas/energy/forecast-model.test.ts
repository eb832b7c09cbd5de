/**
 * The load forecast on synthetic data with a known pattern: a weekly profile (working days
 * with a day shift, quieter weekends) with ±3 % noise, over five weeks of Berlin time that
 * cross the autumn DST change. The forecast of the next day recovers the pattern within 5 %
 * MAPE; after a lasting step of the level (+15 % for the last three days) the level
 * correction follows it (within 6 %), where the bare profile would be off by about 15 %.
 */
import { localParts, zonedTime } from '@eem/core';
import { describe, expect, it } from 'vitest';
import { backtest, forecastAt, profileAt } from './forecast-model.js';

const TZ = 'Europe/Berlin';
const HOUR = 3_600_000;

/** The known pattern: kW by local weekday and hour. */
function pattern(t: number): number {
  const p = localParts(t, TZ);
  const working = p.weekday <= 5;
  const shift = p.hour >= 7 && p.hour < 19;
  return working ? (shift ? 800 + 20 * (p.hour - 7) : 300) : shift ? 350 : 250;
}

/** Deterministic noise in [-3 %, +3 %]. */
function noise(t: number): number {
  const x = Math.sin((t / HOUR) * 12.9898) * 43_758.5453;
  return (x - Math.floor(x) - 0.5) * 0.06;
}

function history(from: number, to: number, level: (t: number) => number): Map<number, number> {
  const out = new Map<number, number>();
  for (let t = from; t < to; t += HOUR) out.set(t, pattern(t) * level(t) * (1 + noise(t)));
  return out;
}

const mape = (actual: number[], forecast: (number | null)[]) =>
  (actual.reduce((s, a, i) => s + Math.abs(a - (forecast[i] ?? 0)) / a, 0) / actual.length) * 100;

describe('load forecast', () => {
  // Five weeks up to Tuesday 10 November 2026 (the DST change on 25 October inside).
  const origin = zonedTime(TZ, 2026, 11, 10);
  const from = zonedTime(TZ, 2026, 10, 6);
  const day = Array.from({ length: 24 }, (_, i) => origin + i * HOUR);

  it('recovers a weekly pattern with 3 % noise within 5 % MAPE, across a DST change', () => {
    const loads = history(from, origin, () => 1);
    const forecast = forecastAt(loads, origin, day, HOUR, TZ);
    expect(forecast.every((f) => f !== null)).toBe(true);
    expect(mape(day.map(pattern), forecast)).toBeLessThan(5);
    // The backtest of the last 7 days (each forecast from the history before it) says the same.
    const days = Array.from({ length: 7 }, (_, i) => zonedTime(TZ, 2026, 11, 3 + i));
    const test = backtest(loads, days, (d) => Array.from({ length: 24 }, (_, i) => d + i * HOUR), HOUR, TZ);
    expect(test.mape).not.toBeNull();
    expect(test.mape as number).toBeLessThan(5);
    // A week earlier across the change is the same wall-clock hour (the profile is not shifted).
    expect(profileAt(loads, zonedTime(TZ, 2026, 10, 27, 9), TZ)).toBeGreaterThan(800);
  });

  it('follows a lasting step of the level through the recent-level correction', () => {
    const step = origin - 3 * 24 * HOUR;
    const loads = history(from, origin, (t) => (t >= step ? 1.15 : 1));
    const actual = day.map((t) => pattern(t) * 1.15);
    const corrected = forecastAt(loads, origin, day, HOUR, TZ);
    expect(mape(actual, corrected)).toBeLessThan(6);
    const bare = day.map((t) => profileAt(loads, t, TZ));
    expect(mape(actual, bare)).toBeGreaterThan(10);
  });
});
