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
    // The extremes are captions of the series' own points, not marker symbols drawn on top.
    expect(spec.markPoint).toBeUndefined();
    const data = spec.data as { id: string; values: { x: string; caption?: string }[] }[];
    expect(data.flatMap((d) => d.values.filter((v) => v.caption).map((v) => [d.id, v.x, v.caption]))).toEqual(
      [
        ['d-1', 't2', 'Max 10.00'],
        ['d-1', 't1', 'Min 4.00'],
        ['d-2', 't1', 'Max 3.0 · Min 3.0'],
      ],
    );
    const avg = spec.markLine as { relativeSeriesId: string; y: number; label: { text: string } }[];
    expect(avg.map((l) => [l.relativeSeriesId, l.y, l.label.text])).toEqual([
      ['s-1', 7, 'Avg 7.00'],
      ['s-2', 3, 'Avg 3.0'],
    ]);
  });

  it('lays the captions of all series out together, away from each other and the points', () => {
    const spec = buildTrendSpec(lines, { theme, formatTime, markers: ['max', 'min'] });
    // A chart-level option: with it VChart places every series' labels in one pass.
    expect(spec.labelLayout).toBe('region');
    type Label = {
      visible: boolean;
      style: { fill: string };
      dataFilter: (items: { data?: { caption?: string } }[]) => unknown[];
      overlap: { avoidBaseMark: boolean; hideOnHit: boolean };
    };
    type Point = {
      visible: boolean;
      style: { visible: (d: object) => boolean; size: (d: object) => number };
    };
    const series = spec.series as { label: Label; point: Point }[];
    const fills = series.map((s) => s.label.style.fill);
    expect(fills).toEqual(theme.palette.slice(0, 3));
    for (const s of series) {
      expect(s.label.overlap).toMatchObject({ avoidBaseMark: true, hideOnHit: false });
      expect(s.label.dataFilter([{ data: { caption: 'Max 1' } }, { data: {} }])).toHaveLength(1);
      // Labels need points as their marks: a captioned point is drawn, larger than the others.
      expect(s.point.visible).toBe(true);
      expect(s.point.style.visible({ caption: 'Max 1' })).toBe(true);
      expect(s.point.style.size({ caption: 'Max 1' })).toBeGreaterThan(s.point.style.size({}));
    }
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
