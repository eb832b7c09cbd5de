/**
 * VChart registered on demand, in parts: this module holds the core and what every chart
 * uses (legend, tooltip, labels) and draws; each chart type's parts come in their own module
 * (cartesian-, pie-, sankey-, waterfall-, trend-engine.ts) that registers only its type and
 * components, imported by `loadParts` when a chart of that type is first drawn (use-chart.ts):
 * a donut loads the core and the pie, never the sankey or the markers (issue 12).
 */
import { registerLabel } from '@visactor/vchart/esm/component/label/label';
import { registerDiscreteLegend } from '@visactor/vchart/esm/component/legend/discrete/legend';
import { registerTooltip } from '@visactor/vchart/esm/component/tooltip/tooltip';
import { type ISpec, VChart } from '@visactor/vchart/esm/core';
import { registerDomTooltipHandler } from '@visactor/vchart/esm/plugin/components/tooltip-handler/dom-tooltip-handler';

/**
 * Calls VChart's register functions once each (what VChart.useRegisters does, spelled as a
 * loop: the name reads like a React hook to the linter).
 */
export function register(...registers: (() => void)[]): void {
  for (const one of registers) one();
}

register(registerDiscreteLegend, registerTooltip, registerDomTooltipHandler, registerLabel);

/** The chart types' parts, by the engine a spec needs (use-chart.ts's engineOf). */
export type ChartParts = 'trend' | 'pie' | 'sankey' | 'waterfall' | 'cartesian';

const PARTS: Record<ChartParts, () => Promise<unknown>> = {
  cartesian: () => import('./cartesian-engine'),
  pie: () => import('./pie-engine'),
  sankey: () => import('./sankey-engine'),
  waterfall: () => import('./waterfall-engine'),
  trend: () => import('./trend-engine'),
};

/** Registers the parts a chart type needs (each module is imported, and registers, once). */
export async function loadParts(parts: ChartParts): Promise<void> {
  await PARTS[parts]();
}

/** A spec as the ChartPanel builds it (checked by VChart at run time). */
export interface ChartSpec {
  type: string;
  [option: string]: unknown;
}

/** What the panel needs of a drawn chart. */
export interface ChartHandle {
  update(spec: ChartSpec): void;
  /** Downloads the chart as a PNG named `name`. */
  exportPng(name: string): Promise<void>;
  release(): void;
}

/**
 * The host element's property that holds its drawn chart: the browser tests read the drawn
 * scene through it (label boxes, axis texts, colours; tests/support/charts.ts).
 */
export const CHART_PROPERTY = 'eemChart';

export function drawChart(dom: HTMLElement, spec: ChartSpec): ChartHandle {
  const chart = new VChart(spec as unknown as ISpec, { dom });
  chart.renderSync();
  Object.defineProperty(dom, CHART_PROPERTY, { value: chart, configurable: true });
  return {
    update(next) {
      void chart.updateSpec(next as unknown as ISpec);
    },
    exportPng: (name) => chart.exportImg(name),
    release: () => {
      chart.release();
      Reflect.deleteProperty(dom, CHART_PROPERTY);
    },
  };
}
