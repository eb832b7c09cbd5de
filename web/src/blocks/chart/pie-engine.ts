/** Pie and donut charts, on the VChart core (vchart-engine.ts): no axes, no other types. */
import { registerPieChart } from '@visactor/vchart/esm/chart/pie/pie';
import { drawChart, register } from './vchart-engine';

register(registerPieChart);

export type { ChartHandle, ChartSpec } from './vchart-engine';
export { drawChart };
