/** Waterfall charts (energy attribution) with their axes, on the VChart core (vchart-engine.ts). */
import { registerWaterfallChart } from '@visactor/vchart/esm/chart/waterfall/waterfall';
import { registerCartesianBandAxis } from '@visactor/vchart/esm/component/axis/cartesian/band-axis';
import { registerCartesianLinearAxis } from '@visactor/vchart/esm/component/axis/cartesian/linear-axis';
import { register } from './vchart-engine';

register(registerWaterfallChart, registerCartesianLinearAxis, registerCartesianBandAxis);
