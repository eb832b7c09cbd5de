import { describe, expect, it } from 'vitest';
import { alarmColors, EVENT_LEVEL_COLORS, textOn, WARNING_LEVEL_COLORS } from './alarm-colors';

describe('alarm colours', () => {
  it('has 5 event levels and 4 warning levels in both themes, all different per theme', () => {
    for (const theme of ['light', 'dark'] as const) {
      expect(new Set(Object.values(EVENT_LEVEL_COLORS[theme])).size).toBe(5);
      expect(new Set(Object.values(WARNING_LEVEL_COLORS[theme])).size).toBe(4);
    }
    expect(EVENT_LEVEL_COLORS.light[1]).not.toBe(EVENT_LEVEL_COLORS.dark[1]);
  });

  it('treats class 0 as 4 and unknown classes as 5', () => {
    const colors = alarmColors('dark');
    expect(colors.event(0)).toBe(EVENT_LEVEL_COLORS.dark[4]);
    expect(colors.event(9)).toBe(EVENT_LEVEL_COLORS.dark[5]);
    expect(colors.warning(7)).toBe(WARNING_LEVEL_COLORS.dark[4]);
  });

  it('picks readable text for a background', () => {
    expect(textOn('#ffd24d')).toBe('#1c1f23');
    expect(textOn('#d52515')).toBe('#ffffff');
    expect(textOn('#f26d00')).toBe('#1c1f23');
  });

  it('writes every level chip in text of at least 4.5:1 contrast (WCAG AA)', () => {
    const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    const luminance = (hex: string) => {
      const [r, g, b] = [1, 3, 5].map((i) => lin(Number.parseInt(hex.slice(i, i + 2), 16) / 255)) as [
        number,
        number,
        number,
      ];
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a: string, b: string) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    for (const theme of ['light', 'dark'] as const) {
      for (const color of [
        ...Object.values(EVENT_LEVEL_COLORS[theme]),
        ...Object.values(WARNING_LEVEL_COLORS[theme]),
      ])
        expect(contrast(color, textOn(color)), `${theme} ${color}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
