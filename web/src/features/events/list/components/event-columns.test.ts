import type { EventItem } from '@eem/contract';
import { describe, expect, it } from 'vitest';
import { type LossEventItem, lossObjectColumn, lossRateColumn, warningLevelColumn } from './event-columns';

const event = (extra: Partial<LossEventItem>): EventItem =>
  ({ id: 1, value: 7.5, unit: '%', threshold: 5, ...extra }) as unknown as EventItem;

describe('loss warning columns', () => {
  const object = lossObjectColumn('Loss object');
  const rate = lossRateColumn('Loss rate');
  const level = warningLevelColumn('Warning level', (n) => `Level ${n}`);
  it('show the loss object, the rate in percent and the level reached', () => {
    const e = event({
      lossObject: { id: 3, name: 'Transformer 1 feeders' },
      ratePct: 12.345,
      warningLevel: 2,
    });
    expect(object.render(e)).toBe('Transformer 1 feeders');
    expect(rate.render(e)).toBe('12.35%');
    expect(level.render(e)).toBe('Level 2');
  });
  it('show -- where a warning has no object or level (707), and its value when it has no rate', () => {
    const e = event({ lossObject: null, warningLevel: null });
    expect(object.render(e)).toBe('--');
    expect(level.render(e)).toBe('--');
    expect(rate.render(e)).toBe('7.50%');
    expect(rate.render(event({ value: 12, unit: 'kWh' }))).toBe('12.00 kWh');
  });
});
