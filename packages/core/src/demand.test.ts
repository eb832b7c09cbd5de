import { describe, expect, it } from 'vitest';
import {
  addMonth,
  checkWarningLevels,
  currentDemand,
  DEMAND_MESSAGES,
  declarationReminderAt,
  declarationReminderDue,
  eventLevelOfWarning,
  levelReached,
  levelsInKw,
  maximumDemand,
  monthBounds,
  monthList,
  monthOf,
  PowerCurve,
  proposeDeclared,
  quarterDemands,
} from './demand.js';

const MIN = 60_000;
const T0 = Date.UTC(2026, 2, 10, 0, 0); // a quarter-hour boundary

describe('the average of active power over a window', () => {
  const curve = new PowerCurve([
    { t: T0, v: 100 },
    { t: T0 + 15 * MIN, v: 200 },
    { t: T0 + 30 * MIN, v: 200 },
  ]);

  it('is the trapezoid of linear interpolation: 100 → 200 over a quarter hour averages 150', () => {
    expect(curve.average(T0, T0 + 15 * MIN)).toBeCloseTo(150, 9);
    expect(curve.average(T0 + 15 * MIN, T0 + 30 * MIN)).toBeCloseTo(200, 9);
  });

  it('slides: the window 00:05–00:20 is (133.33+200)/2·10 + 200·5 over 15 = 177.78', () => {
    // P(00:05) = 100 + 100·5/15 = 133.33…
    const expected = (((100 + 100 / 3 + 200) / 2) * 10 + 200 * 5) / 15;
    expect(curve.average(T0 + 5 * MIN, T0 + 20 * MIN)).toBeCloseTo(expected, 9);
  });

  it('holds the last value up to 30 minutes past the last sample, not further', () => {
    expect(curve.average(T0 + 30 * MIN, T0 + 45 * MIN)).toBeCloseTo(200, 9);
    expect(curve.average(T0 + 50 * MIN, T0 + 65 * MIN)).toBeNull();
  });

  it('has no value over a gap of more than 30 minutes', () => {
    const gappy = new PowerCurve([
      { t: T0, v: 100 },
      { t: T0 + 45 * MIN, v: 100 },
    ]);
    expect(gappy.average(T0, T0 + 15 * MIN)).toBeNull();
    expect(new PowerCurve([]).average(T0, T0 + 15 * MIN)).toBeNull();
  });

  it('keeps the later of two values at one instant (a live value over a stored one)', () => {
    const c = new PowerCurve([
      { t: T0, v: 100 },
      { t: T0, v: 300 },
      { t: T0 + 15 * MIN, v: 300 },
    ]);
    expect(c.average(T0, T0 + 15 * MIN)).toBeCloseTo(300, 9);
  });
});

describe('quarter-hour demand', () => {
  // 00:00 100, 00:15 100, 00:30 400, 00:45 100, 01:00 100 kW.
  const curve = new PowerCurve([100, 100, 400, 100, 100].map((v, i) => ({ t: T0 + i * 15 * MIN, v })));
  const quarters = quarterDemands(curve, T0, T0 + 60 * MIN);

  it('fixed windows average each quarter hour', () => {
    expect(quarters.map((q) => q.avgKw)).toEqual([100, 250, 250, 100]);
  });

  it('the sliding maximum is the 15 minutes centred on the peak: 00:22:30–00:37:30 is not on the minute grid, so 00:23–00:38', () => {
    // Windows end on whole minutes; the best ends at 00:37 or 00:38 (equal by symmetry: the first wins).
    const peak = maximumDemand(quarters, 'sliding');
    // Window 00:22–00:37: ∫ = ramp 100→400 over 00:22–00:30 and 400→100 over 00:30–00:37.
    const p = (m: number) => (m <= 30 ? 100 + (300 * (m - 15)) / 15 : 400 - (300 * (m - 30)) / 15);
    const area = ((p(22) + 400) / 2) * 8 + ((400 + p(37)) / 2) * 7;
    expect(peak?.kw).toBeCloseTo(area / 15, 9);
    expect(peak?.at).toBe(T0 + 37 * MIN);
    expect(maximumDemand(quarters, 'fixed')).toEqual({ kw: 250, at: T0 + 30 * MIN });
  });

  it('the current demand and the end-of-interval prediction use the live power for the time to come', () => {
    const now = T0 + 40 * MIN;
    const live = new PowerCurve([
      ...[100, 100, 400].map((v, i) => ({ t: T0 + i * 15 * MIN, v })),
      { t: now, v: 400 },
    ]);
    const fixed = currentDemand(live, now, 'fixed', 400);
    expect(fixed.intervalStart).toBe(T0 + 30 * MIN);
    expect(fixed.demandKw).toBeCloseTo(400, 9);
    expect(fixed.predictedKw).toBeCloseTo(400, 9);
    const sliding = currentDemand(live, now, 'sliding', 100);
    // Last 15 minutes 00:25–00:40: ramp 300→400 for 5 min, then 400 for 10.
    expect(sliding.demandKw).toBeCloseTo((((300 + 400) / 2) * 5 + 400 * 10) / 15, 9);
    // 10 minutes at 400 so far, 5 to come at 100 live: (400·10 + 100·5) / 15.
    expect(sliding.predictedKw).toBeCloseTo((400 * 10 + 100 * 5) / 15, 9);
  });
});

