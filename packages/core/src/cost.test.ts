import { describe, expect, it } from 'vitest';
import {
  attainmentPercent,
  budgetAttainment,
  COST_MESSAGES,
  checkRateVersion,
  checkRateVersions,
  dayOf,
  priceSlices,
  projectedMonthEnd,
  type RateVersion,
  rateStatus,
  tieredAmount,
  totalOfSlices,
  unitCost,
} from './cost.js';
import { ruleOf } from './demand.js';
import { localizeMessage, localizeProblems } from './problem-language.js';

const version = (v: Partial<RateVersion>): RateVersion => ({
  effectiveFrom: '2026-01-01',
  effectiveTo: null,
  price: null,
  bandPrices: null,
  tiers: null,
  seasons: null,
  pfStandard: null,
  ...v,
});

describe('tiered rates', () => {
  const tiers = [
    { upTo: 100, price: 0.5 },
    { upTo: 300, price: 0.8 },
    { upTo: null, price: 1 },
  ];
  it('split a volume over the tiers from what the month used before', () => {
    // 80 used: 20 more at 0.5, then 200 at 0.8, then 30 at 1 → 10 + 160 + 30.
    expect(tieredAmount(tiers, 80, 250).amount).toBeCloseTo(200, 9);
    expect(tieredAmount(tiers, 0, 50).amount).toBeCloseTo(25, 9);
    expect(tieredAmount(tiers, 400, 10).amount).toBeCloseTo(10, 9);
  });

  it('start again on the 1st of the local calendar month', () => {
    const rate = [version({ tiers })];
    // 30 Sep 90 + 30 → the 30 crosses: 10 at 0.5 + 20 at 0.8 = 21; on 1 Oct the 150 starts at tier 1 again: 100×0.5 + 50×0.8 = 90.
    const priced = priceSlices('tiered', rate, [
      { day: '2026-09-30', quantity: 90 },
      { day: '2026-09-30', quantity: 30 },
      { day: '2026-10-01', quantity: 150 },
    ]);
    expect(priced.map((p) => p.amount)).toEqual([45, 21, 90].map((x) => expect.closeTo(x, 9)));
    // The day of a slice is the project's: 2026-09-30T17:00Z is 1 October in Shanghai, 30 September in Chicago.
    const t = Date.UTC(2026, 8, 30, 17);
    expect(dayOf(t, 'Asia/Shanghai')).toBe('2026-10-01');
    expect(dayOf(t, 'America/Chicago')).toBe('2026-09-30');
  });

  it('keep counting the month across a version change mid-month, each day at its version', () => {
    const rate = [
      version({
        effectiveTo: '2026-11-14',
        tiers: [
          { upTo: 100, price: 0.5 },
          { upTo: null, price: 0.8 },
        ],
      }),
      version({
        effectiveFrom: '2026-11-15',
        tiers: [
          { upTo: 100, price: 0.6 },
          { upTo: null, price: 1.1 },
        ],
      }),
    ];
    const priced = priceSlices('tiered', rate, [
      { day: '2026-11-14', quantity: 80 },
      // 80 used: 20 at 0.6 (new version's tier 1) + 40 at 1.1 = 12 + 44.
      { day: '2026-11-15', quantity: 60 },
    ]);
    expect(priced[0]?.amount).toBeCloseTo(40, 9);
    expect(priced[1]?.amount).toBeCloseTo(56, 9);
    const total = totalOfSlices(priced, rate[1]?.tiers ?? null);
    expect(total.amount).toBe(96);
    expect(total.tiers?.map((t) => t.quantity)).toEqual([100, 40]);
  });
});

describe('flat, time-of-use and seasonal rates', () => {
  it('price a flat volume and leave days without a version unpriced', () => {
    const rate = [version({ effectiveFrom: '2026-03-01', price: 3.45 })];
    const priced = priceSlices('flat', rate, [
      { day: '2026-02-28', quantity: 10 },
      { day: '2026-03-01', quantity: 10 },
    ]);
    expect(priced[0]?.unpriced).toBe(true);
    const total = totalOfSlices(priced);
    expect(total.amount).toBe(34.5);
    expect(total.unpricedQuantity).toBe(10);
  });

  it('price each band, the unbanded rest at the flat band', () => {
    const rate = [
      version({
        bandPrices: [
          { band: 1, price: 1.2 },
          { band: 2, price: 1 },
          { band: 3, price: 0.6 },
          { band: 4, price: 0.3 },
        ],
      }),
    ];
    // 10×1.2 + 20×1 + (30 + 5 unbanded)×0.6 + 40×0.3 = 12 + 20 + 21 + 12.
    const priced = priceSlices('tou', rate, [{ day: '2026-05-01', quantity: 105, bands: [10, 20, 30, 40] }]);
    const total = totalOfSlices(priced);
    expect(total.amount).toBe(65);
    expect(total.bands?.map((b) => b.quantity)).toEqual([10, 20, 35, 40]);
  });

  it('price by the season of the calendar month', () => {
    const rate = [
      version({
        seasons: [
          { months: [1, 2, 3, 11, 12], price: 260 },
          { months: [4, 5, 6, 7, 8, 9, 10], price: 220 },
        ],
      }),
    ];
    const priced = priceSlices('seasonal', rate, [
      { day: '2026-10-31', quantity: 1 },
      { day: '2026-11-01', quantity: 1 },
    ]);
    expect(totalOfSlices(priced).amount).toBe(480);
  });
});

