/**
 * VChart registered on demand: the core and only the chart types and components the
 * ChartPanel draws (line, bar, pie, sankey, waterfall; axes, legend, tooltip, crosshair, labels), never the
 * whole library.
 */
import { registerBarChart } from '@visactor/vchart/esm/chart/bar/bar';
import { registerLineChart } from '@visactor/vchart/esm/chart/line/line';
import { registerPieChart } from '@visactor/vchart/esm/chart/pie/pie';
import { registerSankeyChart } from '@visactor/vchart/esm/chart/sankey/sankey';
import { registerWaterfallChart } from '@visactor/vchart/esm/chart/waterfall/waterfall';
import { registerCartesianBandAxis } from '@visactor/vchart/esm/component/axis/cartesian/band-axis';
import { registerCartesianLinearAxis } from '@visactor/vchart/esm/component/axis/cartesian/linear-axis';
import { registerCartesianCrossHair } from '@visactor/vchart/esm/component/crosshair/cartesian';
import { registerLabel } from '@visactor/vchart/esm/component/label/label';
import { registerDiscreteLegend } from '@visactor/vchart/esm/component/legend/discrete/legend';
import { registerTooltip } from '@visactor/vchart/esm/component/tooltip/tooltip';
import { type ISpec, VChart } from '@visactor/vchart/esm/core';
import { registerDomTooltipHandler } from '@visactor/vchart/esm/plugin/components/tooltip-handler/dom-tooltip-handler';

// What VChart.useRegisters does, spelled as a loop (the name reads like a React hook to the linter).
for (const register of [
  registerLineChart,
  registerBarChart,
  registerPieChart,
  registerSankeyChart,
  registerWaterfallChart,
  registerCartesianLinearAxis,
  registerCartesianBandAxis,
  registerCartesianCrossHair,
  registerDiscreteLegend,
  registerTooltip,
  registerDomTooltipHandler,
  registerLabel,
]) {
  register();
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

export function drawChart(dom: HTMLElement, spec: ChartSpec): ChartHandle {
  const chart = new VChart(spec as unknown as ISpec, { dom });
  chart.renderSync();
  return {
    update(next) {
      void chart.updateSpec(next as unknown as ISpec);
    },
    exportPng: (name) => chart.exportImg(name),
    release: () => chart.release(),
  };
}