describe('months in the project zone', () => {
  it('a month starts at local midnight of the 1st', () => {
    expect(monthBounds('2026-03', 'Asia/Shanghai')).toEqual({
      start: Date.UTC(2026, 1, 28, 16),
      end: Date.UTC(2026, 2, 31, 16),
    });
    expect(monthOf(Date.UTC(2026, 1, 28, 16), 'Asia/Shanghai')).toBe('2026-03');
    expect(monthOf(Date.UTC(2026, 1, 28, 15, 59), 'Asia/Shanghai')).toBe('2026-02');
  });

  it('a month with a DST change is an hour shorter or longer', () => {
    const march = monthBounds('2026-03', 'America/Chicago');
    expect(march.end - march.start).toBe(31 * 86_400_000 - 3_600_000);
    const november = monthBounds('2026-11', 'America/Chicago');
    expect(november.end - november.start).toBe(30 * 86_400_000 + 3_600_000);
  });

  it('steps and lists months across a year end', () => {
    expect(addMonth('2026-12', 1)).toBe('2027-01');
    expect(addMonth('2026-01', -1)).toBe('2025-12');
    expect(monthList('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
  });
});

describe('warning levels', () => {
  it('turns % of declared into kW and finds the highest level reached', () => {
    const kw = levelsInKw(
      'percent',
      [
        { level: 1, value: 90 },
        { level: 2, value: 105 },
      ],
      800,
    );
    expect(kw).toEqual([
      { level: 1, kw: 720 },
      { level: 2, kw: 840 },
    ]);
    expect(levelReached(700, kw)).toBe(0);
    expect(levelReached(721, kw)).toBe(1);
    expect(levelReached(841, kw)).toBe(2);
    // An open warning holds within the 3 % deadband: 720 − 21.6 = 698.4.
    expect(levelReached(700, kw, 0.03)).toBe(1);
    expect(levelReached(698, kw, 0.03)).toBe(0);
  });

  it('needs at least one level, each above the one before', () => {
    expect(checkWarningLevels([])).toBe(DEMAND_MESSAGES.atLeastOneLevel);
    expect(
      checkWarningLevels([
        { level: 1, value: 95 },
        { level: 2, value: 95 },
      ]),
    ).toBe(DEMAND_MESSAGES.levelsAscending);
    expect(
      checkWarningLevels([
        { level: 2, value: 90 },
        { level: 1, value: 95 },
      ]),
    ).toBe(DEMAND_MESSAGES.levelsAscending);
    expect(
      checkWarningLevels([
        { level: 1, value: 90 },
        { level: 2, value: 95 },
      ]),
    ).toBeNull();
    expect(eventLevelOfWarning(4)).toBe(1);
    expect(eventLevelOfWarning(1)).toBe(4);
  });
});

describe('declared-demand proposal', () => {
  it('takes the 90th percentile (nearest rank) of 12 monthly maxima plus the margin, rounded up', () => {
    const maxima = [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200];
    // ceil(0.9·12) = 11th value = 1100; +5 % = 1155.
    expect(proposeDeclared(maxima, 5)).toEqual({
      method: 'p90OfMonthlyMax',
      basisKw: 1100,
      proposedKw: 1155,
    });
  });

  it('takes the maximum of fewer than 3 months and nothing without data', () => {
    expect(proposeDeclared([null, 640.4, 610], 10)).toEqual({
      method: 'maxOfMonthlyMax',
      basisKw: 640.4,
      proposedKw: 705,
    });
    expect(proposeDeclared([null, null], 5)).toEqual({ method: 'none', basisKw: null, proposedKw: null });
  });
});

describe('declaration reminders', () => {
  const tz = 'Asia/Shanghai';
  // 25 March 2026 00:00 in Shanghai = 24 March 16:00 UTC.
  const at = Date.UTC(2026, 2, 24, 16);
  const d = {
    month: '2026-04',
    reminderDay: 25,
    reminderUserCount: 1,
    remindedAt: null,
    savedAt: Date.UTC(2026, 2, 2),
  };
  it('is due from 00:00 of the reminder day of the month before, in the zone, until the month begins', () => {
    expect(declarationReminderAt('2026-04', 25, tz)).toBe(at);
    expect(declarationReminderAt('2026-01', 3, tz)).toBe(Date.UTC(2025, 11, 2, 16));
    expect(declarationReminderDue(d, at - 1, tz)).toBe(false);
    expect(declarationReminderDue(d, at, tz)).toBe(true);
    expect(declarationReminderDue(d, Date.UTC(2026, 2, 31, 15, 59), tz)).toBe(true);
    // 1 April 00:00 in Shanghai: the month has begun, too late.
    expect(declarationReminderDue(d, Date.UTC(2026, 2, 31, 16), tz)).toBe(false);
    // The same instant is still 24 March in Chicago.
    expect(declarationReminderDue(d, at, 'America/Chicago')).toBe(false);
  });
  it('is not due without a day or users, once reminded, or when saved at or after its moment', () => {
    expect(declarationReminderDue({ ...d, reminderDay: null }, at, tz)).toBe(false);
    expect(declarationReminderDue({ ...d, reminderUserCount: 0 }, at, tz)).toBe(false);
    expect(declarationReminderDue({ ...d, remindedAt: at }, at + 1, tz)).toBe(false);
    expect(declarationReminderDue({ ...d, savedAt: at }, at + 1, tz)).toBe(false);
    expect(declarationReminderDue({ ...d, savedAt: at - 1 }, at + 1, tz)).toBe(true);
  });
});