describe('rate versions', () => {
  it('have a status at a day', () => {
    const v = { effectiveFrom: '2026-03-01', effectiveTo: '2026-03-31' };
    expect(rateStatus(v, '2026-02-28')).toBe('notInEffect');
    expect(rateStatus(v, '2026-03-31')).toBe('inEffect');
    expect(rateStatus(v, '2026-04-01')).toBe('expired');
  });

  it('refuse a version after one with a blank end, overlaps, and missing prices', () => {
    expect(
      checkRateVersions([
        { effectiveFrom: '2026-01-01', effectiveTo: null },
        { effectiveFrom: '2026-06-01', effectiveTo: null },
      ]),
    ).toBe(COST_MESSAGES.blankExpiry);
    expect(
      checkRateVersions([
        { effectiveFrom: '2026-01-01', effectiveTo: '2026-06-01' },
        { effectiveFrom: '2026-06-01', effectiveTo: null },
      ]),
    ).toBe(COST_MESSAGES.versionsOverlap);
    expect(
      checkRateVersion(
        'tiered',
        version({
          tiers: [
            { upTo: null, price: 1 },
            { upTo: 5, price: 2 },
          ],
        }),
      ),
    ).toBe(COST_MESSAGES.tiersAscending);
    expect(checkRateVersion('seasonal', version({ seasons: [{ months: [1, 2], price: 1 }] }))).toBe(
      COST_MESSAGES.seasonsCover,
    );
    expect(checkRateVersion('tou', version({ bandPrices: [{ band: 1, price: 1 }] }))).toBe(
      COST_MESSAGES.bandPricesRequired,
    );
    expect(checkRateVersion('flat', version({ price: 0.5 }))).toBeNull();
  });
});

describe('budgets, unit cost and projections', () => {
  it('compare actual with budget by month and to date', () => {
    const budget = [100, 100, 100, ...new Array<number | null>(9).fill(null)];
    const actual = [90, 120, null, ...new Array<number | null>(9).fill(null)];
    const a = budgetAttainment(budget, actual);
    expect(a.monthly.slice(0, 3)).toEqual([90, 120, null]);
    // To date: 210 of the 200 budgeted for the months with an actual.
    expect(a.attainmentPct).toBe(105);
    expect(a.overrunMonths).toEqual([2]);
    expect(a.budgetTotal).toBe(300);
    expect(attainmentPercent(5, 0)).toBeNull();
  });

  it('divide cost by output and project the month end', () => {
    expect(unitCost(1000, 3)).toBe(333.3333);
    expect(unitCost(1000, 0)).toBeNull();
    // 240 yuan in 72 of 720 hours → 2400.
    expect(projectedMonthEnd(240, 72, 720)).toBe(2400);
  });
});

describe('cost messages in both languages', () => {
  const args: Record<string, unknown[]> = {
    touSchemeUnknown: [7],
    accountingUnknown: [7],
    shareSchemeUnknown: [7],
    productUnknown: [7],
    schemeLinked: [3],
    rateUnknown: ['id', 7],
    energyTypeUnknown: ['energyType', 9],
    rateWrongType: ['rates.0.rateId', 'Gas', ['flat']],
  };
  const sample = (key: string, message: string | ((...a: never[]) => string)): string =>
    typeof message === 'string'
      ? message
      : (message as (...a: unknown[]) => string)(...(args[key] ?? ['price', 'Main, Annex']));
  it('renders every cost rule in Chinese and keeps the English', () => {
    for (const [key, message] of Object.entries(COST_MESSAGES)) {
      const text = sample(key, message);
      const rule = text.replace(/^[\w.]+: /, ''); // the server sends the field as the path
      const zh = localizeMessage(rule, 'zh');
      expect(zh, key).toMatch(/[\u4e00-\u9fff]/);
      expect(localizeMessage(rule, 'en'), key).toBe(rule);
    }
  });
  it('renders a refusal with its field and varying parts', () => {
    expect(localizeProblems(`body.${COST_MESSAGES.blankExpiry}`, 'zh')).toBe(
      'body.versions: 上一个版本没有结束日期；请先为它设置结束日期，再添加新版本',
    );
    expect(
      localizeMessage(ruleOf(COST_MESSAGES.rateWrongType('rates.0.rateId', 'Gas', ['flat', 'tou'])), 'zh'),
    ).toBe('费率方案“Gas”的类型须为单一费率、分时费率');
    expect(COST_MESSAGES.rateWrongType('f', 'Gas', ['tiered'])).toBe(
      'f: rate scheme Gas must be of type Tiered by monthly volume',
    );
    expect(localizeMessage('versions: at most 20', 'zh')).toBe('最多 20 个');
    expect(localizeMessage('price must be 0 to 1000000 with at most 6 decimal places', 'zh')).toBe(
      '须为 0 到 1000000 的数，最多 6 位小数',
    );
  });
});
