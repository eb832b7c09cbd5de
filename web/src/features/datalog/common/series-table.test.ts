import { describe, expect, it } from 'vitest';
import { noValues, pointCaption, pointKey, seriesLabels, seriesRows } from './series-table';

describe('seriesRows', () => {
  it('joins the series on time, in time order, leaving missing values out', () => {
    const rows = seriesRows([
      {
        pointId: 1,
        data: [
          { time: 20, value: 2 },
          { time: 10, value: 1 },
        ],
      },
      {
        pointId: 2,
        data: [
          { time: 10, value: 5 },
          { time: 30, value: 7 },
        ],
      },
    ]);
    expect(rows).toEqual([
      { time: 10, p1: 1, p2: 5 },
      { time: 20, p1: 2 },
      { time: 30, p2: 7 },
    ]);
    expect(pointKey(3)).toBe('p3');
  });

  it('says when there is nothing to show', () => {
    expect(noValues([{ data: [] }, { data: [] }])).toBe(true);
    expect(noValues([{ data: [{ time: 1, value: 0 }] }])).toBe(false);
  });
});

describe('seriesLabels', () => {
  it('names series by node and point, unique by point id where two agree', () => {
    const labels = seriesLabels([
      { pointId: 1, nodeName: 'Meter A1', name: 'Active power' },
      { pointId: 2, nodeName: 'Meter A1', name: 'Active power' },
      { pointId: 3, nodeName: 'Meter A2', name: 'Active power' },
    ]);
    expect([...labels.values()]).toEqual([
      'Meter A1 · Active power #1',
      'Meter A1 · Active power #2',
      'Meter A2 · Active power',
    ]);
    expect(seriesLabels([{ pointId: 3, nodeName: 'Pipe 1', name: 'Flow' }], 'node').get(3)).toBe('Pipe 1');
  });

  it('captions a point with its unit', () => {
    expect(pointCaption({ name: 'Active energy', unit: 'kWh' })).toBe('Active energy (kWh)');
    expect(pointCaption({ name: 'Power factor', unit: '' })).toBe('Power factor');
  });
});
