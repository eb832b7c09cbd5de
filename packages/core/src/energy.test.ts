import { describe, expect, it } from 'vitest';
import { localParts, zonedTime } from './calendar.js';
import {
  bandStrip,
  changeRate,
  checkCycle,
  checkSeasons,
  checkTouDay,
  checkTouDefinition,
  checkTouVersions,
  DEFAULT_CYCLE,
  displayValue,
  ENERGY_TYPES,
  energyTypeOfDataId,
  factorSplit,
  isCoefficient,
  itemOf,
  monthPeriod,
  monthsOfYear,
  nextPeriodStart,
  periodBefore,
  periodStart,
  periodStarts,
  stripPeriods,
  TOU_BANDS,
  TOU_MESSAGES,
  type TouDefinition,
  touCalendar,
  touVersionStatus,
  yearEarlier,
} from './energy.js';

const BERLIN = 'Europe/Berlin';
const HOUR = 3_600_000;
const cycle = (over: Partial<typeof DEFAULT_CYCLE> = {}) => ({ ...DEFAULT_CYCLE, ...over });
const local = (ms: number, tz = BERLIN) => {
  const p = localParts(ms, tz);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}`;
};

describe('energy types', () => {
  it('have a base unit, a coal factor and, when metered, the counter they are measured by', () => {
    expect(energyTypeOfDataId(1000)).toBe(2);
    expect(energyTypeOfDataId(4001)).toBe(15);
    for (const t of ENERGY_TYPES) {
      expect(t.coalFactor).toBeGreaterThan(0);
      expect(t.units[0]?.multiplier).toBe(1);
      expect(t.kind === 'metered').toBe(t.dataId !== null);
    }
  });

  it('display values follow the unit multiplier', () => {
    expect(displayValue(1234.5, 0.001)).toBe(1.2345);
    expect(displayValue(1 / 3, 1)).toBe(0.333333);
  });
});

describe('accounting cycles', () => {
  it('check their fields with the messages of /cycleconfig', () => {
    expect(checkCycle(DEFAULT_CYCLE)).toBeNull();
    expect(checkCycle(cycle({ monthStartDay: 29 }))).toBe(
      'monthStartDay: the month start day must be 1 to 28',
    );
    expect(checkCycle(cycle({ dayStartHour: 24 }))).toMatch(/^dayStartHour/);
    expect(checkCycle(cycle({ weekStartDay: 0 }))).toMatch(/^weekStartDay/);
    expect(checkCycle(cycle({ yearStartMonth: 1.5 }))).toMatch(/^yearStartMonth/);
  });

  it('start days at the day start hour, the day before when earlier', () => {
    const c = cycle({ dayStartHour: 8 });
    const at = zonedTime(BERLIN, 2026, 3, 10, 7, 30);
    expect(local(periodStart(at, 'day', BERLIN, c))).toBe('2026-03-09 08:00');
    expect(local(periodStart(at + HOUR, 'day', BERLIN, c))).toBe('2026-03-10 08:00');
  });

  it('gives a day of 23 and of 25 hours across the changes of daylight-saving time', () => {
    const c = cycle({ dayStartHour: 8 });
    const spring = zonedTime(BERLIN, 2026, 3, 28, 12);
    const s = periodStart(spring, 'day', BERLIN, c);
    expect(nextPeriodStart(s, 'day', BERLIN, c) - s).toBe(23 * HOUR);
    const autumn = zonedTime(BERLIN, 2026, 10, 24, 12);
    const a = periodStart(autumn, 'day', BERLIN, c);
    expect(nextPeriodStart(a, 'day', BERLIN, c) - a).toBe(25 * HOUR);
  });

  it('names a month by its start: with start day 26, March runs from 26 March to 25 April', () => {
    const c = cycle({ monthStartDay: 26 });
    expect(local(periodStart(zonedTime(BERLIN, 2026, 4, 25, 23), 'month', BERLIN, c))).toBe(
      '2026-03-26 00:00',
    );
    expect(local(periodStart(zonedTime(BERLIN, 2026, 4, 26), 'month', BERLIN, c))).toBe('2026-04-26 00:00');
    expect(local(periodStart(zonedTime(BERLIN, 2026, 1, 10), 'month', BERLIN, c))).toBe('2025-12-26 00:00');
    expect(monthPeriod(2026, 3, BERLIN, c)).toBe(zonedTime(BERLIN, 2026, 3, 26));
    const starts = periodStarts(
      zonedTime(BERLIN, 2026, 1, 1),
      zonedTime(BERLIN, 2026, 4, 1),
      'month',
      BERLIN,
      c,
    );
    expect(starts.map((t) => local(t))).toEqual([
      '2025-12-26 00:00',
      '2026-01-26 00:00',
      '2026-02-26 00:00',
      '2026-03-26 00:00',
    ]);
  });

  it('starts weeks on the week start day and years in the year start month', () => {
    const c = cycle({ weekStartDay: 7, yearStartMonth: 4, monthStartDay: 26, dayStartHour: 6 });
    // 2026-03-11 is a Wednesday: the week began on Sunday 8 March at 06:00.
    expect(local(periodStart(zonedTime(BERLIN, 2026, 3, 11, 12), 'week', BERLIN, c))).toBe(
      '2026-03-08 06:00',
    );
    expect(local(periodStart(zonedTime(BERLIN, 2026, 3, 11, 12), 'year', BERLIN, c))).toBe(
      '2025-04-26 06:00',
    );
    expect(local(periodStart(zonedTime(BERLIN, 2026, 4, 26, 7), 'year', BERLIN, c))).toBe('2026-04-26 06:00');
    expect(monthsOfYear(2026, c).map((m) => `${m.year}-${m.month}`)).toEqual([
      '2026-4',
      '2026-5',
      '2026-6',
      '2026-7',
      '2026-8',
      '2026-9',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-1',
      '2027-2',
      '2027-3',
    ]);
  });

  it('lists local hours across daylight-saving changes (the repeated hour twice)', () => {
    const from = zonedTime(BERLIN, 2026, 10, 25);
    const hours = periodStarts(from, zonedTime(BERLIN, 2026, 10, 26), 'hour', BERLIN, DEFAULT_CYCLE);
    expect(hours).toHaveLength(25);
  });

  it('finds the same period a year earlier and the period before', () => {
    const c = cycle({ monthStartDay: 26, dayStartHour: 8 });
    const march = monthPeriod(2026, 3, BERLIN, c);
    expect(local(yearEarlier(march, 'month', BERLIN, c))).toBe('2025-03-26 08:00');
    expect(local(periodBefore(march, 'month', BERLIN, c))).toBe('2026-02-26 08:00');
    const leap = periodStart(zonedTime(BERLIN, 2024, 2, 29, 12), 'day', BERLIN, c);
    expect(local(yearEarlier(leap, 'day', BERLIN, c))).toBe('2023-02-28 08:00');
    const hour = zonedTime(BERLIN, 2026, 7, 1, 14);
    expect(local(yearEarlier(hour, 'hour', BERLIN, c))).toBe('2025-07-01 14:00');
    const week = periodStart(zonedTime(BERLIN, 2026, 7, 1, 14), 'week', BERLIN, c);
    expect(localParts(yearEarlier(week, 'week', BERLIN, c), BERLIN).weekday).toBe(1);
  });

  it('computes change rates, null without a base', () => {
    expect(changeRate(110, 100)).toBe(10);
    expect(changeRate(90, 100)).toBe(-10);
    expect(changeRate(5, 0)).toBeNull();
    expect(changeRate(null, 3)).toBeNull();
  });
});

describe('time-of-use days', () => {
  const day = [
    { band: 4 as const, start: 0, end: 8 * 60 },
    { band: 2 as const, start: 8 * 60, end: 11 * 60 + 15 },
    { band: 1 as const, start: 11 * 60 + 15, end: 12 * 60 },
    { band: 3 as const, start: 12 * 60, end: 24 * 60 },
  ];

  it('cover 24 h on quarter hours with no overlap or gap', () => {
    expect(checkTouDay(day)).toBeNull();
    expect(checkTouDay([{ band: 3, start: 0, end: 1430 }])).toBe(TOU_MESSAGES.quarterHour);
    expect(checkTouDay([{ band: 3, start: 0, end: 1425 }])).toBe(TOU_MESSAGES.coverage);
    expect(checkTouDay([...day, { band: 2, start: 60, end: 120 }])).toBe(TOU_MESSAGES.overlap);
    expect(checkTouDay([{ band: 3, start: 600, end: 600 }])).toBe(TOU_MESSAGES.order);
    expect(checkTouDay([])).toBe(TOU_MESSAGES.coverage);
  });

  it('turn into a strip of 96 quarter hours and back', () => {
    const strip = bandStrip(day);
    expect(strip).toHaveLength(96);
    expect(strip[44]).toBe(TOU_BANDS.peak);
    expect(strip[45]).toBe(TOU_BANDS.sharp);
    expect(stripPeriods(strip)).toEqual(day);
  });

  it('seasons cover the year exactly once, also over New Year', () => {
    expect(checkSeasons([{ start: '01-01', end: '12-31' }])).toBeNull();
    expect(
      checkSeasons([
        { start: '06-01', end: '09-30' },
        { start: '10-01', end: '05-31' },
      ]),
    ).toBeNull();
    expect(checkSeasons([{ start: '01-01', end: '12-30' }])).toBe(TOU_MESSAGES.seasonCoverage);
    expect(
      checkSeasons([
        { start: '01-01', end: '06-30' },
        { start: '06-30', end: '12-31' },
      ]),
    ).toBe(TOU_MESSAGES.seasonCoverage);
    expect(checkSeasons([{ start: '02-30', end: '12-31' }])).toBe(TOU_MESSAGES.seasonDate);
    expect(checkSeasons([])).toBe(TOU_MESSAGES.seasonsRequired);
  });

  it('answer the band of a local time by season and day type', () => {
    const flat = [{ band: 3 as const, start: 0, end: 1440 }];
    const definition: TouDefinition = {
      seasons: [
        { name: 'Summer', start: '06-01', end: '08-31', workday: day, holiday: flat },
        { name: 'Rest', start: '09-01', end: '05-31', workday: flat, holiday: flat },
      ],
      holidays: ['2026-07-01'],
      workdays: ['2026-07-04'],
    };
    expect(checkTouDefinition(definition)).toBeNull();
    const cal = touCalendar(definition);
    const at = (y: number, m: number, d: number, h: number, min: number) =>
      cal.bandAt(localParts(zonedTime(BERLIN, y, m, d, h, min), BERLIN));
    expect(at(2026, 7, 2, 11, 30)).toBe(TOU_BANDS.sharp); // a Thursday in summer
    expect(at(2026, 7, 1, 11, 30)).toBe(TOU_BANDS.flat); // the listed holiday
    expect(at(2026, 7, 5, 11, 30)).toBe(TOU_BANDS.flat); // a Sunday
    expect(at(2026, 7, 4, 9, 0)).toBe(TOU_BANDS.peak); // a Saturday that is a working day
    expect(at(2026, 10, 2, 11, 30)).toBe(TOU_BANDS.flat); // another season
    expect(checkTouDefinition({ ...definition, holidays: ['2026-02-30'] })).toEqual({
      path: ['holidays', 0],
      message: TOU_MESSAGES.dateFormat,
    });
    expect(
      checkTouDefinition({
        ...definition,
        seasons: [{ ...(definition.seasons[0] as never), start: '01-01', end: '12-31', workday: [] }],
      }),
    ).toEqual({
      path: ['seasons', 0, 'workday'],
      message: TOU_MESSAGES.coverage,
    });
  });

  it('versions: a new one only after the previous has an expiry, no overlap', () => {
    const d = (y: number, m: number, day: number) => zonedTime(BERLIN, y, m, day);
    expect(checkTouVersions([{ effectiveFrom: d(2026, 1, 1), effectiveTo: null }])).toBeNull();
    expect(
      checkTouVersions([
        { effectiveFrom: d(2026, 1, 1), effectiveTo: null },
        { effectiveFrom: d(2026, 6, 1), effectiveTo: null },
      ]),
    ).toBe(TOU_MESSAGES.versionOpen);
    expect(
      checkTouVersions([
        { effectiveFrom: d(2026, 1, 1), effectiveTo: d(2026, 6, 1) },
        { effectiveFrom: d(2026, 6, 1), effectiveTo: null },
      ]),
    ).toBe(TOU_MESSAGES.versionOverlap);
    expect(
      checkTouVersions([
        { effectiveFrom: d(2026, 1, 1), effectiveTo: d(2026, 5, 31) },
        { effectiveFrom: d(2026, 6, 1), effectiveTo: null },
      ]),
    ).toBeNull();
    expect(checkTouVersions([{ effectiveFrom: d(2026, 6, 1), effectiveTo: d(2026, 5, 1) }])).toBe(
      TOU_MESSAGES.versionOrder,
    );
    expect(touVersionStatus({ effectiveFrom: 100, toEnd: 200 }, 50)).toBe('notInEffect');
    expect(touVersionStatus({ effectiveFrom: 100, toEnd: 200 }, 150)).toBe('inEffect');
    expect(touVersionStatus({ effectiveFrom: 100, toEnd: 200 }, 200)).toBe('expired');
    expect(touVersionStatus({ effectiveFrom: 100, toEnd: null }, 1e15)).toBe('inEffect');
  });
});

describe('other energy rules', () => {
  it('splits a change into output and intensity effects that add up', () => {
    const split = factorSplit(1000, 1300, 100, 120);
    expect(split).not.toBeNull();
    if (!split) return;
    expect(split.outputEffect).toBeCloseTo(200);
    expect(split.intensityEffect).toBeCloseTo(100);
    expect(split.outputEffect + split.intensityEffect).toBeCloseTo(300);
    expect(factorSplit(1000, 1300, 0, 120)).toBeNull();
  });

  it('accepts signed coefficients with 6 places', () => {
    expect(isCoefficient(1)).toBe(true);
    expect(isCoefficient(-1)).toBe(true);
    expect(isCoefficient(0.123456)).toBe(true);
    expect(isCoefficient(0.1234567)).toBe(false);
    expect(isCoefficient(0)).toBe(false);
    expect(isCoefficient(2_000_000)).toBe(false);
  });

  it('knows the items of a sub-item', () => {
    expect(itemOf('B1')).toBe('B');
    expect(itemOf('B9')).toBeUndefined();
  });
});
