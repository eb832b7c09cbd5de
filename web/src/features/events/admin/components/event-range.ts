/** The default range of the event screens (the last 7 days, whole days) and its request fields. */
import { type TimeRangeState, type TimeRangeValue, useTimeRangeState } from '../../../../blocks/TimeRange';

/** The last 7 days on the screen's calendar, whole days. */
export function useEventRange(): TimeRangeState {
  return useTimeRangeState('day', 'last7Days');
}

export function rangeBody(range: TimeRangeValue): { startTime: number; endTime: number } {
  return { startTime: range.start, endTime: range.end };
}

/** A duration in ms as '1 h 5 min', '3 min 20 s', '12 s' or '350 ms'. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '--';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (h > 0) return m > 0 ? `${h} h ${m} min` : `${h} h`;
  if (m > 0) return rest > 0 ? `${m} min ${rest} s` : `${m} min`;
  return `${rest} s`;
}
