/** Pie and donut charts, on the VChart core (vchart-engine.ts): no axes, no other types. */
import { registerPieChart } from '@visactor/vchart/esm/chart/pie/pie';
import { register } from './vchart-engine';

register(registerPieChart);
