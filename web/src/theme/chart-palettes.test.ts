import { describe, expect, it } from 'vitest';
import { CHART_PALETTES } from './chart-palettes';

/** Hue (0–360) and saturation (0–1) of a #rrggbb colour. */
function hsl(hex: string): { hue: number; saturation: number } {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const d = max - min;
  const l = (max + min) / 2;
  const saturation = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  let hue = 0;
  if (d > 0) {
    if (max === r) hue = ((g - b) / d) % 6;
    else if (max === g) hue = (b - r) / d + 2;
    else hue = (r - g) / d + 4;
  }
  return { hue: (hue * 60 + 360) % 360, saturation };
}

const hueGap = (a: number, b: number) => Math.min(Math.abs(a - b), 360 - Math.abs(a - b));

describe('chart palettes', () => {
  it('give the first six series hues at least 30° apart in both themes', () => {
    for (const theme of ['light', 'dark'] as const) {
      const first = CHART_PALETTES[theme].slice(0, 6).map(hsl);
      for (let i = 0; i < first.length; i++)
        for (let j = i + 1; j < first.length; j++)
          expect(
            hueGap(first[i]?.hue ?? 0, first[j]?.hue ?? 0),
            `${theme}: series ${i + 1} and ${j + 1}`,
          ).toBeGreaterThanOrEqual(30);
    }
  });

  it('has ten distinct colours per theme, the same hue family in both', () => {
    for (const theme of ['light', 'dark'] as const) expect(new Set(CHART_PALETTES[theme]).size).toBe(10);
    CHART_PALETTES.light.forEach((light, i) => {
      const dark = CHART_PALETTES.dark[i] ?? '';
      if (hsl(light).saturation > 0.3)
        expect(hueGap(hsl(light).hue, hsl(dark).hue), `series ${i + 1}`).toBeLessThan(25);
    });
  });
});
