import { describe, expect, it } from 'vitest';
import {
  bandIncreases,
  basicCharge,
  billDifferencePercent,
  billingMonth,
  capacityCharge,
  compensationNeed,
  computeBill,
  declaredProposal,
  demandCharge,
  energyCharge,
  monthlyPowerFactor,
  pfAdjustment,
  pfAdjustmentPercent,
  pfAdjustmentTable,
  roundMoney,
  shiftSaving,
  sumMoney,
} from './billing.js';
import { localParts } from './calendar.js';
import { TOU_BANDS, type TouDefinition, touCalendar } from './energy.js';

const BERLIN = 'Europe/Berlin';
const SHANGHAI = 'Asia/Shanghai';
const Q = 15 * 60_000;

/** Sharp 10–11, peak 18–22, valley 22–08, flat the rest; the same on holidays. */
const DAY = [
  { band: TOU_BANDS.valley, start: 0, end: 480 },
  { band: TOU_BANDS.flat, start: 480, end: 600 },
  { band: TOU_BANDS.sharp, start: 600, end: 660 },
  { band: TOU_BANDS.flat, start: 660, end: 1080 },
  { band: TOU_BANDS.peak, start: 1080, end: 1320 },
  { band: TOU_BANDS.valley, start: 1320, end: 1440 },
];
const DEFINITION: TouDefinition = {
  seasons: [{ name: 'all', start: '01-01', end: '12-31', workday: DAY, holiday: DAY }],
  holidays: [],
  workdays: [],
};
const calendar = touCalendar(DEFINITION);
const bandIn = (tz: string) => (ts: number) => calendar.bandAt(localParts(ts, tz));

describe('money', () => {
  it('rounds half away from zero despite binary fractions, and sums in cents', () => {
    expect(roundMoney(1.005)).toBe(1.01);
    expect(roundMoney(-1.005)).toBe(-1.01);
    expect(roundMoney(2.675)).toBe(2.68);
    expect(roundMoney(2375.475)).toBe(2375.48);
    expect(roundMoney(1.004999)).toBe(1);
    expect(sumMoney([0.1, 0.2])).toBe(0.3);
    expect(billDifferencePercent(1010, 1000)).toBe(1);
    expect(billDifferencePercent(5, 0)).toBeNull();
  });
});

describe('energy charge', () => {
  it('is kWh × price per band, the total the sum of the rounded lines', () => {
    const e = energyCharge([
      { band: 1, kWh: 1000, price: 1.2 },
      { band: 2, kWh: 2500.5, price: 0.95 },
      { band: 3, kWh: 3000, price: 0.62 },
      { band: 4, kWh: 4000, price: 0.31 },
    ]);
    expect(e.lines.map((l) => l.amount)).toEqual([1200, 2375.48, 1860, 1240]);
    expect(e.amount).toBe(6675.48);
    expect(e.kWh).toBe(10500.5);
    // 6675.48 / 10500.5 = 0.635729...
    expect(e.averagePrice).toBe(0.6357);
  });

  it('counts a missing band as nothing and has no average price without consumption', () => {
    const e = energyCharge([]);
    expect(e.lines).toHaveLength(4);
    expect(e.amount).toBe(0);
    expect(e.averagePrice).toBeNull();
  });
});

