import { describe, expect, it } from 'vitest';
import { shareText } from '../chart/chart-spec';
import { barLayout, donutLayout, lineLayout, nearestIndex, wrapText } from './light-chart-model';

/** 7 px a character, as without a canvas. */
const measure = (text: string) => text.length * 7;

describe('the light charts’ geometry', () => {
  it('writes shares short and leaves out what has no share', () => {
    expect(shareText(1, 3)).toBe('33%');
    expect(shareText(1, 40)).toBe('2.5%');
    expect(shareText(0, 3)).toBe('');
    expect(shareText(null, 3)).toBe('');
  });

  it('wraps a name into lines that fit, never cutting it', () => {
    const lines = wrapText('Main transformer 2 low-voltage side', 100, measure);
    expect(lines.join(' ')).toBe('Main transformer 2 low-voltage side');
    for (const line of lines) expect(measure(line)).toBeLessThanOrEqual(100);
    // Text without spaces (Chinese) breaks between characters.
    const cjk = wrapText('一号主变压器低压侧出线柜', 30, measure);
    expect(cjk.join('')).toBe('一号主变压器低压侧出线柜');
    for (const line of cjk) expect(measure(line)).toBeLessThanOrEqual(30);
  });

  it('draws a donut of the valid, positive values in the items’ order', () => {
    const { total, slices } = donutLayout(
      [
        { name: 'Peak', value: 30 },
        { name: 'Flat', value: null },
        { name: 'Valley', value: 10 },
        { name: 'Sharp', value: 0 },
      ],
      50,
    );
    expect(total).toBe(40);
    expect(slices.map((s) => [s.name, s.share, s.index])).toEqual([
      ['Peak', '75%', 0],
      ['Valley', '25%', 2],
    ]);
    expect(slices.every((s) => s.path.startsWith('M'))).toBe(true);
  });

  it('draws bars from zero, the longest for the largest value, names in full', () => {
    const { rows, height } = barLayout(
      [
        { name: 'Building A', value: 400 },
        { name: 'Building B with a name far longer than the chart is wide', value: 100 },
      ],
      200,
      measure,
      (v) => String(v),
    );
    expect(rows[0]?.barWidth).toBeGreaterThan(rows[1]?.barWidth ?? 0);
    expect(rows[0]?.barWidth).toBeLessThanOrEqual(200);
    expect(rows[1]?.lines.join(' ')).toBe('Building B with a name far longer than the chart is wide');
    expect(rows[1]?.lines.length).toBeGreaterThan(1);
    expect(height).toBeGreaterThan((rows[1]?.barY ?? 0) - 1);
  });

  it('leaves gaps for invalid values and labels only categories that do not collide', () => {
    const categories = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`);
    const layout = lineLayout(
      categories,
      [{ name: 'Today', values: categories.map((_, i) => (i === 5 ? null : i * 10)) }],
      { width: 300, height: 200 },
      measure,
    );
    expect(layout.series[0]?.points[5]).toBeNull();
    // Two sub-paths: the line breaks at the gap.
    expect(layout.series[0]?.line.match(/M/g)?.length).toBe(2);
    const xs = layout.labelled.map((i) => layout.xs[i] ?? 0);
    for (let i = 1; i < xs.length; i++)
      expect((xs[i] ?? 0) - (xs[i - 1] ?? 0)).toBeGreaterThan(measure('00:00'));
    expect(nearestIndex(layout.xs, layout.xs[7] ?? 0)).toBe(7);
  });
});
