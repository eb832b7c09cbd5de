import { describe, expect, it } from 'vitest';
import { LOSS_LOG_TYPE, lossReached } from './warnings.js';

const object = {
  lowerLimitPct: -5,
  upperLimitPct: 12,
  levels: [
    { level: 1, ratePct: 2 },
    { level: 2, ratePct: 3.5 },
    { level: 3, ratePct: 6 },
  ],
};

describe('what a loss rate reaches', () => {
  it('is 706 at the highest level met, 707 outside the limits, nothing below the first level', () => {
    expect(lossReached(1.9, object, undefined, 0.5)).toBeNull();
    expect(lossReached(3.85, object, undefined, 0.5)).toEqual({ logType: LOSS_LOG_TYPE.warning, level: 2 });
    expect(lossReached(12.5, object, undefined, 0.5)).toEqual({ logType: LOSS_LOG_TYPE.overLimit, level: 3 });
    expect(lossReached(-6, object, undefined, 0.5)).toEqual({ logType: LOSS_LOG_TYPE.overLimit, level: 0 });
    expect(lossReached(null, object, undefined, 0.5)).toBeNull();
  });

  it('holds an open level within the deadband below it, and clears past it', () => {
    const open = { logType: LOSS_LOG_TYPE.warning, level: 2 };
    expect(lossReached(3.2, object, open, 0.5)).toEqual({ logType: LOSS_LOG_TYPE.warning, level: 2 });
    expect(lossReached(2.9, object, open, 0.5)).toEqual({ logType: LOSS_LOG_TYPE.warning, level: 1 });
    expect(lossReached(1.4, object, open, 0.5)).toBeNull();
    const over = { logType: LOSS_LOG_TYPE.overLimit, level: 3 };
    expect(lossReached(11.8, object, over, 0.5)).toMatchObject({ logType: LOSS_LOG_TYPE.overLimit });
    expect(lossReached(11.4, object, over, 0.5)).toEqual({ logType: LOSS_LOG_TYPE.warning, level: 3 });
  });
});
