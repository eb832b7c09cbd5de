import { describe, expect, it } from 'vitest';
import {
  apportion,
  checkLossObject,
  checkSchemeVersions,
  LOSS_MESSAGES,
  LOSS_SHARE_METHODS,
  lossLevelOf,
  lossOf,
  outsideLimits,
  partsOf,
  ratiosOf,
  ratiosSumToOne,
  SHARE_MESSAGES,
  SHARE_METHODS,
  sumParts,
} from './index.js';

describe('loss', () => {
  it('is supply − Σ downstream, rate over the supply, both to 2 decimals', () => {
    // 1 000 kWh in, 600 + 350.5 out: 49.5 kWh lost, 4.95 %.
    expect(lossOf(1000, [600, 350.5])).toEqual({
      supply: 1000,
      downstream: 950.5,
      loss: 49.5,
      ratePct: 4.95,
    });
    // Inputs rounded first: 100.004 → 100, 33.333 + 33.333 + 33.333 → 99.99; loss 0.01, 0.01 %.
    expect(lossOf(100.004, [33.333, 33.333, 33.333])).toEqual({
      supply: 100,
      downstream: 99.99,
      loss: 0.01,
      ratePct: 0.01,
    });
    // More measured downstream than supplied: a negative loss (a meter fault to look at).
    expect(lossOf(200, [210])).toMatchObject({ loss: -10, ratePct: -5 });
    // A missing consumer counts as nothing; no consumer value at all: no loss.
    expect(lossOf(100, [null, 90])).toMatchObject({ loss: 10, ratePct: 10 });
    expect(lossOf(100, [null])).toMatchObject({ downstream: null, loss: null, ratePct: null });
    expect(lossOf(0, [0])).toMatchObject({ loss: 0, ratePct: null });
  });

  it('reaches the highest level whose threshold the rate meets', () => {
    const levels = [
      { level: 1, ratePct: 2 },
      { level: 2, ratePct: 3.5 },
      { level: 3, ratePct: 6 },
    ];
    expect(lossLevelOf(1.99, levels)).toBe(0);
    expect(lossLevelOf(2, levels)).toBe(1);
    expect(lossLevelOf(3.85, levels)).toBe(2);
    expect(lossLevelOf(40, levels)).toBe(3);
    expect(lossLevelOf(null, levels)).toBe(0);
    expect(outsideLimits(12.01, -5, 12)).toBe(true);
    expect(outsideLimits(-5.01, -5, 12)).toBe(true);
    expect(outsideLimits(12, -5, 12)).toBe(false);
  });

  it('checks a loss object by the spec’s rules', () => {
    const ok = {
      supplyId: 1,
      consumerIds: [2, 3],
      lowerLimitPct: -5,
      upperLimitPct: 10,
      levels: [
        { level: 1, ratePct: 3 },
        { level: 2, ratePct: 5 },
      ],
    };
    expect(checkLossObject(ok)).toBeNull();
    expect(checkLossObject({ ...ok, consumerIds: [2, 1] })).toBe(LOSS_MESSAGES.supplyIsConsumer);
    expect(checkLossObject({ ...ok, consumerIds: [] })).toBe(LOSS_MESSAGES.atLeastOneConsumer);
    expect(checkLossObject({ ...ok, consumerIds: [2, 2] })).toBe(LOSS_MESSAGES.consumersRepeat);
    expect(checkLossObject({ ...ok, upperLimitPct: -5 })).toBe(LOSS_MESSAGES.upperAboveLower);
    expect(checkLossObject({ ...ok, levels: [] })).toBe(LOSS_MESSAGES.atLeastOneLevel);
    expect(
      checkLossObject({ ...ok, levels: [1, 2, 3, 4, 5].map((level) => ({ level, ratePct: level })) }),
    ).toBe(LOSS_MESSAGES.tooManyLevels);
    expect(
      checkLossObject({
        ...ok,
        levels: [
          { level: 1, ratePct: 5 },
          { level: 2, ratePct: 5 },
        ],
      }),
    ).toBe(LOSS_MESSAGES.levelsAscending);
    expect(checkLossObject({ ...ok, levels: [{ level: 1, ratePct: -6 }] })).toBe(
      LOSS_MESSAGES.levelsAboveLower,
    );
    expect(checkLossObject({ ...ok, levels: [{ level: 2, ratePct: 3 }] })).toBe(LOSS_MESSAGES.levelNumbers);
  });
});

