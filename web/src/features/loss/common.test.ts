import { describe, expect, it } from 'vitest';
import { analysisBody, granularityOf, LOSS_OBJECT, linkedLoss, lossCycle } from './common';

const H = 3_600_000;
const reasons = { node: 'choose a node', energyType: 'choose an energy type' };

describe('a link into the loss screens', () => {
  it('picks the loss object and reads its window by hour, or by day where hours are not offered', () => {
    const params = new URLSearchParams({
      lossObjectId: '7',
      startTime: String(10 * H),
      endTime: String(34 * H),
    });
    expect(linkedLoss(params, ['hour', 'day', 'month'])).toEqual({
      nodes: [{ id: 7, modelLabel: LOSS_OBJECT, name: '' }],
      range: { granularity: 'hour', start: 10 * H, end: 34 * H },
    });
    expect(linkedLoss(params, ['day', 'month']).range?.granularity).toBe('day');
  });

  it('picks a node with its model label, and ignores what is not a positive id or an ordered range', () => {
    expect(linkedLoss(new URLSearchParams({ nodeId: '3', modelLabel: 'room' }), ['day']).nodes).toEqual([
      { id: 3, modelLabel: 'room', name: '' },
    ]);
    expect(linkedLoss(new URLSearchParams({ nodeId: '3' }), ['day'])).toEqual({});
    expect(
      linkedLoss(new URLSearchParams({ lossObjectId: '-1', startTime: '5', endTime: '2' }), ['day']),
    ).toEqual({});
    expect(granularityOf(0, 40 * 24 * H, ['hour', 'day', 'month'])).toBe('month');
  });
});

describe('the body of a loss analysis', () => {
  const range = { granularity: 'day' as const, start: 0, end: 24 * H };
  const selection = (
    nodes: { id: number; modelLabel: string; name: string }[],
    energyType: number | null,
  ) => ({
    nodes,
    energyType,
    range,
    compare: 'none' as const,
    extra: {},
  });

  it('sends a loss object without an energy type, a node with one', () => {
    expect(
      analysisBody(selection([{ id: 7, modelLabel: LOSS_OBJECT, name: 'L' }], null), 'series', reasons),
    ).toEqual({
      body: { lossObjectId: 7, startTime: 0, endTime: 24 * H, cycle: 1, mode: 'series' },
    });
    expect(analysisBody(selection([{ id: 3, modelLabel: 'room', name: 'R' }], 2), 'tree', reasons)).toEqual({
      body: {
        node: { id: 3, modelLabel: 'room' },
        energyType: 2,
        startTime: 0,
        endTime: 24 * H,
        cycle: 1,
        mode: 'tree',
      },
    });
    expect(lossCycle('hour')).toBe(7);
    expect(lossCycle('month')).toBe(3);
  });

  it('says why nothing is asked: no node, or a node without an energy type', () => {
    expect(analysisBody(selection([], 2), 'series', reasons)).toMatchObject({ reason: 'choose a node' });
    expect(
      analysisBody(selection([{ id: 3, modelLabel: 'room', name: 'R' }], null), 'series', reasons),
    ).toMatchObject({
      reason: 'choose an energy type',
    });
  });
});
