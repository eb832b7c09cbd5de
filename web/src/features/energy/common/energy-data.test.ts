import { describe, expect, it } from 'vitest';
import { buildChartSpec, isEmptyChart } from '../../../blocks/chart/chart-spec';
import { linkedSelection, nodePaths } from './energy-data';

describe('nodePaths', () => {
  it('names nodes below the project as the energy answers do, parents first', () => {
    const tree = [
      {
        id: 2,
        modelLabel: 'project',
        name: 'Works',
        children: [
          {
            id: 5,
            modelLabel: 'building',
            name: 'Hall',
            children: [{ id: 9, modelLabel: 'floor', name: '1F' }],
          },
        ],
      },
    ];
    expect(nodePaths(tree).map((p) => [p.key, p.path])).toEqual([
      ['project_2', 'Works'],
      ['building_5', 'Hall'],
      ['floor_9', 'Hall / 1F'],
    ]);
  });
});

describe('linkedSelection', () => {
  it('takes the node and the range of an event link, and nothing malformed', () => {
    const link = new URLSearchParams('nodeId=7&modelLabel=floor&startTime=1000&endTime=5000');
    expect(linkedSelection(link)).toEqual({
      nodes: [{ id: 7, modelLabel: 'floor', name: '' }],
      range: { granularity: 'hour', start: 1000, end: 5000 },
    });
    expect(linkedSelection(new URLSearchParams('nodeId=-1&modelLabel=x&startTime=9&endTime=3'))).toEqual({});
  });
});

describe('the sankey chart', () => {
  it('draws links by node index, leaves out empty and unknown links, greys muted nodes', () => {
    const theme = { vchartTheme: 'dark', palette: ['#1'], background: '#000', text: '#fff', grid: '#333' };
    const spec = buildChartSpec(
      {
        nodes: [
          { key: 'n1', name: 'Works' },
          { key: 'n2', name: 'Hall' },
          { key: 'loss1', name: 'Loss', muted: true },
        ],
        links: [
          { source: 'n1', target: 'n2', value: 90 },
          { source: 'n1', target: 'loss1', value: 10 },
          { source: 'n1', target: 'n9', value: 5 },
          { source: 'n2', target: 'loss1', value: 0 },
        ],
      },
      { kind: 'sankey', theme: theme as never },
    );
    const values = (spec.data as { values: { links: unknown[] }[] }[])[0]?.values[0];
    expect(values?.links).toEqual([
      { source: 0, target: 1, value: 90 },
      { source: 0, target: 2, value: 10 },
    ]);
    const fill = (spec.node as { style: { fill: (d: { datum: { name: string } }) => string | undefined } })
      .style.fill;
    expect(fill({ datum: { name: 'Loss' } })).toBe('#333');
    expect(fill({ datum: { name: 'Hall' } })).toBeUndefined();
  });
});

describe('the waterfall of an attribution', () => {
  const theme = { vchartTheme: 'dark', palette: ['#1'], background: '#000', text: '#fff', grid: '#333' };
  it('stands the totals on the axis and floats each change', () => {
    const steps = [
      { name: 'Base', value: 100, total: true },
      { name: 'Hall A', value: 30 },
      { name: 'Hall B', value: -10 },
      { name: 'Compared', value: 120, total: true },
    ];
    const spec = buildChartSpec({ steps }, { kind: 'waterfall', theme: theme as never, unit: 'kWh' });
    expect(spec.type).toBe('waterfall');
    expect(spec.total).toEqual({ type: 'field', tagField: 'total', valueField: 'y' });
    expect((spec.data as { values: unknown[] }[])[0]?.values).toEqual([
      { x: 'Base', y: 100, total: true },
      { x: 'Hall A', y: 30, total: false },
      { x: 'Hall B', y: -10, total: false },
      { x: 'Compared', y: 120, total: true },
    ]);
  });
  it('is empty when no bar has a value', () => {
    expect(isEmptyChart('waterfall', { steps: [{ name: 'Base', value: null, total: true }] })).toBe(true);
    expect(isEmptyChart('waterfall', { steps: [{ name: 'Base', value: 0, total: true }] })).toBe(false);
  });
});
