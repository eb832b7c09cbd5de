import { checkRateVersion } from '@eem/core';
import { describe, expect, it } from 'vitest';
import { recentMonths } from '../CostAccountingPage';
import { emptyRateVersion, fitVersion, nextDay } from './RateVersionsField';

describe('rate versions', () => {
  it('starts a new version the day after the last one ends, across months and leap days', () => {
    expect(nextDay('2026-01-31')).toBe('2026-02-01');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
  it('makes a blank version that core accepts for every rate type', () => {
    for (const type of ['flat', 'tou', 'tiered', 'seasonal', 'capacity', 'demand', 'powerFactor'] as const)
      expect(checkRateVersion(type, emptyRateVersion(type, '2026-03-01'))).toBeNull();
  });
  it('reshapes a version for another rate type, keeping its days and what fits', () => {
    const flat = { ...emptyRateVersion('flat', '2026-03-01'), effectiveTo: '2026-06-30', price: 0.8 };
    const tou = fitVersion('tou', flat);
    expect(tou).toMatchObject({ effectiveFrom: '2026-03-01', effectiveTo: '2026-06-30', price: null });
    expect(tou.bandPrices).toHaveLength(4);
    expect(fitVersion('capacity', flat).price).toBe(0.8);
  });
});

describe('the months of the accounting screen', () => {
  it('offers this month and the ones before it, never a future one', () => {
    expect(recentMonths('2026-02', 4)).toEqual(['2026-02', '2026-01', '2025-12', '2025-11']);
  });
});
