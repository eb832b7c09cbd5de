import { describe, expect, it } from 'vitest';
import { zonedTime } from './calendar.js';
import { CYCLE, checkSpan, DATE_TYPE, SPAN_LIMITS, SPAN_MESSAGES } from './time.js';

const DAY = 86_400_000;
const utc = (y: number, m: number, d = 1, h = 0) => Date.UTC(y, m - 1, d, h);

describe('query span limits', () => {
  it('are 31 days, 12 months and 10 years', () => {
    expect(SPAN_LIMITS).toEqual({ days: 31, months: 12, years: 10 });
  });

  it('lets hour, day and week queries span 31 days, not more', () => {
    const start = utc(2024, 1, 1);
    for (const type of [DATE_TYPE.hour, DATE_TYPE.day, DATE_TYPE.week]) {
      expect(checkSpan(start, start + 31 * DAY, type)).toBeNull();
      expect(checkSpan(start, start + 31 * DAY + 1, type)).toBe(SPAN_MESSAGES.days);
    }
    expect(SPAN_MESSAGES.days).toBe('the query span cannot exceed 31 days');
  });

  it('lets month queries span 12 months, not more', () => {
    expect(checkSpan(utc(2024, 1, 1), utc(2025, 1, 1), DATE_TYPE.month)).toBeNull();
    expect(checkSpan(utc(2024, 1, 1), utc(2025, 1, 2), DATE_TYPE.month)).toBe(SPAN_MESSAGES.months);
    // 12 months are longer than 31 days: month granularity is not held to the day limit
    expect(checkSpan(utc(2024, 1, 1), utc(2024, 6, 1), DATE_TYPE.month)).toBeNull();
    expect(SPAN_MESSAGES.months).toBe('the query span cannot exceed 12 months');
  });

  it('lets year queries span 10 years, not more', () => {
    expect(checkSpan(utc(2015, 1, 1), utc(2025, 1, 1), DATE_TYPE.year)).toBeNull();
    expect(checkSpan(utc(2015, 1, 1), utc(2025, 2, 1), DATE_TYPE.year)).toBe(SPAN_MESSAGES.years);
    expect(SPAN_MESSAGES.years).toBe('the query span cannot exceed 10 years');
  });

  it('needs the end after the start', () => {
    const start = utc(2024, 5, 1);
    expect(checkSpan(start, start, DATE_TYPE.day)).toBe(SPAN_MESSAGES.order);
    expect(checkSpan(start, start - 1, DATE_TYPE.month)).toBe('end time must be later than start time');
    expect(checkSpan(start, Number.NaN, DATE_TYPE.day)).toBe(SPAN_MESSAGES.order);
  });

  it('counts days and months on the calendar of a time zone', () => {
    // October in Berlin has 31 days and one hour (summer time ends): it is still 31 days.
    const octStart = zonedTime('Europe/Berlin', 2024, 10, 1);
    const novStart = zonedTime('Europe/Berlin', 2024, 11, 1);
    expect(novStart - octStart).toBe(31 * DAY + 3_600_000);
    expect(checkSpan(octStart, novStart, DATE_TYPE.day, 'Europe/Berlin')).toBeNull();
    expect(checkSpan(octStart, novStart + 1, DATE_TYPE.day, 'Europe/Berlin')).toBe(SPAN_MESSAGES.days);
    // Counted in UTC, the same instants are more than 31 days apart.
    expect(checkSpan(octStart, novStart, DATE_TYPE.day)).toBe(SPAN_MESSAGES.days);

    // From the first of March in Shanghai, 12 months end on the first of March, not the second.
    const marchStart = zonedTime('Asia/Shanghai', 2024, 3, 1);
    const nextMarch = zonedTime('Asia/Shanghai', 2025, 3, 1);
    expect(checkSpan(marchStart, nextMarch, DATE_TYPE.month, 'Asia/Shanghai')).toBeNull();
    expect(checkSpan(marchStart, nextMarch + 1, DATE_TYPE.month, 'Asia/Shanghai')).toBe(SPAN_MESSAGES.months);
  });

  it('keeps the milliseconds of the start', () => {
    const start = utc(2024, 1, 1) + 500;
    expect(checkSpan(start, start + 31 * DAY, DATE_TYPE.day, 'Asia/Shanghai')).toBeNull();
    expect(checkSpan(start, start + 31 * DAY + 1, DATE_TYPE.day, 'Asia/Shanghai')).toBe(SPAN_MESSAGES.days);
  });
});

describe('codes', () => {
  it('has the spec’s date-type and cycle codes', () => {
    expect(DATE_TYPE).toEqual({ day: 1, week: 2, month: 3, year: 5, hour: 7 });
    expect(CYCLE).toEqual({ day: 12, week: 13, month: 14, year: 17 });
  });
});
