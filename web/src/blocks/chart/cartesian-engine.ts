/** Line and bar charts with their axes and crosshair, on the VChart core (vchart-engine.ts). */
import { registerBarChart } from '@visactor/vchart/esm/chart/bar/bar';
import { registerLineChart } from '@visactor/vchart/esm/chart/line/line';
import { registerCartesianBandAxis } from '@visactor/vchart/esm/component/axis/cartesian/band-axis';
import { registerCartesianLinearAxis } from '@visactor/vchart/esm/component/axis/cartesian/linear-axis';
import { registerCartesianCrossHair } from '@visactor/vchart/esm/component/crosshair/cartesian';
import { register } from './vchart-engine';

register(
  registerLineChart,
  registerBarChart,
  registerCartesianLinearAxis,
  registerCartesianBandAxis,
  registerCartesianCrossHair,
);
