import { describe, expect, it } from 'vitest';
import { byDayAndLevel, confirmedAndOpen, durationParts, topCounts } from './statistics-model';

describe('event statistics', () => {
  it('stacks the counts of each day by level', () => {
    const data = byDayAndLevel(
      [
        { day: 2, level: 1, count: 3 },
        { day: 1, level: 3, count: 2 },
        { day: 2, level: 3, count: 1 },
      ],
      (d) => `d${d}`,
      (l) => `L${l}`,
    );
    expect(data.categories).toEqual(['d1', 'd2']);
    expect(data.series?.find((s) => s.name === 'L1')?.values).toEqual([0, 3]);
    expect(data.series?.find((s) => s.name === 'L3')?.values).toEqual([2, 1]);
    expect(data.series).toHaveLength(5);
  });

  it('keeps the top 10, largest first', () => {
    const rows = Array.from({ length: 12 }, (_, i) => ({ key: i, label: `n${i}`, count: i }));
    const top = topCounts(rows);
    expect(top).toHaveLength(10);
    expect(top[0]?.count).toBe(11);
    expect(top.some((r) => r.count === 0)).toBe(false);
  });

  it('counts confirmed against open and gives durations in minutes or hours', () => {
    expect(
      confirmedAndOpen([
        { key: 1, label: 'Pending', count: 4 },
        { key: 2, label: 'Processing', count: 1 },
        { key: 3, label: 'Confirmed', count: 7 },
      ]),
    ).toEqual({ confirmed: 7, open: 5 });
    expect(durationParts(90 * 60_000)).toEqual({ unit: 'minutes', value: '90.0' });
    expect(durationParts(3 * 3_600_000)).toEqual({ unit: 'hours', value: '3.0' });
    expect(durationParts(null)).toBeNull();
  });
});
