import { describe, expect, it } from 'vitest';
import {
  changeRatio,
  executionRate,
  executionTone,
  mayAddVersion,
  money,
  priceText,
  signedPercent,
  sumKnown,
  topRanked,
} from './cost-model';

describe('money and prices', () => {
  it('shows yuan with 2 places and -- for none', () => {
    expect(money(1234567.5)).toBe('1234567.50');
    expect(money(-3.456)).toBe('-3.46');
    expect(money(null)).toBe('--');
    expect(money(Number.NaN)).toBe('--');
    expect(money(-2147483648)).toBe('--');
  });
  it('shows prices to 6 places without trailing zeros', () => {
    expect(priceText(0.65230001)).toBe('0.6523');
    expect(priceText(1)).toBe('1');
    expect(priceText(undefined)).toBe('--');
  });
});

describe('compare and budget', () => {
  it('changes against the compare period, none on a zero base', () => {
    expect(changeRatio(110, 100)).toBeCloseTo(0.1);
    expect(changeRatio(90, 100)).toBeCloseTo(-0.1);
    expect(changeRatio(5, 0)).toBeNull();
    expect(changeRatio(null, 3)).toBeNull();
    expect(signedPercent(0.1)).toBe('+10.00%');
    expect(signedPercent(-0.031)).toBe('-3.10%');
    expect(signedPercent(null)).toBe('--');
  });
  it('colours the execution rate and flags an overrun', () => {
    expect(executionRate(50, 100)).toBe(0.5);
    expect(executionRate(50, 0)).toBeNull();
    expect(executionTone(executionRate(50, 100))).toBe('good');
    expect(executionTone(0.9)).toBe('near');
    expect(executionTone(1)).toBe('near');
    expect(executionTone(1.0001)).toBe('over');
    expect(executionTone(null)).toBe('none');
  });
});

describe('rankings, sums and versions', () => {
  it('ranks by value, leaving out rows without one', () => {
    const rows = [
      { n: 'a', v: 1 },
      { n: 'b', v: null },
      { n: 'c', v: 3 },
    ];
    expect(topRanked(rows, (r) => r.v).map((r) => r.n)).toEqual(['c', 'a']);
    expect(topRanked(rows, (r) => r.v, 1).map((r) => r.n)).toEqual(['c']);
  });
  it('sums money exactly and knows when nothing is known', () => {
    expect(sumKnown([0.1, 0.2, null])).toBe(0.3);
    expect(sumKnown([null, undefined])).toBeNull();
  });
  it('refuses a new version while the last has a blank expiry', () => {
    expect(mayAddVersion([])).toBe(true);
    expect(mayAddVersion([{ to: '2026-06' }])).toBe(true);
    expect(mayAddVersion([{ to: '2026-06' }, { to: null }])).toBe(false);
    expect(mayAddVersion([{ to: '' }])).toBe(false);
  });
});
