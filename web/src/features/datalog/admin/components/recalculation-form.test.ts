import { describe, expect, it } from 'vitest';
import { checkRecalculation, recalculationBody, recalculationFromQuery } from './recalculation-form';

const DAY = 86_400_000;
const node = (id: number) => ({ id, modelLabel: 'meter', name: `Meter ${id}` });

describe('recalculationFromQuery', () => {
  it('takes the points and range /meterEntry hands over', () => {
    const form = recalculationFromQuery(
      new URLSearchParams('pointIds=7,3,7,x,-1&startTime=1700000000000&endTime=1700003600000'),
      'Asia/Shanghai',
    );
    expect(form.pointIds).toEqual([7, 3]);
    expect(form.startTime).toBe(1_700_000_000_000);
    expect(form.endTime).toBe(1_700_003_600_000);
    expect(form.targets).toEqual(['energy']);
    expect(form.nodes).toEqual([]);
  });

  it('without a range offers yesterday and today; named targets are kept', () => {
    // 10 March 2024 23:30 in Shanghai (15:30 UTC): the project's yesterday and today.
    const now = Date.UTC(2024, 2, 10, 15, 30);
    const form = recalculationFromQuery(
      new URLSearchParams('targets=cost,bogus,efficiency'),
      'Asia/Shanghai',
      now,
    );
    expect(form.pointIds).toEqual([]);
    expect(form.startTime).toBe(Date.UTC(2024, 2, 8, 16));
    expect(form.endTime).toBe(Date.UTC(2024, 2, 10, 16));
    expect(form.targets).toEqual(['cost', 'efficiency']);
  });
});

describe('checkRecalculation', () => {
  const ok = {
    nodes: [node(1)],
    pointIds: [],
    startTime: Date.UTC(2024, 2, 1),
    endTime: Date.UTC(2024, 2, 2),
    targets: ['energy' as const],
  };

  it('passes a good form and builds the body with node refs only', () => {
    expect(checkRecalculation(ok, 'UTC')).toEqual({});
    expect(recalculationBody(ok)).toEqual({
      nodes: [{ id: 1, modelLabel: 'meter' }],
      pointIds: [],
      startTime: ok.startTime,
      endTime: ok.endTime,
      targets: ['energy'],
    });
  });

  it('points alone are enough; nothing at all is refused', () => {
    expect(checkRecalculation({ ...ok, nodes: [], pointIds: [5] }, 'UTC')).toEqual({});
    expect(checkRecalculation({ ...ok, nodes: [] }, 'UTC')).toEqual({ nodes: 'error.nodes' });
  });

  it('refuses more than 6 nodes', () => {
    const nodes = [1, 2, 3, 4, 5, 6, 7].map(node);
    expect(checkRecalculation({ ...ok, nodes }, 'UTC').nodes).toBe('error.tooManyNodes');
  });

  it('refuses a missing, reversed or longer than 31-day range', () => {
    expect(checkRecalculation({ ...ok, startTime: null }, 'UTC').range).toBe('error.range');
    expect(checkRecalculation({ ...ok, endTime: ok.startTime }, 'UTC').range).toBe('error.order');
    expect(checkRecalculation({ ...ok, endTime: ok.startTime + 31 * DAY }, 'UTC')).toEqual({});
    expect(checkRecalculation({ ...ok, endTime: ok.startTime + 31 * DAY + 60_000 }, 'UTC').range).toBe(
      'error.span',
    );
  });

  it('refuses no target', () => {
    expect(checkRecalculation({ ...ok, targets: [] }, 'UTC')).toEqual({ targets: 'error.targets' });
  });
});
