import { describe, expect, it } from 'vitest';
import { missingRanges } from './missing-ranges';

const Q = 15 * 60_000;

describe('missingRanges', () => {
  it('joins consecutive intervals, in time order, each once', () => {
    const t0 = Date.UTC(2024, 2, 1, 10);
    expect(missingRanges([t0 + 2 * Q, t0, t0 + Q, t0 + 16 * Q, t0 + Q])).toEqual([
      { start: t0, end: t0 + 3 * Q, count: 3 },
      { start: t0 + 16 * Q, end: t0 + 17 * Q, count: 1 },
    ]);
  });

  it('nothing missing: no ranges', () => {
    expect(missingRanges([])).toEqual([]);
  });
});
