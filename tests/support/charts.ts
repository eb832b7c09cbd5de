/**
 * What a chart of the console drew, read from its VChart scene in the browser: the host
 * element of a drawn chart holds its VChart instance (web/src/blocks/chart/vchart-engine.ts,
 * `CHART_PROPERTY`), whose stage holds every text with its box and colour. The browser tests
 * check that labels avoid each other and stay on the canvas, that an axis writes every
 * category, that series read apart by colour.
 */
import type { Locator } from 'playwright-core';

/** A visible text of a drawn chart: its box in the chart's pixels and its fill. */
export interface DrawnText {
  text: string;
  fill: string;
  box: { x1: number; y1: number; x2: number; y2: number };
  /** Names of the groups above it (axis, legend, label components...). */
  path: string;
}

export interface DrawnChart {
  width: number;
  height: number;
  texts: DrawnText[];
}

/** The texts a chart's host (`[data-testid=chart-host]`, `trend-chart`, ...) drew, once drawn. */
export async function drawnChart(host: Locator): Promise<DrawnChart> {
  await host.locator('canvas').first().waitFor();
  return host.evaluate((dom) => {
    type Graphic = {
      type: string;
      name?: string;
      attribute: {
        text?: unknown;
        fill?: unknown;
        visible?: boolean;
        opacity?: number;
        fillOpacity?: number;
      };
      globalAABBBounds: { x1: number; y1: number; x2: number; y2: number; empty(): boolean };
      forEachChildren?: (cb: (child: Graphic) => void) => void;
    };
    const chart = (
      dom as unknown as { eemChart?: { getStage(): { width: number; height: number } & Graphic } }
    ).eemChart;
    if (!chart) throw new Error('no chart is drawn in this host');
    const stage = chart.getStage();
    const texts: DrawnText[] = [];
    const walk = (g: Graphic, path: string) => {
      if (g.attribute?.visible === false || g.attribute?.opacity === 0) return;
      const here = g.name ? `${path}/${g.name}` : path;
      if (g.type === 'text' || g.type === 'richtext') {
        const raw = g.attribute.text;
        const text = Array.isArray(raw) ? raw.join(' ') : String(raw ?? '');
        const b = g.globalAABBBounds;
        if (text.trim() !== '' && !b.empty() && g.attribute.fillOpacity !== 0)
          texts.push({
            text,
            fill: String(g.attribute.fill ?? ''),
            box: { x1: b.x1, y1: b.y1, x2: b.x2, y2: b.y2 },
            path: here,
          });
      }
      g.forEachChildren?.((child) => walk(child, here));
    };
    walk(stage, '');
    return { width: stage.width, height: stage.height, texts };
  });
}

/** Pairs of texts whose boxes overlap by more than `tolerance` pixels each way. */
export function overlapping(texts: readonly DrawnText[], tolerance = 1): [string, string][] {
  const pairs: [string, string][] = [];
  texts.forEach((a, i) => {
    for (const b of texts.slice(i + 1)) {
      const w = Math.min(a.box.x2, b.box.x2) - Math.max(a.box.x1, b.box.x1);
      const h = Math.min(a.box.y2, b.box.y2) - Math.max(a.box.y1, b.box.y1);
      if (w > tolerance && h > tolerance) pairs.push([a.text, b.text]);
    }
  });
  return pairs;
}

/** Texts whose box leaves the chart's canvas. */
export function outside(chart: DrawnChart, texts: readonly DrawnText[] = chart.texts): string[] {
  return texts
    .filter(
      (t) =>
        t.box.x1 < -0.5 || t.box.y1 < -0.5 || t.box.x2 > chart.width + 0.5 || t.box.y2 > chart.height + 0.5,
    )
    .map((t) => t.text);
}

/** The hue of a `#rrggbb` or `rgb(...)` colour in degrees. */
export function hueOf(color: string): number {
  const hex = /^#([0-9a-f]{6})$/i.exec(color.trim());
  const rgb = /^rgba?\(\s*(\d+)[,\s]+(\d+)[,\s]+(\d+)/i.exec(color.trim());
  const [r, g, b] = hex
    ? [0, 2, 4].map((k) => Number.parseInt(hex[1]?.slice(k, k + 2) ?? '0', 16) / 255)
    : rgb
      ? [rgb[1], rgb[2], rgb[3]].map((v) => Number(v) / 255)
      : [Number.NaN, Number.NaN, Number.NaN];
  if (r === undefined || g === undefined || b === undefined || Number.isNaN(r))
    throw new Error(`not a colour: ${color}`);
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (d === 0) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

/** The distance of two hues around the circle (0–180°). */
export function hueDistance(a: string, b: string): number {
  const d = Math.abs(hueOf(a) - hueOf(b)) % 360;
  return d > 180 ? 360 - d : d;
}

/** The label texts of a chart's axis at `orient` (left, bottom, ...), in drawing order. */
export function axisLabels(chart: DrawnChart, orient: 'left' | 'right' | 'bottom' | 'top'): string[] {
  return chart.texts.filter((t) => t.path.includes(`/axis-${orient}`)).map((t) => t.text);
}

/** Pie labels (shares) and legend items of a drawn pie. */
export function pieTexts(chart: DrawnChart): { labels: DrawnText[]; legend: DrawnText[] } {
  return {
    labels: chart.texts.filter((t) => t.path.includes('pie-label')),
    legend: chart.texts.filter((t) => t.path.includes('/legend/') && t.path.endsWith('legendItemLabel')),
  };
}
