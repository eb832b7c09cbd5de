/** The default range of the event screens (the last 7 days, whole days) and its request fields. */

import { type TimeRangeState, type TimeRangeValue, useTimeRangeState } from '../../../../blocks/TimeRange';
import type { Language } from '../../../../i18n/language';

/** The last 7 days on the screen's calendar, whole days. */
export function useEventRange(): TimeRangeState {
  return useTimeRangeState('day', 'last7Days');
}

export function rangeBody(range: TimeRangeValue): { startTime: number; endTime: number } {
  return { startTime: range.start, endTime: range.end };
}

/** The units of a duration, by language. */
const DURATION_UNITS: Record<Language, { h: string; min: string; s: string; ms: string }> = {
  zh: { h: '小时', min: '分钟', s: '秒', ms: '毫秒' },
  en: { h: 'h', min: 'min', s: 's', ms: 'ms' },
};

/** A duration in ms as '1 h 5 min', '3 min 20 s', '12 s' or '350 ms' ('1 小时 5 分钟'… in Chinese). */
export function formatDuration(ms: number, language: Language): string {
  if (!Number.isFinite(ms) || ms < 0) return '--';
  const u = DURATION_UNITS[language];
  if (ms < 1000) return `${Math.round(ms)} ${u.ms}`;
  const s = Math.round(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (h > 0) return m > 0 ? `${h} ${u.h} ${m} ${u.min}` : `${h} ${u.h}`;
  if (m > 0) return rest > 0 ? `${m} ${u.min} ${rest} ${u.s}` : `${m} ${u.min}`;
  return `${rest} ${u.s}`;
}
