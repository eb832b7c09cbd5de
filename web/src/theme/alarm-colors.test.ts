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
  });
});
