import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber, formatPercent, formatPeriod, formatWithUnit } from './format';

describe('formatNumber', () => {
  it('uses 2 decimals by default', () => {
    expect(formatNumber(1234.5)).toBe('1234.50');
    expect(formatNumber(3, 0)).toBe('3');
    expect(formatNumber('7.126')).toBe('7.13');
  });

  it('shows -- for every invalid marker of §9', () => {
    for (const v of [null, undefined, '', -2147483648, 2147483648, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(formatNumber(v)).toBe('--');
    }
  });

  it('adds the unit only to valid values and formats ratios as percentages', () => {
    expect(formatWithUnit(12.3, 'kWh')).toBe('12.30 kWh');
    expect(formatWithUnit(null, 'kWh')).toBe('--');
    expect(formatPercent(0.1234)).toBe('12.34%');
    expect(formatPercent(Number.NaN)).toBe('--');
  });
});

describe('formatDate', () => {
  const ms = Date.UTC(2026, 2, 5, 7, 8, 9);

  it('formats YYYY-MM-DD HH:mm:ss in a given time zone', () => {
    expect(formatDate(ms, undefined, 'UTC')).toBe('2026-03-05 07:08:09');
    expect(formatDate(ms, undefined, 'Asia/Shanghai')).toBe('2026-03-05 15:08:09');
    expect(formatDate(ms, 'YYYY-MM', 'UTC')).toBe('2026-03');
  });

  it('shows -- for invalid dates', () => {
    expect(formatDate(null)).toBe('--');
    expect(formatDate('not a date')).toBe('--');
    expect(formatDate(2147483648)).toBe('--');
  });

  it('picks the pattern of a date-type code', () => {
    expect(formatPeriod(ms, 7, 'UTC')).toBe('2026-03-05 07:00');
    expect(formatPeriod(ms, 1, 'UTC')).toBe('2026-03-05');
    expect(formatPeriod(ms, 3, 'UTC')).toBe('2026-03');
    expect(formatPeriod(ms, 5, 'UTC')).toBe('2026');
  });
});
