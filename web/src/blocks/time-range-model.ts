/**
 * The model of the TimeRange block: granularities and their date-type codes, ranges as
 * [start, end) in epoch ms, presets, snapping and the span rule of @eem/core (31 days / 12
 * months / 10 years), all on ONE calendar: the screen's time zone (the project's inside a
 * project) with the project's cycle starts (the day's start time, the week's first day, the
 * month's first day, the year's first month; screens.md TimeRange: "period boundaries follow the
 * project's cycle start times from convertTime"). Date pickers draw the browser's wall clock;
 * `pickerDate` and `periodOfPickerDate` carry the calendar's wall dates into and out of them.
 */
import { CYCLE, checkSpan, DATE_TYPE, type DateType, localParts, zonedTime } from '@eem/core';

export type Granularity = 'hour' | 'day' | 'week' | 'month' | 'year';

export const GRANULARITIES: readonly Granularity[] = ['hour', 'day', 'week', 'month', 'year'];

export const GRANULARITY_DATE_TYPE: Record<Granularity, DateType> = {
  hour: DATE_TYPE.hour,
  day: DATE_TYPE.day,
  week: DATE_TYPE.week,
  month: DATE_TYPE.month,
  year: DATE_TYPE.year,
};

/** A query range: start inclusive, end exclusive, epoch ms. */
export interface TimeRangeValue {
  granularity: Granularity;
  start: number;
  end: number;
}

/** Which dates the picker refuses: none, days after today, or days before today. */
export type DateBlock = 'none' | 'future' | 'past';

export type PresetKey = 'today' | 'last7Days' | 'thisMonth' | 'thisYear';

export const PRESETS: readonly PresetKey[] = ['today', 'last7Days', 'thisMonth', 'thisYear'];

/** Where the project's periods begin (/cycleconfig): the calendar's by default. */
export interface CycleStarts {
  /** Minutes after midnight at which a day begins. */
  dayStartMinutes: number;
  /** 1 Monday .. 7 Sunday. */
  weekStartDay: number;
  /** 1..28. */
  monthStartDay: number;
  /** 1..12. */
  yearStartMonth: number;
}

export const CALENDAR_CYCLES: CycleStarts = {
  dayStartMinutes: 0,
  weekStartDay: 1,
  monthStartDay: 1,
  yearStartMonth: 1,
};

/** A time zone and the cycle starts of its periods. */
export interface Calendar {
  timeZone: string;
  cycles: CycleStarts;
}

/** A zone alone means the plain calendar of that zone. */
export type CalendarLike = Calendar | string;

/** A key that changes when the calendar does (zone or cycle starts). */
export function calendarKey(calendar: Calendar): string {
  const c = calendar.cycles;
  return `${calendar.timeZone}|${c.dayStartMinutes}|${c.weekStartDay}|${c.monthStartDay}|${c.yearStartMonth}`;
}

export function calendarOf(value: CalendarLike): Calendar {
  return typeof value === 'string' ? { timeZone: value, cycles: CALENDAR_CYCLES } : value;
}

/** The cycle starts read from convertTime's answer for one instant (cycles 12, 13, 14, 17). */
export function cyclesFromStarts(
  starts: readonly { cycle: number; startTime: number }[],
  timeZone: string,
): CycleStarts {
  const at = (cycle: number) => starts.find((s) => s.cycle === cycle)?.startTime;
  const out = { ...CALENDAR_CYCLES };
  const day = at(CYCLE.day);
  if (day !== undefined) {
    const p = localParts(day, timeZone);
    out.dayStartMinutes = p.hour * 60 + p.minute;
  }
  const week = at(CYCLE.week);
  if (week !== undefined) out.weekStartDay = localParts(week, timeZone).weekday;
  const month = at(CYCLE.month);
  if (month !== undefined) out.monthStartDay = Math.min(28, localParts(month, timeZone).day);
  const year = at(CYCLE.year);
  if (year !== undefined) out.yearStartMonth = localParts(year, timeZone).month;
  return out;
}

type Unit = 'day' | 'week' | 'month' | 'year';

interface WallDate {
  year: number;
  month: number;
  day: number;
}

