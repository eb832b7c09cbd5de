import { bucketStarts, type DatalogInterval, spanDays } from '@eem/core';
import { describe, expect, it } from 'vitest';
import { CliError } from '../errors.js';
import type { TimeRange } from './datalog-flags.js';
import { planChunks, spanWindows, splitRange } from './datalog-plan.js';

const Q = 900_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 1);

/** A server holding one reading per point and 15 minutes from T0 (raw count). */
function rawCounter(points: number, from = T0) {
  const calls: TimeRange[] = [];
  const count = async (r: TimeRange) => {
    calls.push(r);
    const first = Math.max(from, Math.ceil(r.startTime / Q) * Q);
    return first >= r.endTime ? 0 : Math.ceil((r.endTime - first) / Q) * points;
  };
  return { count, calls };
}

/** Buckets of an aggregated interval in a range, times points (every bucket has readings). */
function bucketCounter(interval: Exclude<DatalogInterval, 'raw'>, timeZone: string, points: number) {
  return async (r: TimeRange) => bucketStarts(r.startTime, r.endTime, interval, timeZone).length * points;
}

const contiguous = (chunks: TimeRange[], range: TimeRange) => {
  expect(chunks[0]?.startTime).toBe(range.startTime);
  expect(chunks.at(-1)?.endTime).toBe(range.endTime);
  for (let i = 1; i < chunks.length; i++) expect(chunks[i]?.startTime).toBe(chunks[i - 1]?.endTime);
};

describe('splitRange', () => {
  it('cuts into about equal parts on 15-minute steps', () => {
    const range = { startTime: T0 + 7 * 60_000, endTime: T0 + DAY };
    const parts = splitRange(range, 4, 'raw', 'UTC');
    expect(parts).toHaveLength(4);
    contiguous(parts, range);
    for (const p of parts.slice(1)) expect(p.startTime % Q).toBe(0);
  });

  it('cuts on local day starts for 1d (Asia/Kolkata, +05:30)', () => {
    const range = { startTime: Date.UTC(2026, 0, 1), endTime: Date.UTC(2026, 0, 11) };
    const parts = splitRange(range, 3, '1d', 'Asia/Kolkata');
    contiguous(parts, range);
    for (const p of parts.slice(1)) expect((p.startTime + 5.5 * HOUR) % DAY).toBe(0);
  });

  it('gives fewer parts when the range holds fewer buckets, one when it holds one', () => {
    const range = { startTime: Date.UTC(2026, 0, 1), endTime: Date.UTC(2026, 0, 3) };
    expect(splitRange(range, 10, '1d', 'UTC')).toHaveLength(2);
    expect(splitRange({ startTime: T0, endTime: T0 + HOUR }, 5, '1h', 'UTC')).toHaveLength(1);
  });

  it('cuts a raw range shorter than a bucket anywhere', () => {
    const range = { startTime: T0, endTime: T0 + 60_000 };
    const parts = splitRange(range, 2, 'raw', 'UTC');
    expect(parts).toEqual([
      { startTime: T0, endTime: T0 + 30_000 },
      { startTime: T0 + 30_000, endTime: T0 + 60_000 },
    ]);
  });
});

describe('spanWindows', () => {
  it('keeps a raw range whole (raw exports have no span limit)', () => {
    const range = { startTime: T0, endTime: T0 + 400 * DAY };
    expect(spanWindows(range, 'raw', 'UTC')).toEqual([range]);
  });

  it('cuts an aggregated range into windows within the span limit, on bucket starts', () => {
    const zone = 'Europe/Berlin';
    const range = { startTime: Date.UTC(2025, 11, 31, 23), endTime: Date.UTC(2026, 11, 31, 23) };
    for (const [interval, limit] of [
      ['15m', 31],
      ['1h', 92],
    ] as const) {
      const windows = spanWindows(range, interval, zone);
      expect(windows.length).toBeGreaterThan(1);
      contiguous(windows, range);
      for (const w of windows) expect(spanDays(w.startTime, w.endTime, zone)).toBeLessThanOrEqual(limit);
    }
    expect(spanWindows(range, '1d', zone)).toEqual([range]);
  });
});

describe('planChunks', () => {
  it('answers one chunk when the range fits, after one count', async () => {
    const { count, calls } = rawCounter(3);
    const range = { startTime: T0, endTime: T0 + DAY };
    const chunks = await planChunks({ ...range, interval: 'raw', timeZone: 'UTC', maxRows: 1000, count });
    expect(chunks).toEqual([{ ...range, rows: 288 }]);
    expect(calls).toHaveLength(1);
  });

  it('cuts a range into chunks of at most maxRows that hold every row', async () => {
    const { count } = rawCounter(5);
    const range = { startTime: T0, endTime: T0 + 3 * DAY };
    const chunks = await planChunks({ ...range, interval: 'raw', timeZone: 'UTC', maxRows: 500, count });
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    contiguous(chunks, range);
    for (const c of chunks) expect(c.rows).toBeLessThanOrEqual(500);
    expect(chunks.reduce((n, c) => n + c.rows, 0)).toBe(3 * 96 * 5);
  });

  it('cuts unevenly spread rows until every chunk fits', async () => {
    // Readings only in the last day of ten.
    const { count } = rawCounter(10, T0 + 9 * DAY);
    const range = { startTime: T0, endTime: T0 + 10 * DAY };
    const chunks = await planChunks({ ...range, interval: 'raw', timeZone: 'UTC', maxRows: 200, count });
    contiguous(chunks, range);
    for (const c of chunks) expect(c.rows).toBeLessThanOrEqual(200);
    expect(chunks.reduce((n, c) => n + c.rows, 0)).toBe(960);
  });

  it('plans aggregated intervals on bucket starts within the span limit', async () => {
    const zone = 'Asia/Shanghai';
    const range = { startTime: Date.UTC(2025, 11, 31, 16), endTime: Date.UTC(2026, 5, 30, 16) };
    const count = bucketCounter('1h', zone, 2);
    const chunks = await planChunks({ ...range, interval: '1h', timeZone: zone, maxRows: 3000, count });
    contiguous(chunks, range);
    for (const c of chunks) {
      expect(c.rows).toBeLessThanOrEqual(3000);
      expect(spanDays(c.startTime, c.endTime, zone)).toBeLessThanOrEqual(92);
      expect(c.startTime % HOUR).toBe(0);
    }
    expect(chunks.reduce((n, c) => n + c.rows, 0)).toBe(
      bucketStarts(range.startTime, range.endTime, '1h', zone).length * 2,
    );
  });

  it('refuses clearly when one time alone holds more rows than the limit', async () => {
    const range = { startTime: T0, endTime: T0 + HOUR };
    const count = async () => 300;
    const plan = planChunks({ ...range, interval: '1h', timeZone: 'UTC', maxRows: 200, count });
    await expect(plan).rejects.toThrow(CliError);
    await expect(plan).rejects.toThrow('more than the server exports at a time (maxExportCount 200)');
  });
});
