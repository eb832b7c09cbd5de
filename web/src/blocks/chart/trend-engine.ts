/**
 * The trend chart's drawing: the cartesian engine (line, axes, crosshair; legend and tooltip
 * from the core) plus what a trend needs beyond it, registered when a trend is first drawn: the common chart
 * (one value axis per unit) and the max/min/avg markers.
 */
import { registerCommonChart } from '@visactor/vchart/esm/chart/common/common';
import { registerMarkLine } from '@visactor/vchart/esm/component/marker/mark-line/cartesian-mark-line';
import { registerMarkPoint } from '@visactor/vchart/esm/component/marker/mark-point/cartesian-mark-point';
import './cartesian-engine';
import { register } from './vchart-engine';

register(registerCommonChart, registerMarkLine, registerMarkPoint);
