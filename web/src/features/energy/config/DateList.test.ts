import { metering } from '@eem/contract/areas/metering';
import { TOU_LIMITS } from '@eem/core';
import { describe, expect, it } from 'vitest';
import { boundMessage, pickedDay, withDay } from './DateList';

const season = {
  name: 'All year',
  start: '01-01',
  end: '12-31',
  workday: [{ band: 3, start: 0, end: 1440 }],
  holiday: [{ band: 3, start: 0, end: 1440 }],
};
const days = (n: number) =>
  Array.from({ length: n }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10));
const body = (holidays: string[], workdays: string[] = []) => ({
  name: 'Scheme',
  versions: [{ effectiveFrom: 0, effectiveTo: null, seasons: [season], holidays, workdays }],
});
const schema = metering.createScheme.body;

describe('the extra holidays and working days of a version', () => {
  it('are kept once each, in date order', () => {
    expect(withDay(['2026-10-02', '2026-05-01'], '2026-10-01')).toEqual([
      '2026-05-01',
      '2026-10-01',
      '2026-10-02',
    ]);
    expect(withDay(['2026-10-01'], '2026-10-01')).toEqual(['2026-10-01']);
  });
  it('read a picked day on the project’s calendar, whatever the browser’s zone', () => {
    // The picker's Date shows the wall clock; the day is that wall clock's, not UTC's.
    expect(pickedDay(new Date(2026, 9, 1), 'Europe/Berlin')).toBe('2026-10-01');
    expect(pickedDay(new Date(2026, 0, 1), 'Pacific/Auckland')).toBe('2026-01-01');
  });
  it('say the contract’s message only at the contract’s bound', () => {
    expect(boundMessage(schema, body(days(TOU_LIMITS.holidays - 1)), 0, 'holidays')).toBeNull();
    expect(boundMessage(schema, body(days(TOU_LIMITS.holidays)), 0, 'holidays')).toBe(
      `at most ${TOU_LIMITS.holidays}`,
    );
    expect(boundMessage(schema, body([], days(TOU_LIMITS.holidays)), 0, 'workdays')).toBe(
      `at most ${TOU_LIMITS.holidays}`,
    );
    expect(boundMessage(undefined, body(days(TOU_LIMITS.holidays)), 0, 'holidays')).toBeNull();
  });
});
