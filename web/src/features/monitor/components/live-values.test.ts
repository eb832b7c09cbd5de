import { describe, expect, it } from 'vitest';
import { realtime, switchRoom } from '../test-fixtures';
import { energised, formatValue, liveState, pointsOf, pointWith, realtimeBody } from './live-values';

describe('live values', () => {
  it('asks for every point once and every breaker of the graph', () => {
    expect(realtimeBody(switchRoom())).toEqual({
      pointIds: [1, 2, 3, 4, 5, 6, 7, 8],
      nodeIds: [111, 113, 121],
    });
  });

  it('reads values and breaker states, -- for null or unknown values, decimals and unit of the quantity', () => {
    const graph = switchRoom();
    const live = liveState(realtime());
    const incomer = graph.elements.find((e) => e.name === 'Line AH1-1');
    const feeder = graph.elements.find((e) => e.name === 'Line AH1-2');
    if (!incomer || !feeder) throw new Error('fixture');
    const points = pointsOf(graph, incomer);
    expect(formatValue(pointWith(points, 3001), live.value(1))).toBe('231.5 V');
    expect(formatValue(pointWith(points, 2000), live.value(3))).toBe('45.68 kW');
    expect(formatValue(pointWith(points, 2002), live.value(4))).toBe('0.951');
    expect(formatValue(pointWith(pointsOf(graph, feeder), 3001), live.value(5))).toBe('--');
    expect(formatValue(pointWith(points, 3001), live.value(99))).toBe('--');
    expect(formatValue(undefined, 1)).toBe('--');
    expect([live.closed(111), live.closed(113), live.closed(999)]).toEqual([true, false, null]);
    expect([energised(incomer, live), energised(feeder, live), energised(null, live)]).toEqual([
      true,
      false,
      true,
    ]);
    expect(energised(incomer, liveState(undefined))).toBe(true);
  });
});
