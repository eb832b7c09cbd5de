import { describe, expect, it } from 'vitest';
import { formatNumber, INVALID_MARK, isInvalidValue, progressPercent } from './values.js';

describe('invalid-value markers', () => {
  it('shows empty, null, ±2147483648, NaN and Infinity as --', () => {
    expect(INVALID_MARK).toBe('--');
    for (const value of [
      undefined,
      null,
      '',
      '  ',
      -2147483648,
      2147483648,
      '-2147483648',
      '2147483648',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      'NaN',
      'Infinity',
      '-Infinity',
    ]) {
      expect(isInvalidValue(value), String(value)).toBe(true);
      expect(formatNumber(value), String(value)).toBe('--');
    }
  });

  it('formats valid numbers with 2 decimals by default', () => {
    expect(formatNumber(0)).toBe('0.00');
    expect(formatNumber(12.5)).toBe('12.50');
    expect(formatNumber(-3)).toBe('-3.00');
    expect(formatNumber('7.25')).toBe('7.25');
    expect(formatNumber(1.23456, 3)).toBe('1.235');
    expect(formatNumber(2147483647)).toBe('2147483647.00');
    expect(formatNumber(-2147483647)).toBe('-2147483647.00');
  });

  it('shows a text that is no number as it is', () => {
    expect(isInvalidValue('N/A')).toBe(false);
    expect(formatNumber('N/A')).toBe('N/A');
  });
});

describe('progress percent', () => {
  it('is the floor of ratio times 100, within 0..100', () => {
    expect(progressPercent(0.427)).toBe(42);
    expect(progressPercent(0.999)).toBe(99);
    expect(progressPercent(1)).toBe(100);
    expect(progressPercent(1.5)).toBe(100);
    expect(progressPercent(-0.2)).toBe(0);
    expect(progressPercent(Number.NaN)).toBe(0);
  });
});