describe('the billing month in the project zone', () => {
  it('runs from local midnight to local midnight, 743 h across the spring change in Berlin', () => {
    const march = billingMonth('2026-03', BERLIN);
    expect(march.start).toBe(Date.UTC(2026, 1, 28, 23));
    expect(march.end).toBe(Date.UTC(2026, 2, 31, 22));
    expect(march.hours).toBe(743);
    expect(billingMonth('2026-10', BERLIN).hours).toBe(745);
    expect(billingMonth('2026-01', SHANGHAI).start).toBe(Date.UTC(2025, 11, 31, 16));
  });

  it('puts a reading at local midnight of the 1st into the new month, by the zone of the project', () => {
    // Readings every 15 min from 31 March 20:00 UTC (22:00 in Berlin) to 23:00 UTC, +10 kWh each.
    const readings = Array.from({ length: 13 }, (_, i) => ({
      ts: Date.UTC(2026, 2, 31, 20) + i * Q,
      value: 1000 + 10 * (i + 1),
    }));
    const march = billingMonth('2026-03', BERLIN);
    const april = billingMonth('2026-04', BERLIN);
    const inMarch = bandIncreases(readings, 1000, march.start, march.end, bandIn(BERLIN));
    const inApril = bandIncreases(readings, 1000, april.start, april.end, bandIn(BERLIN));
    // 20:00..21:45 UTC = 22:00..23:45 local: 8 readings, valley.
    expect(inMarch.total).toBe(80);
    expect(inMarch.bands[TOU_BANDS.valley]).toBe(80);
    // 22:00..23:00 UTC = 00:00..01:00 on 1 April: 5 readings.
    expect(inApril.total).toBe(50);
    // In Shanghai, March ended at 16:00 UTC: every reading is April's, 04:00–07:00 local, valley.
    const shanghaiApril = billingMonth('2026-04', SHANGHAI);
    expect(
      bandIncreases(readings, 1000, shanghaiApril.start, shanghaiApril.end, bandIn(SHANGHAI)).total,
    ).toBe(130);
  });

  it('bands a daylight-saving day of 23 hours by local time', () => {
    // 29 March 2026 in Berlin: 00:00 CET = 28 March 23:00 UTC; 02:00 jumps to 03:00; ends 22:00 UTC.
    const from = Date.UTC(2026, 2, 28, 23);
    const to = Date.UTC(2026, 2, 29, 22);
    const readings = Array.from({ length: (to - from) / Q }, (_, i) => ({ ts: from + i * Q, value: i + 1 }));
    expect(readings).toHaveLength(92);
    const split = bandIncreases(readings, 0, from, to, bandIn(BERLIN));
    // valley 00–02 (8) + 03–08 (20) + 22–24 (8); flat 08–10, 11–18 (36); sharp 10–11 (4); peak 18–22 (16).
    expect(split.bands).toEqual({ 1: 4, 2: 16, 3: 36, 4: 36 });
    expect(split.total).toBe(92);
  });

  it('counts a counter that falls from zero and leaves unassigned what no scheme covers', () => {
    const readings = [
      { ts: 0, value: 100 },
      { ts: Q, value: 5 },
      { ts: 2 * Q, value: 8 },
    ];
    const split = bandIncreases(readings, 90, 0, 3 * Q, (ts) => (ts === 0 ? null : 3));
    expect(split.unassigned).toBe(10);
    expect(split.bands[3]).toBe(8);
    expect(split.total).toBe(18);
  });
});

describe('basic charge', () => {
  it('by capacity is kVA × price', () => {
    expect(capacityCharge(2000, 28).amount).toBe(56000);
  });

  it('by demand bills the declared value up to 105 % and the part above at double price', () => {
    const within = demandCharge(1030, 1000, 40);
    expect(within).toMatchObject({
      limitKw: 1050,
      billedKw: 1000,
      excessKw: 0,
      excessExtra: 0,
      amount: 40000,
    });
    const over = demandCharge(1200, 1000, 40);
    // 1050 × 40 + (1200 − 1050) × 80 = 42000 + 12000.
    expect(over).toMatchObject({
      billedKw: 1050,
      baseAmount: 42000,
      excessKw: 150,
      excessPrice: 80,
      excessAmount: 12000,
      excessExtra: 6000,
      amount: 54000,
    });
    expect(demandCharge(800, 1000, 40)).toMatchObject({ amount: 40000, unusedKw: 200 });
    expect(demandCharge(null, 1000, 40).amount).toBe(40000);
    // A scheme's own rule: 110 %, triple.
    expect(demandCharge(1200, 1000, 40, { overRatio: 1.1, multiplier: 3 })).toMatchObject({
      billedKw: 1100,
      excessKw: 100,
      amount: 44000 + 12000,
      excessExtra: 8000,
    });
  });

  it('compares with the other method and gives the break-even demand', () => {
    const byDemand = basicCharge({
      method: 'demand',
      capacityKva: 2000,
      capacityPrice: 28,
      demandPrice: 40,
      declaredKw: 1000,
      maxKw: 1200,
    });
    expect(byDemand.charge.amount).toBe(54000);
    expect(byDemand.other.amount).toBe(56000);
    expect(byDemand.difference).toBe(2000);
    expect(byDemand.cheaper).toBe('demand');
    expect(byDemand.breakEvenKw).toBe(1400);
    const byCapacity = basicCharge({
      method: 'capacity',
      capacityKva: 2000,
      capacityPrice: 28,
      demandPrice: 40,
      declaredKw: 1000,
      maxKw: 900,
    });
    expect(byCapacity.difference).toBe(-16000);
    expect(byCapacity.cheaper).toBe('demand');
  });
});

