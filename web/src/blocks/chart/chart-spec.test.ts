import { describe, expect, it } from 'vitest';
import { CHART_THEMES } from '../../theme/chart-palettes';
import { buildChartSpec, labelledSlice, shortCategory } from './chart-spec';

const theme = CHART_THEMES.light;

describe('buildChartSpec', () => {
  it('lays a ranking down: the categories down the left axis by their last node, values along the bottom', () => {
    const categories = Array.from(
      { length: 10 },
      (_, i) => `Berlin Works / Building A / Meter AH${i}-1 tail end`,
    );
    const spec = buildChartSpec(
      { categories, series: [{ name: 'Events', values: categories.map((_, i) => 10 - i) }] },
      { kind: 'bar', theme, horizontal: true, integer: true },
    );
    expect(spec).toMatchObject({
      type: 'bar',
      direction: 'horizontal',
      xField: 'y',
      yField: ['x', 'series'],
    });
    type Axis = {
      orient: string;
      type: string;
      label: { formatMethod?: (t: unknown) => string; autoHide?: boolean };
    };
    const [band, value] = spec.axes as Axis[];
    expect([band?.orient, band?.type, value?.orient, value?.type]).toEqual([
      'left',
      'band',
      'bottom',
      'linear',
    ]);
    // One line per bar: every name is written, none hidden.
    expect(band?.label.autoHide).toBeUndefined();
    const names = categories.map((c) => band?.label.formatMethod?.(c));
    expect(new Set(names).size).toBe(10);
    expect(names[0]).toBe('Meter AH0-1 tail end');
  });

  it('turns the labels of standing bars before it hides any', () => {
    const spec = buildChartSpec(
      { categories: ['a', 'b'], series: [{ name: 'S', values: [1, 2] }] },
      { kind: 'bar', theme },
    );
    const [band] = spec.axes as {
      orient: string;
      label: { autoRotate?: boolean; autoRotateAngle?: number[] };
    }[];
    expect(band?.orient).toBe('bottom');
    expect(band?.label.autoRotate).toBe(true);
    expect(band?.label.autoRotateAngle).toEqual([0, -45, -90]);
    expect(spec.xField).toEqual(['x', 'series']);
  });

  it('labels pie slices by their share, without labels (or leader lines) for empty and tiny slices', () => {
    const items = [
      { name: 'Sharp', value: 0 },
      { name: 'Peak', value: 550 },
      { name: 'Flat', value: null },
      { name: 'Valley', value: 446 },
      { name: 'Steam', value: 4 },
    ];
    const spec = buildChartSpec({ items }, { kind: 'pie', theme });
    const label = spec.label as {
      formatMethod: (text: unknown, datum?: { value?: number | null }) => string;
      dataFilter: (labels: { data?: { value?: number | null } }[]) => { data?: { value?: number | null } }[];
    };
    const kept = label.dataFilter(items.map((i) => ({ data: { value: i.value } })));
    expect(kept.map((l) => label.formatMethod('', l.data))).toEqual(['55%', '45%']);
    expect(spec.legends).toMatchObject({ visible: true, orient: 'bottom' });
    expect(labelledSlice(1, 100)).toBe(true);
    expect(labelledSlice(0.9, 100)).toBe(false);
  });

  it('writes a path by its last node', () => {
    expect(shortCategory('Berlin Works / Building A / Meter B201')).toBe('Meter B201');
    expect(shortCategory('Meter B201')).toBe('Meter B201');
  });
});
