/**
 * Chart palettes for VChart in both themes. Chart components pass `chartTheme(theme)` into
 * the spec (`color`, `background`) and the VChart theme name into the chart options.
 */
import { type ThemeMode, useTheme } from './theme';

/**
 * Ten hues in an order where neighbours differ most (blue, orange, green, crimson, purple,
 * teal, gold, brown, pink, slate): the first series of a chart never share a family, so
 * active and reactive power, or today and yesterday, read apart. Light: deep tones on white;
 * dark: the same hues lighter, on the dark cards (chart-palettes.test.ts checks the hues).
 */
export const CHART_PALETTES: Record<ThemeMode, readonly string[]> = {
  light: [
    '#1664ff',
    '#f57c00',
    '#1b9e5a',
    '#d6336c',
    '#7442d4',
    '#00a3a3',
    '#b8860b',
    '#8c564b',
    '#e377c2',
    '#5c6b7a',
  ],
  dark: [
    '#5b9bff',
    '#ffa040',
    '#4cd38a',
    '#ff6b9a',
    '#a980ff',
    '#2ed3d3',
    '#ffd24d',
    '#c99a80',
    '#ff9fe5',
    '#a7b4c2',
  ],
};

export interface ChartTheme {
  /** VChart's built-in theme name. */
  vchartTheme: ThemeMode;
  palette: readonly string[];
  background: string;
  text: string;
  grid: string;
}

export const CHART_THEMES: Record<ThemeMode, ChartTheme> = {
  light: {
    vchartTheme: 'light',
    palette: CHART_PALETTES.light,
    background: 'transparent',
    text: '#1c1f23',
    grid: '#e6e8ea',
  },
  dark: {
    vchartTheme: 'dark',
    palette: CHART_PALETTES.dark,
    background: 'transparent',
    text: '#e4e7ec',
    grid: '#2e3238',
  },
};

export function chartTheme(theme: ThemeMode): ChartTheme {
  return CHART_THEMES[theme];
}

/** The chart palette and colours of the current theme. */
export function useChartTheme(): ChartTheme {
  return CHART_THEMES[useTheme().theme];
}
