import { READING_INTERVAL_MS } from '@eem/core';
import { describe, expect, it } from 'vitest';
import { entryRows, expectedSteps, gapRun, interpolateGap, median, valueProblem } from './reading-checks';

const Q = READING_INTERVAL_MS;
const start = Date.UTC(2026, 2, 1);
/** Readings at steps i (×15 min) with values. */
const at = (pairs: [number, number][]) => pairs.map(([i, value]) => ({ time: start + i * Q, value }));
const range = (steps: number, kind: 'cumulative' | 'instantaneous' = 'cumulative') => ({
  start,
  end: start + steps * Q,
  now: start + 100 * Q,
  kind,
});

describe('entryRows', () => {
  it('lists every expected 15-minute step and flags the missing ones as gaps', () => {
    const rows = entryRows(
      at([
        [0, 100],
        [1, 101],
        [4, 104],
      ]),
      range(5),
    );
    expect(rows.map((r) => [r.value, r.flag])).toEqual([
      [100, null],
      [101, null],
      [null, 'gap'],
      [null, 'gap'],
      [104, null],
    ]);
    // The step across the gap is the counter's change since the previous reading.
    expect(rows[4]?.step).toBe(3);
  });

  it('flags a counter that falls and a step over 5 times the median step', () => {
    const rows = entryRows(
      at([
        [0, 100],
        [1, 101],
        [2, 102],
        [3, 103],
        [4, 110],
        [5, 109],
        [6, 110],
      ]),
      range(7),
    );
    expect(rows.map((r) => r.flag)).toEqual([null, null, null, null, 'jump', 'falls', null]);
  });

  it('does not take a counter step across a gap for a jump (per 15 minutes)', () => {
    const rows = entryRows(
      at([
        [0, 0],
        [1, 1],
        [2, 2],
        [8, 8],
        [9, 9],
      ]),
      range(10),
    );
    expect(rows.filter((r) => r.flag === 'jump')).toEqual([]);
  });

  it('takes an instantaneous value as it is: a spike and its way back are jumps', () => {
    const rows = entryRows(
      at([
        [0, 10],
        [1, 11],
        [2, 10],
        [3, 60],
        [4, 11],
        [5, 10],
      ]),
      range(6, 'instantaneous'),
    );
    expect(rows.map((r) => r.flag)).toEqual([null, null, null, 'jump', 'jump', null]);
  });

  it('keeps readings off the grid and expects no step later than one interval before now', () => {
    const rows = entryRows([{ time: start + 7 * 60_000, value: 5 }], { ...range(4), now: start + 2 * Q });
    expect(rows.map((r) => r.time - start)).toEqual([0, 7 * 60_000, Q]);
    expect(expectedSteps(start + 1, start + 3 * Q, start + 10 * Q)).toEqual([start + Q, start + 2 * Q]);
  });
});

describe('filling gaps', () => {
  const rows = entryRows(
    at([
      [0, 100],
      [3, 106],
      [4, 108],
    ]),
    { ...range(7), now: start + 8 * Q },
  );

  it('finds the run of missing steps around a gap', () => {
    expect(gapRun(rows, 1)).toEqual({ from: 1, to: 2 });
    expect(gapRun(rows, 0)).toBeNull();
  });

  it('interpolates linearly between the good readings before and after the gap', () => {
    expect(interpolateGap(rows, 2, 2)).toEqual([
      { time: start + Q, value: 102 },
      { time: start + 2 * Q, value: 104 },
    ]);
  });

  it('cannot fill a gap without a reading after it', () => {
    expect(rows.at(-1)?.flag).toBe('gap');
    expect(interpolateGap(rows, rows.length - 1, 2)).toBeNull();
  });
});

describe('valueProblem', () => {
  it('refuses a negative counter value and a missing number', () => {
    expect(valueProblem(-1, 'cumulative')).toBe('negativeCounter');
    expect(valueProblem(-1, 'instantaneous')).toBeNull();
    expect(valueProblem(0, 'cumulative')).toBeNull();
    expect(valueProblem(null, 'cumulative')).toBe('required');
  });

  it('takes the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 2, 3])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});
