import { DATALOG_MESSAGES, INTERVAL_SPAN_DAYS } from '@eem/core';
import { describe, expect, it } from 'vitest';
import { intervalPattern, isDatalogInterval, rangeProblem } from './datalog-range';

const DAY = 86_400_000;
const start = Date.UTC(2026, 0, 1);

describe('rangeProblem', () => {
  it('allows 31 days of raw and 15-minute readings, not 32', () => {
    expect(rangeProblem({ start, end: start + 31 * DAY }, 'raw', 'UTC')).toBeNull();
    expect(rangeProblem({ start, end: start + 31 * DAY }, '15m', 'UTC')).toBeNull();
    expect(rangeProblem({ start, end: start + 32 * DAY }, '15m', 'UTC')).toEqual({
      kind: 'span',
      interval: '15m',
      days: INTERVAL_SPAN_DAYS['15m'],
    });
  });

  it('follows the longer limits of hours and days (the same rule as the server)', () => {
    expect(rangeProblem({ start, end: start + 92 * DAY }, '1h', 'UTC')).toBeNull();
    expect(rangeProblem({ start, end: start + 93 * DAY }, '1h', 'UTC')?.kind).toBe('span');
    expect(rangeProblem({ start, end: start + 365 * DAY }, '1d', 'UTC')).toBeNull();
    expect(DATALOG_MESSAGES.span('1h')).toContain(String(INTERVAL_SPAN_DAYS['1h']));
  });

  it('refuses an end before the start', () => {
    expect(rangeProblem({ start, end: start }, 'raw', 'UTC')).toEqual({ kind: 'order' });
  });
});

describe('intervals', () => {
  it('knows the intervals and their time patterns', () => {
    expect(isDatalogInterval('15m')).toBe(true);
    expect(isDatalogInterval('5m')).toBe(false);
    expect(intervalPattern('1d')).toBe('YYYY-MM-DD');
    expect(intervalPattern('raw')).toBe('YYYY-MM-DD HH:mm');
  });
});
