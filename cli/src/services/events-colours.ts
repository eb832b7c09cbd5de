/**
 * The alarm colours of event levels and classes (1 accident, 2 alarm, 3 general, 4 warning,
 * 5 other) on a terminal: the dark theme's values of the web console
 * (web/src/theme/alarm-colors.ts, EVENT_LEVEL_COLORS.dark), since terminals are mostly dark.
 * chalk brings them down to 256 or 16 colours where the terminal has fewer; no colour at all
 * where colour is off (the palette's level 0).
 */
import { EVENT_CLASS_LABELS, type EventClass, normalizeEventClass } from '@eem/core';
import type { Palette } from '../output/colour.js';

export const ALARM_COLOURS: Record<EventClass, string> = {
  1: '#ff5c4d',
  2: '#ff9a2e',
  3: '#4d9cff',
  4: '#ffd24d',
  5: '#a7abb0',
};

/** The colour of a level or class (0 counts as 4, anything unknown as 5). */
export function alarmColour(level: unknown): string {
  return ALARM_COLOURS[normalizeEventClass(level)];
}

/** `text` in the colour of `level`; bold for the two most severe. */
export function paintLevel(palette: Palette, level: unknown, text: string): string {
  const n = normalizeEventClass(level);
  const coloured = palette.hex(ALARM_COLOURS[n]);
  return n <= 2 ? coloured.bold(text) : coloured(text);
}

/** The name of an event class ("Alarm", "报警"). */
export function className(eventClass: unknown, language: 'zh' | 'en' = 'en'): string {
  const [zh, en] = EVENT_CLASS_LABELS[normalizeEventClass(eventClass)];
  return language === 'zh' ? zh : en;
}
