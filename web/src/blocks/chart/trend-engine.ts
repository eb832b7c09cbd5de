/**
 * The trend chart's drawing: the base VChart engine (line, axes, legend, tooltip, crosshair)
 * plus what a trend needs beyond it, registered when a trend is first drawn: the common chart
 * (one value axis per unit) and the max/min/avg markers.
 */
import { registerCommonChart } from '@visactor/vchart/esm/chart/common/common';
import { registerMarkLine } from '@visactor/vchart/esm/component/marker/mark-line/cartesian-mark-line';
import { registerMarkPoint } from '@visactor/vchart/esm/component/marker/mark-point/cartesian-mark-point';
import { drawChart } from './vchart-engine';

for (const register of [registerCommonChart, registerMarkLine, registerMarkPoint]) {
  register();
}

export type { ChartHandle, ChartSpec } from './vchart-engine';
export { drawChart };