/** A wall date moved by days or months (normalised through UTC arithmetic). */
function shiftWall(d: WallDate, months: number, days: number): WallDate {
  const t = new Date(Date.UTC(d.year, d.month - 1 + months, d.day + days));
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

/** The instant a day beginning on the wall date starts (the cycle's day start time). */
function dayStartOf(d: WallDate, cal: Calendar): number {
  const minutes = cal.cycles.dayStartMinutes;
  return zonedTime(cal.timeZone, d.year, d.month, d.day, Math.floor(minutes / 60), minutes % 60);
}

/** The wall date of the (cycle) day containing `ms`. */
function dayOf(ms: number, cal: Calendar): WallDate {
  const p = localParts(ms, cal.timeZone);
  const today = { year: p.year, month: p.month, day: p.day };
  return dayStartOf(today, cal) <= ms ? today : shiftWall(today, 0, -1);
}

/** The first wall date of the period of `unit` containing the day `d`. */
function periodFirstDay(d: WallDate, unit: Unit, cal: Calendar): WallDate {
  const { weekStartDay, monthStartDay, yearStartMonth } = cal.cycles;
  switch (unit) {
    case 'day':
      return d;
    case 'week': {
      const weekday = ((new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() + 6) % 7) + 1;
      return shiftWall(d, 0, -((weekday - weekStartDay + 7) % 7));
    }
    case 'month': {
      const first = { year: d.year, month: d.month, day: monthStartDay };
      return d.day >= monthStartDay ? first : shiftWall(first, -1, 0);
    }
    case 'year': {
      const first = { year: d.year, month: yearStartMonth, day: monthStartDay };
      const started = d.month > yearStartMonth || (d.month === yearStartMonth && d.day >= monthStartDay);
      return started ? first : shiftWall(first, -12, 0);
    }
  }
}

/** The start of the period of `unit` containing `ms`. */
export function startOfPeriod(ms: number, unit: Unit, calendar: CalendarLike): number {
  const cal = calendarOf(calendar);
  return dayStartOf(periodFirstDay(dayOf(ms, cal), unit, cal), cal);
}

/** The start of the period `n` periods after the one beginning at `periodStart`. */
export function addPeriods(periodStart: number, unit: Unit, n: number, calendar: CalendarLike): number {
  const cal = calendarOf(calendar);
  const d = dayOf(periodStart, cal);
  const moved =
    unit === 'day'
      ? shiftWall(d, 0, n)
      : unit === 'week'
        ? shiftWall(d, 0, 7 * n)
        : shiftWall(d, unit === 'month' ? n : 12 * n, 0);
  return dayStartOf(moved, cal);
}

export function startOfDay(ms: number, calendar: CalendarLike): number {
  return startOfPeriod(ms, 'day', calendar);
}

export function addDays(dayStart: number, days: number, calendar: CalendarLike): number {
  return addPeriods(dayStart, 'day', days, calendar);
}

/** The range of a preset at `now`. */
export function presetRange(
  preset: PresetKey,
  now: number,
  calendar: CalendarLike,
): { start: number; end: number } {
  const today = startOfDay(now, calendar);
  switch (preset) {
    case 'today':
      return { start: today, end: addDays(today, 1, calendar) };
    case 'last7Days':
      return { start: addDays(today, -6, calendar), end: addDays(today, 1, calendar) };
    case 'thisMonth': {
      const month = startOfPeriod(now, 'month', calendar);
      return { start: month, end: addPeriods(month, 'month', 1, calendar) };
    }
    case 'thisYear': {
      const year = startOfPeriod(now, 'year', calendar);
      return { start: year, end: addPeriods(year, 'year', 1, calendar) };
    }
  }
}

/** The period the picker works in for a granularity: days, months or years. */
export function pickerUnit(granularity: Granularity): 'day' | 'month' | 'year' {
  return granularity === 'year' ? 'year' : granularity === 'month' ? 'month' : 'day';
}

/**
 * Snaps a range to whole periods of the granularity: whole days for hour, day and week,
 * whole months, whole years. The end stays exclusive and after the start.
 */
export function snapRange(
  granularity: Granularity,
  start: number,
  end: number,
  calendar: CalendarLike,
): { start: number; end: number } {
  const unit = pickerUnit(granularity);
  const last = Math.max(start, end - 1);
  return {
    start: startOfPeriod(start, unit, calendar),
    end: addPeriods(startOfPeriod(last, unit, calendar), unit, 1, calendar),
  };
}

/** The span message of @eem/core for the range (counted on the calendar's zone), or null. */
export function spanError(value: TimeRangeValue, calendar: CalendarLike): string | null {
  return checkSpan(
    value.start,
    value.end,
    GRANULARITY_DATE_TYPE[value.granularity],
    calendarOf(calendar).timeZone,
  );
}

/**
 * After a preset: keep the granularity when the span fits it, else take the first allowed
 * granularity that fits (this year with day granularity becomes month).
 */
export function fitGranularity(
  current: Granularity,
  allowed: readonly Granularity[],
  start: number,
  end: number,
  calendar: CalendarLike,
): Granularity {
  const zone = calendarOf(calendar).timeZone;
  if (checkSpan(start, end, GRANULARITY_DATE_TYPE[current], zone) === null) return current;
  return allowed.find((g) => checkSpan(start, end, GRANULARITY_DATE_TYPE[g], zone) === null) ?? current;
}

/** The Date a picker shows for the period beginning at `periodStart` (its first wall date). */
export function pickerDate(periodStart: number, calendar: CalendarLike): Date {
  const d = dayOf(periodStart, calendarOf(calendar));
  return new Date(d.year, d.month - 1, d.day);
}

/** The start of the period of `unit` a picked cell (a browser-local Date) stands for. */
export function periodOfPickerDate(
  date: Date,
  unit: 'day' | 'month' | 'year',
  calendar: CalendarLike,
): number {
  const cal = calendarOf(calendar);
  const wall = { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() };
  const first =
    unit === 'day'
      ? wall
      : unit === 'month'
        ? { ...wall, day: cal.cycles.monthStartDay }
        : { year: wall.year, month: cal.cycles.yearStartMonth, day: cal.cycles.monthStartDay };
  return dayStartOf(first, cal);
}

/** The Dates a picker shows for a range: its first and its last period. */
export function pickerRange(value: TimeRangeValue, calendar: CalendarLike): [Date, Date] {
  const unit = pickerUnit(value.granularity);
  const lastStart = Math.max(value.start, addPeriods(value.end, unit, -1, calendar));
  return [pickerDate(value.start, calendar), pickerDate(lastStart, calendar)];
}

/**
 * Whether the picker refuses a cell (a browser-local Date): with 'future', periods after the
 * current day, month or year (by the picker's unit) on the calendar; with 'past', before it.
 */
export function isDateBlocked(
  date: Date,
  block: DateBlock,
  now: number,
  unit: 'day' | 'month' | 'year',
  calendar: CalendarLike,
): boolean {
  if (block === 'none') return false;
  const cell = periodOfPickerDate(date, unit, calendar);
  const current = startOfPeriod(now, unit, calendar);
  return block === 'future' ? cell > current : cell < current;
}

/** The same range one year earlier (YoY, 同比) or the equal stretch just before it (MoM, 环比). */
export function compareRange(
  value: TimeRangeValue,
  kind: 'yoy' | 'mom',
  calendar: CalendarLike,
): { start: number; end: number } {
  if (kind === 'yoy')
    return {
      start: addPeriods(value.start, 'year', -1, calendar),
      end: addPeriods(value.end, 'year', -1, calendar),
    };
  const unit = pickerUnit(value.granularity);
  let periods = 0;
  for (let at = value.start; at < value.end && periods < 400; at = addPeriods(at, unit, 1, calendar))
    periods++;
  return { start: addPeriods(value.start, unit, -periods, calendar), end: value.start };
}

/** The same wall-clock time `months` months and `days` days later in the calendar's zone. */
export function shiftWallTime(ms: number, months: number, days: number, calendar: CalendarLike): number {
  const zone = calendarOf(calendar).timeZone;
  const p = localParts(ms, zone);
  const millis = ((ms % 1000) + 1000) % 1000;
  return zonedTime(zone, p.year, p.month + months, p.day + days, p.hour, p.minute, p.second) + millis;
}

/**
 * Moves a time of the compare range onto the main range, by wall clock (a reading at 08:00 on
 * 14 May last year sits at 08:00 on 14 May this year, across daylight-saving changes).
 */
export function compareShift(
  value: TimeRangeValue,
  kind: 'yoy' | 'mom',
  calendar: CalendarLike,
): (ms: number) => number {
  if (kind === 'yoy') return (ms) => shiftWallTime(ms, 12, 0, calendar);
  const unit = pickerUnit(value.granularity);
  const from = compareRange(value, kind, calendar);
  let periods = 0;
  for (let at = from.start; at < value.start && periods < 400; at = addPeriods(at, unit, 1, calendar))
    periods++;
  return unit === 'day'
    ? (ms) => shiftWallTime(ms, 0, periods, calendar)
    : (ms) => shiftWallTime(ms, unit === 'month' ? periods : 12 * periods, 0, calendar);
}
