/** Sankey charts (energy flow), on the VChart core (vchart-engine.ts). */
import { registerSankeyChart } from '@visactor/vchart/esm/chart/sankey/sankey';
import { drawChart, register } from './vchart-engine';

register(registerSankeyChart);

export type { ChartHandle, ChartSpec } from './vchart-engine';
export { drawChart };
