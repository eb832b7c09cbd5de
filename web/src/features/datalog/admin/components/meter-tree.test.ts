import { describe, expect, it } from 'vitest';
import { meterTree } from '../test-fixtures';
import { dayRange, meterEntryLink } from './day-range';
import { meteredIdsUnder, meteredNodes, pointCountOf } from './meter-tree';

describe('meter tree', () => {
  it('lists the nodes that carry points', () => {
    expect(meteredNodes(meterTree()).map((n) => n.name)).toEqual([
      'Main meter',
      'Lighting meter',
      'Boiler 1',
    ]);
    expect(pointCountOf({ id: 1, modelLabel: 'meter', name: 'x' })).toBe(0);
  });

  it('a picked building stands for its metered nodes; each once', () => {
    const tree = meterTree();
    expect(meteredIdsUnder(tree, [{ id: 10, modelLabel: 'building' }])).toEqual([21, 23]);
    expect(
      meteredIdsUnder(tree, [
        { id: 10, modelLabel: 'building' },
        { id: 21, modelLabel: 'meter' },
        { id: 31, modelLabel: 'device' },
      ]),
    ).toEqual([21, 23, 31]);
    expect(meteredIdsUnder(tree, [{ id: 22, modelLabel: 'meter' }])).toEqual([]);
    expect(meteredIdsUnder(tree, [])).toEqual([]);
  });
});

describe('dayRange', () => {
  it('ends at the next local midnight, 23 hours on the spring DST day', () => {
    const march31 = Date.UTC(2024, 2, 30, 23); // 2024-03-31 00:00 in Berlin
    expect(dayRange(march31, 'Europe/Berlin')).toEqual({ start: march31, end: march31 + 23 * 3_600_000 });
    const march1 = Date.UTC(2024, 1, 29, 23);
    expect(dayRange(march1, 'Europe/Berlin').end).toBe(march1 + 24 * 3_600_000);
  });

  it('links /meterEntry to the node and range', () => {
    expect(meterEntryLink(21, 1, 2)).toBe('/meterEntry?nodeId=21&startTime=1&endTime=2');
  });
});
