/**
 * The range state of a screen (a preset at a granularity on the screen's calendar), apart from
 * the TimeRange picker so that a screen that keeps a range without showing the picker does not
 * load the date picker.
 */
import { useCallback } from 'react';
import {
  type Calendar,
  type Granularity,
  type PresetKey,
  presetRange,
  type TimeRangeValue,
} from './time-range-model';
import { useCalendarState } from './use-calendar';

/** A range for a screen: a preset at a granularity on a calendar. */
export function initialTimeRange(
  granularity: Granularity,
  preset: PresetKey,
  calendar: Calendar | string,
  now: number = Date.now(),
): TimeRangeValue {
  return { granularity, ...presetRange(preset, now, calendar) };
}

export interface TimeRangeState {
  /** The range being edited. */
  range: TimeRangeValue;
  setRange: (value: TimeRangeValue) => void;
  /** The range last applied (queried): the default until `apply` is called. */
  applied: TimeRangeValue;
  /** Applies the given range, or the edited one. */
  apply: (value?: TimeRangeValue) => void;
  calendar: Calendar;
  /** False while the screen's zone or cycle starts are being read. */
  ready: boolean;
}

/**
 * The range state of a screen, starting at a preset on the screen's calendar. Until the user
 * changes it, it follows the calendar (the project's zone arrives after the first render).
 */
export function useTimeRangeState(
  granularity: Granularity,
  preset: PresetKey,
  given?: TimeRangeValue,
): TimeRangeState {
  const make = (calendar: Calendar) => given ?? initialTimeRange(granularity, preset, calendar);
  const [range, setRange, { calendar, ready }] = useCalendarState(make);
  // What was applied: the default (following the calendar) until the user applies a range.
  const [applied, setApplied] = useCalendarState(make);
  const apply = useCallback((value?: TimeRangeValue) => setApplied(value ?? range), [range, setApplied]);
  return { range, setRange, applied, apply, calendar, ready };
}
