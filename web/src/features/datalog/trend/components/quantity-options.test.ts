import { describe, expect, it } from 'vitest';
import { defaultQuantity, quantityOptions } from './quantity-options';

const points = [
  { nodeId: 1, dataId: 4200, name: 'Pressure', unit: 'MPa' },
  { nodeId: 1, dataId: 4100, name: 'Flow', unit: 'm³/h' },
  { nodeId: 2, dataId: 4000, name: 'Water volume', unit: 'm³' },
  { nodeId: 2, dataId: 4100, name: 'Flow', unit: 'm³/h' },
];

describe('quantityOptions', () => {
  it('offers each quantity of the points once, in data-id order, with the nodes measuring it', () => {
    expect(quantityOptions(points)).toEqual([
      { dataId: 4000, label: 'Water volume (m³)', nodes: 1 },
      { dataId: 4100, label: 'Flow (m³/h)', nodes: 2 },
      { dataId: 4200, label: 'Pressure (MPa)', nodes: 1 },
    ]);
  });

  it('starts with the quantity most nodes measure', () => {
    expect(defaultQuantity(quantityOptions(points))).toBe(4100);
    expect(defaultQuantity(quantityOptions(points.slice(0, 1)))).toBe(4200);
    expect(defaultQuantity([])).toBeNull();
  });
});