describe('apportionment', () => {
  it('rounds each line, the remainder to the largest ratio, so lines sum to the amount', () => {
    // 100 by thirds: 33.33 each, 0.01 left, to the first (all equal: the first listed).
    expect(apportion(100, [1 / 3, 1 / 3, 1 / 3])).toEqual([33.34, 33.33, 33.33]);
    // 10 by 0.333333 / 0.333333 / 0.333334: 3.33 + 3.33 + 3.33, 0.01 to the third (largest).
    expect(apportion(10, [0.333333, 0.333333, 0.333334])).toEqual([3.33, 3.33, 3.34]);
    // 1 234.57 by 50 / 30 / 20 %: 617.285 → 617.29, 370.371 → 370.37, 246.914 → 246.91 (sum exact).
    expect(apportion(1234.57, [0.5, 0.3, 0.2])).toEqual([617.29, 370.37, 246.91]);
    // A negative loss is split the same way.
    expect(apportion(-10, [0.5, 0.5])).toEqual([-5, -5]);
    // Half a hundredth each rounds up to 0.01 twice; the −0.01 remainder goes to the first.
    expect(apportion(0.01, [0.5, 0.5])).toEqual([0, 0.01]);
  });

  it('turns weights (area, headcount, output, metered) into ratios; none at all: equal shares', () => {
    expect(ratiosOf([120, 80])).toEqual([0.6, 0.4]);
    expect(ratiosOf([0, null, 50])).toEqual([0, 0, 1]);
    expect(ratiosOf([0, 0])).toEqual([0.5, 0.5]);
  });

  it('checks ratios on millionths', () => {
    expect(ratiosSumToOne([0.333333, 0.333333, 0.333334])).toBe(true);
    expect(ratiosSumToOne([0.1, 0.2, 0.7])).toBe(true);
    expect(ratiosSumToOne([0.5, 0.4])).toBe(false);
  });

  it('splits a month at a version change and sums each receiver’s part lines', () => {
    // March (31 days) with a change on the 11th: 10 days fixed 60/40, 21 days metered.
    const day = 86_400_000;
    const march = { from: 0, to: 31 * day };
    const versions = [
      { from: -40 * day, to: 10 * day },
      { from: 10 * day, to: null },
    ];
    const parts = partsOf(march.from, march.to, versions);
    expect(parts).toEqual([
      { from: 0, to: 10 * day, version: 0 },
      { from: 10 * day, to: 31 * day, version: 1 },
    ]);
    // Part 1: 1 000 kWh at 60/40 → 600 / 400. Part 2: 2 100 kWh by metered 700 / 1 400 kWh
    // (1/3, 2/3) → 700 / 1 400. The month: A 1 300, B 1 800, total 3 100 = 1 000 + 2 100.
    const first = apportion(1000, [0.6, 0.4]);
    const second = apportion(2100, ratiosOf([700, 1400]));
    expect(first).toEqual([600, 400]);
    expect(second).toEqual([700, 1400]);
    const month = sumParts([
      { nodeIds: [1, 2], lines: first },
      { nodeIds: [1, 2], lines: second },
    ]);
    expect(month).toEqual({
      receivers: [
        { nodeId: 1, amount: 1300 },
        { nodeId: 2, amount: 1800 },
      ],
      total: 3100,
    });
    // A receiver only in the second version gets only its lines there.
    expect(
      sumParts([
        { nodeIds: [1], lines: [10] },
        { nodeIds: [1, 3], lines: [4.5, 5.5] },
      ]).receivers,
    ).toEqual([
      { nodeId: 1, amount: 14.5 },
      { nodeId: 3, amount: 5.5 },
    ]);
    // Uncovered time (before the first version) is left out.
    expect(partsOf(0, 31 * day, [{ from: 5 * day, to: null }])).toEqual([
      { from: 5 * day, to: 31 * day, version: 0 },
    ]);
  });

  it('checks versions and targets by the spec’s rules', () => {
    const v = (over: object = {}) => ({
      from: 0,
      to: null as number | null,
      method: 'fixedRatio',
      targets: [
        { nodeId: 2, ratio: 0.5, weight: null },
        { nodeId: 3, ratio: 0.5, weight: null },
      ],
      ...over,
    });
    expect(checkSchemeVersions(1, [v()], SHARE_METHODS)).toBeNull();
    expect(checkSchemeVersions(1, [], SHARE_METHODS)).toBe(SHARE_MESSAGES.atLeastOneVersion);
    expect(checkSchemeVersions(2, [v()], SHARE_METHODS)).toBe(SHARE_MESSAGES.sourceIsTarget);
    expect(
      checkSchemeVersions(1, [v({ targets: [{ nodeId: 2, ratio: 0.5, weight: null }] })], SHARE_METHODS),
    ).toBe(SHARE_MESSAGES.ratiosSum);
    expect(checkSchemeVersions(1, [v({ method: 'area' })], SHARE_METHODS)).toBe(
      SHARE_MESSAGES.weightRequired,
    );
    expect(checkSchemeVersions(1, [v({ method: 'area' })], LOSS_SHARE_METHODS)).toBe(
      SHARE_MESSAGES.methodNotAllowed,
    );
    expect(checkSchemeVersions(1, [v({ to: 10 }), v({ from: 5 })], SHARE_METHODS)).toBe(
      SHARE_MESSAGES.versionsOverlap,
    );
    expect(checkSchemeVersions(1, [v(), v({ from: 5 })], SHARE_METHODS)).toBe(SHARE_MESSAGES.blankEnd);
    expect(checkSchemeVersions(1, [v({ to: 0 })], SHARE_METHODS)).toBe(SHARE_MESSAGES.endAfterStart);
  });
});
