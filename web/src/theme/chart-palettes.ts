/**
 * Chart palettes for VChart in both themes. Chart components pass `chartTheme(theme)` into
 * the spec (`color`, `background`) and the VChart theme name into the chart options.
 */
import { type ThemeMode, useTheme } from './theme';

export const CHART_PALETTES: Record<ThemeMode, readonly string[]> = {
  light: [
    '#1664ff',
    '#1ac6ff',
    '#ff8a00',
    '#3cc780',
    '#7442d4',
    '#ffc400',
    '#304d77',
    '#b48df3',
    '#009488',
    '#ff7dda',
  ],
  dark: [
    '#3d8bff',
    '#33d6ff',
    '#ffa033',
    '#5ee09a',
    '#9a6bff',
    '#ffd633',
    '#8fb2e6',
    '#c9aaff',
    '#2ec7b7',
    '#ff9fe5',
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