describe('power factor', () => {
  it('is P/√(P²+Q²) rounded to 2 decimals', () => {
    expect(monthlyPowerFactor(100000, 60000)).toBe(0.86); // 0.857493
    expect(monthlyPowerFactor(100000, 48000)).toBe(0.9); // 0.901527
    expect(monthlyPowerFactor(100000, 30000)).toBe(0.96); // 0.957826
    expect(monthlyPowerFactor(0, 500)).toBeNull();
  });

  it('follows the three national tables row by row', () => {
    const t90 = (pf: number) => pfAdjustmentPercent(pf, 0.9);
    expect([1, 0.95, 0.94, 0.91, 0.9, 0.89, 0.86, 0.7, 0.69, 0.65, 0.64, 0.6].map(t90)).toEqual([
      -0.75, -0.75, -0.6, -0.15, 0, 0.5, 2, 10, 11, 15, 17, 25,
    ]);
    const t85 = (pf: number) => pfAdjustmentPercent(pf, 0.85);
    expect([1, 0.94, 0.93, 0.91, 0.9, 0.86, 0.85, 0.84, 0.65, 0.64, 0.6, 0.59].map(t85)).toEqual([
      -1.1, -1.1, -0.95, -0.65, -0.5, -0.1, 0, 0.5, 10, 11, 15, 17,
    ]);
    const t80 = (pf: number) => pfAdjustmentPercent(pf, 0.8);
    expect([1, 0.92, 0.91, 0.9, 0.81, 0.8, 0.79, 0.6, 0.59, 0.55, 0.54].map(t80)).toEqual([
      -1.3, -1.3, -1.15, -1, -0.1, 0, 0.5, 10, 11, 15, 17,
    ]);
    const table = pfAdjustmentTable(0.9, 0.6);
    expect(table).toHaveLength(41);
    expect(table[0]).toEqual({ powerFactor: 1, percent: -0.75 });
    expect(table.at(-1)).toEqual({ powerFactor: 0.6, percent: 25 });
  });

  it('adjusts basic + energy charge by the table percent', () => {
    const a = pfAdjustment(100000, 60000, 0.9, 54000, 6675.48);
    expect(a).toMatchObject({ powerFactor: 0.86, ratio: 0.6, percent: 2, base: 60675.48, amount: 1213.51 });
    expect(pfAdjustment(100000, 30000, 0.85, 50000, 10000).amount).toBe(-660);
    expect(pfAdjustment(0, 100, 0.9, 50000, 0)).toMatchObject({ powerFactor: null, percent: 0, amount: 0 });
  });

  it('sizes the compensation to reach the standard: Q = P·(tan φ1 − tan φ2)', () => {
    // 744 000 kWh over 744 h = 1000 kW; tan φ1 = 0.806452, tan φ2 = tan(acos 0.9) = 0.484322.
    const need = compensationNeed(744000, 600000, 744, 0.9, 1500);
    expect(need).toMatchObject({
      averageKw: 1000,
      tanNow: 0.8065,
      tanTarget: 0.4843,
      kvar: 322.1,
      kvarAtPeak: 483.2,
    });
    // The spring month in Berlin has 743 hours: the same energy is a higher average load.
    expect(compensationNeed(743000, 600000 * (743 / 744), 743, 0.9)?.averageKw).toBe(1000);
    expect(compensationNeed(100000, 30000, 744, 0.9)?.kvar).toBe(0);
    expect(compensationNeed(0, 30000, 744, 0.9)).toBeNull();
  });
});

