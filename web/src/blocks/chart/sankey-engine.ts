/** Sankey charts (energy flow), on the VChart core (vchart-engine.ts). */
import { registerSankeyChart } from '@visactor/vchart/esm/chart/sankey/sankey';
import { register } from './vchart-engine';

register(registerSankeyChart);
