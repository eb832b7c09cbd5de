/**
 * Alarm colours (platform-core §3): 5 event levels (1 accident, 2 alarm, 3 general,
 * 4 warning, 5 other) and 4 warning levels, each in the light and the dark theme.
 */
import { normalizeEventClass } from '@eem/core';
import { type ThemeMode, useTheme } from './theme';

export type EventLevel = 1 | 2 | 3 | 4 | 5;
export type WarningLevel = 1 | 2 | 3 | 4;

export const EVENT_LEVEL_COLORS: Record<ThemeMode, Record<EventLevel, string>> = {
  light: { 1: '#d52515', 2: '#f26d00', 3: '#0064fa', 4: '#e8a800', 5: '#6b7075' },
  dark: { 1: '#ff5c4d', 2: '#ff9a2e', 3: '#4d9cff', 4: '#ffd24d', 5: '#a7abb0' },
};

/** Warning levels 1 (most severe) to 4. */
export const WARNING_LEVEL_COLORS: Record<ThemeMode, Record<WarningLevel, string>> = {
  light: { 1: '#c2185b', 2: '#c84800', 3: '#c79100', 4: '#2e7d32' },
  dark: { 1: '#ff6fa5', 2: '#ff9e5e', 3: '#ffe066', 4: '#6fd67a' },
};

export interface AlarmColors {
  /** Colour of an event level or class (0 is treated as 4, unknown as 5). */
  event(level: unknown): string;
  /** Colour of a warning level 1 to 4 (out of range: the least severe). */
  warning(level: unknown): string;
  events: Record<EventLevel, string>;
  warnings: Record<WarningLevel, string>;
}

export function alarmColors(theme: ThemeMode): AlarmColors {
  const events = EVENT_LEVEL_COLORS[theme];
  const warnings = WARNING_LEVEL_COLORS[theme];
  return {
    events,
    warnings,
    event: (level) => events[normalizeEventClass(level)],
    warning: (level) => {
      const n = Number(level);
      return n === 1 || n === 2 || n === 3 || n === 4 ? warnings[n] : warnings[4];
    },
  };
}

/** Black or white text, whichever reads better on a `#rrggbb` background. */
export function textOn(background: string): string {
  const hex = /^#([0-9a-f]{6})$/i.exec(background)?.[1];
  if (!hex) return '#ffffff';
  // The WCAG relative luminance; the text colour of the higher contrast ratio wins.
  const luminance = relativeLuminance(hex);
  const onWhite = 1.05 / (luminance + 0.05);
  const onDark = (luminance + 0.05) / (relativeLuminance('1c1f23') + 0.05);
  return onDark > onWhite ? '#1c1f23' : '#ffffff';
}

/** WCAG 2 relative luminance of an `rrggbb` colour. */
function relativeLuminance(hex: string): number {
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const CACHE: Record<ThemeMode, AlarmColors> = { light: alarmColors('light'), dark: alarmColors('dark') };

/** The alarm colours of the current theme. */
export function useAlarmColors(): AlarmColors {
  return CACHE[useTheme().theme];
}