describe('declared demand proposal', () => {
  const maxima = [900, 950, 1000, 1100, 1200, 1050, 980, 1010, 990, 1020, 1080, 1150];
  const base = {
    maxima,
    declared: maxima.map(() => 1000),
    marginPercent: 5,
    stepKw: 10,
    capacityKva: 2000,
    capacityPrice: 28,
    demandPrice: 40,
  };

  it('shows the method, its figure, the margin and the step', () => {
    expect(declaredProposal({ ...base, method: 'maxOfMonthlyMax' })).toMatchObject({
      basisKw: 1200,
      withMarginKw: 1260,
      proposedKw: 1260,
      floorKw: 800,
      ceilingKw: 2000,
      monthsUsed: 12,
    });
    // Mean 12430 / 12 = 1035.83; × 1.05 = 1087.62; up to 1090.
    expect(declaredProposal({ ...base, method: 'averageOfMonthlyMax' })).toMatchObject({
      basisKw: 1035.83,
      withMarginKw: 1087.62,
      proposedKw: 1090,
    });
    // p90 by nearest rank: the 11th of 12 sorted = 1150; × 1.05 = 1207.5 → 1210.
    expect(declaredProposal({ ...base, method: 'p90OfMonthlyMax' })).toMatchObject({
      method: 'p90OfMonthlyMax',
      basisKw: 1150,
      proposedKw: 1210,
    });
    // With fewer than 3 months p90 is their maximum, and says so.
    expect(
      declaredProposal({ ...base, maxima: [900, 1000], declared: [1000, 1000], method: 'p90OfMonthlyMax' }),
    ).toMatchObject({ method: 'maxOfMonthlyMax', basisKw: 1000, proposedKw: 1050 });
    // Last three months: 1150 × 1.05 = 1207.5 → 1210.
    expect(declaredProposal({ ...base, method: 'maxOfLast3' }).proposedKw).toBe(1210);
  });

  it('finds the declared value that would have cost least, and what it saves', () => {
    // Maxima 1000, 1050, 1260 at 40 yuan/kW: declaring D costs
    //   D = 1000: 40000 + 40000 + (1050 × 40 + 210 × 80) = 138800 (the least),
    //   D = 1200: 3 × 48000 = 144000, D = 952.39: 142894.84, D = 800: 164000.
    const p = declaredProposal({
      ...base,
      maxima: [1000, 1050, 1260],
      declared: [1200, 1200, 1200],
      method: 'minCost',
      marginPercent: 0,
    });
    expect(p.basisKw).toBe(1000);
    expect(p.proposedKw).toBe(1000);
    expect(p.totals).toEqual({ atDeclared: 144000, atProposed: 138800, atCapacity: 168000 });
    expect(p.saving).toBe(5200);
    expect(p.months[2]).toEqual({
      maxKw: 1260,
      declaredKw: 1200,
      atDeclared: 48000,
      atProposed: 58800,
      atCapacity: 56000,
    });
  });

  it('keeps the proposal within 40 % of capacity and the capacity, and says so', () => {
    const low = declaredProposal({
      ...base,
      maxima: [500],
      declared: [null],
      method: 'maxOfMonthlyMax',
      marginPercent: 0,
    });
    expect(low).toMatchObject({ proposedKw: 800, boundedBy: 'floor' });
    const high = declaredProposal({ ...base, maxima: [2100], declared: [null], method: 'maxOfMonthlyMax' });
    expect(high).toMatchObject({ proposedKw: 2000, boundedBy: 'ceiling' });
    const none = declaredProposal({
      ...base,
      maxima: [null, null],
      declared: [null, null],
      method: 'maxOfMonthlyMax',
    });
    expect(none).toMatchObject({ method: 'none', proposedKw: null, basisKw: null, monthsUsed: 0, saving: 0 });
  });
});

describe('a whole bill', () => {
  it('moves peak and sharp kWh to valley for the saving', () => {
    // 10 % of 1000 sharp × (1.2 − 0.31) + 10 % of 2500.5 peak × (0.95 − 0.31) = 89 + 160.03.
    const bands = [
      { band: 1 as const, kWh: 1000, price: 1.2 },
      { band: 2 as const, kWh: 2500.5, price: 0.95 },
      { band: 4 as const, kWh: 4000, price: 0.31 },
    ];
    expect(shiftSaving(bands, 10)).toEqual({ shiftedKwh: 350.05, saving: 249.03 });
  });

  it('has no power-factor line without a standard or reactive energy', () => {
    const bill = computeBill({
      bands: [{ band: 3, kWh: 1000, price: 0.5 }],
      basic: {
        method: 'capacity',
        capacityKva: 100,
        capacityPrice: 20,
        demandPrice: 30,
        declaredKw: 80,
        maxKw: 90,
      },
      kvarh: null,
      pfStandard: 0.9,
    });
    expect(bill.powerFactor).toBeNull();
    expect(bill.lines.map((l) => l.code)).toEqual([
      'energySharp',
      'energyPeak',
      'energyFlat',
      'energyValley',
      'basic',
    ]);
    expect(bill.total).toBe(2500);
  });

  it('has lines that add up to its total, each from its inputs', () => {
    const bill = computeBill({
      bands: [
        { band: 1, kWh: 1000, price: 1.2 },
        { band: 2, kWh: 2500.5, price: 0.95 },
        { band: 3, kWh: 3000, price: 0.62 },
        { band: 4, kWh: 4000, price: 0.31 },
      ],
      basic: {
        method: 'demand',
        capacityKva: 2000,
        capacityPrice: 28,
        demandPrice: 40,
        declaredKw: 1000,
        maxKw: 1200,
      },
      // 6300 / 10500.5 = 0.59997 → PF 0.86 → +2 % against 0.90.
      kvarh: 6300,
      pfStandard: 0.9,
    });
    expect(bill.lines.map((l) => [l.code, l.amount])).toEqual([
      ['energySharp', 1200],
      ['energyPeak', 2375.48],
      ['energyFlat', 1860],
      ['energyValley', 1240],
      ['basic', 42000],
      ['penalty', 12000],
      ['powerFactor', 1213.51],
    ]);
    expect(bill.total).toBe(61888.99);
    expect(bill.total).toBe(sumMoney(bill.lines.map((l) => l.amount)));
  });
});
