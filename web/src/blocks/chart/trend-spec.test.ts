import { describe, expect, it } from 'vitest';
import { CHART_THEMES } from '../../theme/chart-palettes';
import { buildTrendSpec, lineStats, lineUnits, type TrendLine } from './trend-spec';

const theme = CHART_THEMES.dark;
const formatTime = (ms: number) => `t${ms}`;

const lines: TrendLine[] = [
  {
    id: '1',
    name: 'A · energy',
    unit: 'kWh',
    decimals: 2,
    points: [
      { time: 2, value: 10 },
      { time: 1, value: 4 },
    ],
  },
  { id: '2', name: 'A · power', unit: 'kW', decimals: 1, points: [{ time: 1, value: 3 }] },
  { id: '3', name: 'B · energy', unit: 'kWh', decimals: 2, points: [{ time: 3, value: null }] },
];

interface Axis {
  orient: string;
  type: string;
  domain?: string[];
  seriesId?: string[];
  title?: { visible: boolean; text?: string };
}

describe('buildTrendSpec', () => {
  it('draws one value axis per unit, bound to the series of that unit, over times in order', () => {
    const spec = buildTrendSpec(lines, { theme, formatTime });
    const axes = spec.axes as Axis[];
    expect(axes[0]).toMatchObject({ orient: 'bottom', type: 'band', domain: ['t1', 't2', 't3'] });
    expect(axes.slice(1).map((a) => [a.orient, a.title?.text, a.seriesId])).toEqual([
      ['left', 'kWh', ['s-1', 's-3']],
      ['right', 'kW', ['s-2']],
    ]);
    expect(lineUnits(lines)).toEqual(['kWh', 'kW']);
    expect(spec.type).toBe('common');
    expect(spec.color).toEqual(theme.palette);
    const series = spec.series as { id: string; dataId: string; invalidType: string }[];
    expect(series.map((s) => [s.id, s.dataId, s.invalidType])).toEqual([
      ['s-1', 'd-1', 'link'],
      ['s-2', 'd-2', 'link'],
      ['s-3', 'd-3', 'link'],
    ]);
    expect(spec.markPoint).toBeUndefined();
    expect(spec.markLine).toBeUndefined();
  });

  it('marks max and min points and an average line per series with values', () => {
    const spec = buildTrendSpec(lines, {
      theme,
      formatTime,
      markers: ['max', 'min', 'avg'],
      markerLabels: { max: 'Max', min: 'Min', avg: 'Avg' },
    });
    const points = spec.markPoint as { relativeSeriesId: string; coordinate: { x: string; y: number } }[];
    expect(points.map((p) => [p.relativeSeriesId, p.coordinate])).toEqual([
      ['s-1', { x: 't2', y: 10 }],
      ['s-1', { x: 't1', y: 4 }],
      ['s-2', { x: 't1', y: 3 }],
      ['s-2', { x: 't1', y: 3 }],
    ]);
    const avg = spec.markLine as { relativeSeriesId: string; y: number; label: { text: string } }[];
    expect(avg.map((l) => [l.relativeSeriesId, l.y, l.label.text])).toEqual([
      ['s-1', 7, 'Avg 7.00'],
      ['s-2', 3, 'Avg 3.0'],
    ]);
  });

  it('breaks lines at gaps and marks highlighted readings when asked', () => {
    const spec = buildTrendSpec(lines, {
      theme,
      formatTime,
      gaps: 'break',
      highlights: [{ lineId: '1', time: 2, value: 10, text: 'Jump' }],
    });
    expect((spec.series as { invalidType: string }[])[0]?.invalidType).toBe('break');
    const marked = spec.markPoint as { coordinate: { x: string }; itemContent: { text: { text: string } } }[];
    expect(marked.map((m) => [m.coordinate.x, m.itemContent.text.text])).toEqual([['t2', 'Jump']]);
  });
});

describe('lineStats', () => {
  it('skips missing values and says null without any', () => {
    expect(lineStats(lines[0]?.points ?? [])).toEqual({
      max: { time: 2, value: 10 },
      min: { time: 1, value: 4 },
      avg: 7,
    });
    expect(lineStats([{ time: 1, value: null }])).toBeNull();
  });
});
