import { describe, expect, it } from 'vitest';
import { CHART_THEMES } from '../../theme/chart-palettes';
import { buildComboSpec, isEmptyCombo } from './combo-spec';

const theme = CHART_THEMES.light;

const data = {
  categories: ['11-01', '11-02'],
  bars: [
    { name: 'Supply', values: [100, null] },
    { name: 'Loss', values: [4, 2147483648] },
  ],
  lines: [{ name: 'Loss rate', values: [4, 6.5] }],
  limits: [
    { value: 5, label: 'Level 1 5%', color: '#c2185b' },
    { value: 8, label: 'Level 2 8%', color: '#e65100' },
  ],
};

describe('buildComboSpec', () => {
  it('draws bars on the left axis and lines on the right, invalid values as gaps', () => {
    const spec = buildComboSpec(data, { theme, barUnit: 'kWh', lineUnit: '%' });
    expect(spec.type).toBe('common');
    const series = spec.series as { id: string; type: string; dataId: string }[];
    expect(series.map((s) => [s.id, s.type, s.dataId])).toEqual([
      ['bar', 'bar', 'bars'],
      ['line', 'line', 'lines'],
    ]);
    const axes = spec.axes as {
      orient: string;
      seriesId?: string[];
      title?: { text?: string };
      max?: number;
    }[];
    expect(axes.map((a) => [a.orient, a.seriesId, a.title?.text])).toEqual([
      ['bottom', undefined, undefined],
      ['left', ['bar'], 'kWh'],
      ['right', ['line'], '%'],
    ]);
    const bars = (
      spec.data as { id: string; values: { x: string; y: number | null; series: string }[] }[]
    )[0];
    expect(bars?.values).toEqual([
      { x: '11-01', y: 100, series: 'Supply' },
      { x: '11-02', y: null, series: 'Supply' },
      { x: '11-01', y: 4, series: 'Loss' },
      { x: '11-02', y: null, series: 'Loss' },
    ]);
  });

  it('draws each limit as a captioned line in its colour, the right axis reaching the highest', () => {
    const spec = buildComboSpec(data, { theme });
    const marks = spec.markLine as {
      y: number;
      relativeSeriesId: string;
      label: { text: string };
      line: { style: { stroke: string } };
    }[];
    expect(marks.map((m) => [m.y, m.relativeSeriesId, m.label.text, m.line.style.stroke])).toEqual([
      [5, 'line', 'Level 1 5%', '#c2185b'],
      [8, 'line', 'Level 2 8%', '#e65100'],
    ]);
    const right = (spec.axes as { orient: string; max?: number }[]).find((a) => a.orient === 'right');
    expect(right?.max).toBeGreaterThanOrEqual(8);
    expect(buildComboSpec({ ...data, limits: [] }, { theme }).markLine).toBeUndefined();
  });

  it('is empty when no bar and no line has a value', () => {
    expect(isEmptyCombo(data)).toBe(false);
    expect(
      isEmptyCombo({
        categories: ['a'],
        bars: [{ name: 'x', values: [null] }],
        lines: [{ name: 'y', values: [Number.NaN] }],
      }),
    ).toBe(true);
  });
});
