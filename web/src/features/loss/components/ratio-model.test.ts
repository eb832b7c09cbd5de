import { describe, expect, it } from 'vitest';
import { evenSplit, ratioSum, repeatedTargets, sumsToOne, sumText, targetsAsSource } from './ratio-model';

describe('the ratio sum the scheme editors show', () => {
  it('adds decimals of 6 places exactly (0.1 + 0.2 is 0.3, not 0.30000000000000004)', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(ratioSum([0.1, 0.2])).toBe(0.3);
    expect(ratioSum([0.1, 0.2, 0.7])).toBe(1);
    expect(sumsToOne([0.1, 0.2, 0.7])).toBe(true);
    expect(sumText(ratioSum([0.333333, 0.333333, 0.333333]))).toBe('0.999999');
    expect(sumsToOne([0.333333, 0.333333, 0.333333])).toBe(false);
  });

  it('counts a blank ratio as 0 in the sum but never as summing to 1', () => {
    expect(ratioSum([0.5, null, 0.25])).toBe(0.75);
    expect(sumsToOne([1, null])).toBe(false);
    expect(sumsToOne([])).toBe(false);
  });

  it('splits evenly into ratios that sum to exactly 1', () => {
    for (const n of [1, 2, 3, 6, 7, 200]) {
      const split = evenSplit(n);
      expect(split).toHaveLength(n);
      expect(sumsToOne(split)).toBe(true);
      expect(Math.max(...split) - Math.min(...split)).toBeLessThan(0.0000011);
    }
    expect(evenSplit(3)).toEqual([0.333334, 0.333333, 0.333333]);
    expect(evenSplit(0)).toEqual([]);
  });

  it('finds the targets that are the source and the repeated ones', () => {
    const a = { id: 1, modelLabel: 'room' };
    const b = { id: 2, modelLabel: 'room' };
    const sameIdOtherLabel = { id: 1, modelLabel: 'floor' };
    expect(targetsAsSource(a, [b, a, sameIdOtherLabel, null])).toEqual([1]);
    expect(targetsAsSource(null, [a])).toEqual([]);
    expect(repeatedTargets([a, b, a, null, b, sameIdOtherLabel])).toEqual([2, 4]);
  });
});
