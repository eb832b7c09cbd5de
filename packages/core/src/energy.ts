/**
 * The energy data core (issue 15), declared once for contract, server, simulator, console and
 * CLI: the energy types with their base units and standard-coal factors, the accounting cycle
 * (day start hour, week start day, month start day, year start month) and the periods it
 * makes in a project's time zone, year-on-year and month-on-month periods, time-of-use bands,
 * seasons, day types and effective-dated versions, the itemised (分项) categories, the limits
 * and the messages of the energy calls. Pure: no I/O.
 */
import { localParts, zonedTime } from './calendar.js';
import { bucketStarts } from './datalog.js';
import { decimalPlaces } from './rules.js';
import { DATE_TYPE, type DateType } from './time.js';

// ------------------------------------------------------------------ energy types

export type EnergyKind = 'metered' | 'manual' | 'aggregate';

export interface EnergyTypeDefinition {
  /** The code (the node enumeration `energytype` for metered types). */
  code: number;
  name: string;
  enName: string;
  /** The unit readings and entries are stored in. */
  baseUnit: string;
  /** metered: meters measure it; manual: entered by hand (/energyEntry); aggregate: tce. */
  kind: EnergyKind;
  /**
   * Tonnes of standard coal equivalent per base unit: the reference coefficients of
   * GB/T 2589-2020 (electricity at its equivalent value, 0.1229 kgce/kWh). A project or the
   * platform may override them (/unitTransition).
   */
  coalFactor: number;
  /** The cumulative quantity (data id) whose increase is this type's consumption on a meter. */
  dataId: number | null;
  /** Display units users pick from, with the multiplier from the base unit. */
  units: readonly { unit: string; multiplier: number }[];
}

export const ENERGY_TYPE = {
  electricity: 2,
  water: 3,
  standardCoal: 13,
  gas: 15,
  steam: 16,
  compressedAir: 18,
  rawCoal: 21,
  diesel: 22,
  lpg: 23,
  purchasedSteam: 24,
} as const;

const e = (
  code: number,
  name: string,
  enName: string,
  baseUnit: string,
  kind: EnergyKind,
  coalFactor: number,
  dataId: number | null,
  units: { unit: string; multiplier: number }[],
): EnergyTypeDefinition => ({ code, name, enName, baseUnit, kind, coalFactor, dataId, units });

/** Every energy type the platform knows, metered first. */
export const ENERGY_TYPES: readonly EnergyTypeDefinition[] = [
  e(2, '电', 'Electricity', 'kWh', 'metered', 0.000_122_9, 1000, [
    { unit: 'kWh', multiplier: 1 },
    { unit: 'MWh', multiplier: 0.001 },
    { unit: 'GWh', multiplier: 0.000_001 },
  ]),
  e(3, '水', 'Water', 'm³', 'metered', 0.000_257_1, 4000, [
    { unit: 'm³', multiplier: 1 },
    { unit: 't', multiplier: 1 },
    { unit: '10³ m³', multiplier: 0.001 },
  ]),
  e(15, '天然气', 'Natural gas', 'm³', 'metered', 0.001_214_3, 4001, [
    { unit: 'm³', multiplier: 1 },
    { unit: '10³ m³', multiplier: 0.001 },
    { unit: '10⁴ m³', multiplier: 0.0001 },
  ]),
  e(16, '蒸汽', 'Steam', 't', 'metered', 0.128_6, 4002, [
    { unit: 't', multiplier: 1 },
    { unit: 'kg', multiplier: 1000 },
    { unit: 'GJ', multiplier: 2.8 },
  ]),
  e(18, '压缩空气', 'Compressed air', 'm³', 'metered', 0.000_04, 4003, [
    { unit: 'm³', multiplier: 1 },
    { unit: '10³ m³', multiplier: 0.001 },
  ]),
  e(21, '原煤', 'Raw coal', 't', 'manual', 0.714_3, null, [
    { unit: 't', multiplier: 1 },
    { unit: 'kg', multiplier: 1000 },
  ]),
  e(22, '柴油', 'Diesel', 't', 'manual', 1.457_1, null, [
    { unit: 't', multiplier: 1 },
    { unit: 'kg', multiplier: 1000 },
  ]),
  e(23, '液化石油气', 'LPG', 't', 'manual', 1.714_3, null, [
    { unit: 't', multiplier: 1 },
    { unit: 'kg', multiplier: 1000 },
  ]),
  e(24, '外购蒸汽', 'Purchased steam', 't', 'manual', 0.128_6, null, [
    { unit: 't', multiplier: 1 },
    { unit: 'GJ', multiplier: 2.8 },
  ]),
  e(13, '标准煤', 'Standard coal', 'tce', 'aggregate', 1, null, [
    { unit: 'tce', multiplier: 1 },
    { unit: 'kgce', multiplier: 1000 },
  ]),
];

export const ENERGY_TYPE_CODES = ENERGY_TYPES.map((t) => t.code);

export function energyTypeOf(code: number): EnergyTypeDefinition | undefined {
  return ENERGY_TYPES.find((t) => t.code === code);
}

export function energyTypeName(code: number, language: 'zh' | 'en' = 'en'): string {
  const type = energyTypeOf(code);
  if (!type) return String(code);
  return language === 'zh' ? type.name : type.enName;
}

/** The energy type whose consumption a meter's cumulative quantity `dataId` measures. */
export function energyTypeOfDataId(dataId: number): number | undefined {
  return ENERGY_TYPES.find((t) => t.dataId === dataId)?.code;
}

// ------------------------------------------------------------------ accounting cycle

/** The accounting cycle of a project (/cycleconfig). */
export interface CycleSettings {
  /** The local hour a day starts at, 0..23. */
  dayStartHour: number;
  /** The weekday a week starts on, 1 Monday .. 7 Sunday. */
  weekStartDay: number;
  /** The day of the month a month starts on, 1..28. */
  monthStartDay: number;
  /** The month a year starts in, 1..12. */
  yearStartMonth: number;
}

export const DEFAULT_CYCLE: CycleSettings = {
  dayStartHour: 0,
  weekStartDay: 1,
  monthStartDay: 1,
  yearStartMonth: 1,
};

export const CYCLE_LIMITS = {
  dayStartHour: [0, 23],
  weekStartDay: [1, 7],
  monthStartDay: [1, 28],
  yearStartMonth: [1, 12],
} as const satisfies Record<keyof CycleSettings, readonly [number, number]>;

export const CYCLE_MESSAGES = {
  dayStartHour: 'dayStartHour: the day start hour must be 0 to 23',
  weekStartDay: 'weekStartDay: the week start day must be 1 (Monday) to 7 (Sunday)',
  monthStartDay: 'monthStartDay: the month start day must be 1 to 28',
  yearStartMonth: 'yearStartMonth: the year start month must be 1 to 12',
} as const satisfies Record<keyof CycleSettings, string>;

/** The message of the first field out of range, or null. */
export function checkCycle(cycle: CycleSettings): string | null {
  for (const key of Object.keys(CYCLE_LIMITS) as (keyof CycleSettings)[]) {
    const [min, max] = CYCLE_LIMITS[key];
    const value = cycle[key];
    if (!Number.isInteger(value) || value < min || value > max) return CYCLE_MESSAGES[key];
  }
  return null;
}

export type PeriodUnit = 'hour' | 'day' | 'week' | 'month' | 'year';

/** The spec's date-type codes (7 hour, 1 day, 2 week, 3 month, 5 year) as period units. */
export const DATE_TYPE_UNITS: Record<DateType, PeriodUnit> = {
  [DATE_TYPE.hour]: 'hour',
  [DATE_TYPE.day]: 'day',
  [DATE_TYPE.week]: 'week',
  [DATE_TYPE.month]: 'month',
  [DATE_TYPE.year]: 'year',
};

export const PERIOD_DATE_TYPES: Record<PeriodUnit, DateType> = {
  hour: DATE_TYPE.hour,
  day: DATE_TYPE.day,
  week: DATE_TYPE.week,
  month: DATE_TYPE.month,
  year: DATE_TYPE.year,
};

/** The local date (y, m, d) whose accounting day contains `ms`: before the start hour it is the day before. */
function dayLabel(ms: number, timeZone: string, cycle: CycleSettings): { y: number; m: number; d: number } {
  const p = localParts(ms, timeZone);
  const start = zonedTime(timeZone, p.year, p.month, p.day, cycle.dayStartHour);
  if (ms >= start) return { y: p.year, m: p.month, d: p.day };
  const before = new Date(Date.UTC(p.year, p.month - 1, p.day - 1));
  return { y: before.getUTCFullYear(), m: before.getUTCMonth() + 1, d: before.getUTCDate() };
}

const weekdayOf = (y: number, m: number, d: number) =>
  ((new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7) + 1;

/**
 * The start of the accounting period of `unit` containing `ms` in `timeZone`: local hours;
 * days from the day start hour; weeks from the week start day; months from the month start
 * day; years from the month start day of the year start month. A period is named by its
 * start: with month start day 26, "March" runs from 26 March to 25 April.
 */
export function periodStart(ms: number, unit: PeriodUnit, timeZone: string, cycle: CycleSettings): number {
  if (unit === 'hour') return bucketStarts(ms, ms + 1, '1h', timeZone)[0] as number;
  const h = cycle.dayStartHour;
  const day = dayLabel(ms, timeZone, cycle);
  if (unit === 'day') return zonedTime(timeZone, day.y, day.m, day.d, h);
  if (unit === 'week') {
    const back = (weekdayOf(day.y, day.m, day.d) - cycle.weekStartDay + 7) % 7;
    return zonedTime(timeZone, day.y, day.m, day.d - back, h);
  }
  const D = cycle.monthStartDay;
  if (unit === 'month') {
    const start = zonedTime(timeZone, day.y, day.m, D, h);
    return ms >= start ? start : zonedTime(timeZone, day.y, day.m - 1, D, h);
  }
  const M = cycle.yearStartMonth;
  const start = zonedTime(timeZone, day.y, M, D, h);
  return ms >= start ? start : zonedTime(timeZone, day.y - 1, M, D, h);
}

/** The label of a period start: the local date (and hour) it was made from. */
export interface PeriodLabel {
  year: number;
  month: number;
  day: number;
  hour: number;
}

/** The local date of a period start (a start moved by a daylight-saving gap keeps its date). */
export function periodLabel(start: number, timeZone: string): PeriodLabel {
  const p = localParts(start, timeZone);
  return { year: p.year, month: p.month, day: p.day, hour: p.hour };
}

/** The start of the period after the one starting at `start`. */
export function nextPeriodStart(
  start: number,
  unit: PeriodUnit,
  timeZone: string,
  cycle: CycleSettings,
): number {
  if (unit === 'hour') {
    const hours = bucketStarts(start, start + 2 * 3_600_000, '1h', timeZone);
    return hours.find((t) => t > start) ?? start + 3_600_000;
  }
  // The label of a start: its local date, or the day before when a gap moved it past midnight.
  const day = dayLabel(start, timeZone, cycle);
  const h = cycle.dayStartHour;
  switch (unit) {
    case 'day':
      return zonedTime(timeZone, day.y, day.m, day.d + 1, h);
    case 'week':
      return zonedTime(timeZone, day.y, day.m, day.d + 7, h);
    case 'month':
      return zonedTime(timeZone, day.y, day.m + 1, cycle.monthStartDay, h);
    case 'year':
      return zonedTime(timeZone, day.y + 1, day.m, cycle.monthStartDay, h);
  }
}

/** The period starts covering [from, to): the first at or before `from`, each after the one before. */
export function periodStarts(
  from: number,
  to: number,
  unit: PeriodUnit,
  timeZone: string,
  cycle: CycleSettings,
): number[] {
  if (unit === 'hour') return bucketStarts(from, to, '1h', timeZone);
  const out: number[] = [];
  let t = periodStart(from, unit, timeZone, cycle);
  while (t < to) {
    out.push(t);
    t = nextPeriodStart(t, unit, timeZone, cycle);
  }
  return out;
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The start of the same period one year earlier (29 February: the 28th; a week: 52 weeks before). */
export function yearEarlier(start: number, unit: PeriodUnit, timeZone: string, cycle: CycleSettings): number {
  if (unit === 'week') return periodStart(start - 364 * 86_400_000, 'week', timeZone, cycle);
  if (unit === 'hour') {
    const p = localParts(start, timeZone);
    const at = zonedTime(
      timeZone,
      p.year - 1,
      p.month,
      Math.min(p.day, daysIn(p.year - 1, p.month)),
      p.hour,
      p.minute,
    );
    return periodStart(at, 'hour', timeZone, cycle);
  }
  const d = dayLabel(start, timeZone, cycle);
  const at = zonedTime(timeZone, d.y - 1, d.m, Math.min(d.d, daysIn(d.y - 1, d.m)), cycle.dayStartHour);
  return periodStart(at, unit, timeZone, cycle);
}

/** The start of the period before the one starting at `start` (month-on-month). */
export function periodBefore(
  start: number,
  unit: PeriodUnit,
  timeZone: string,
  cycle: CycleSettings,
): number {
  return periodStart(start - 1, unit, timeZone, cycle);
}

/** The start of the month period named year/month (its start day and hour), in `timeZone`. */
export function monthPeriod(year: number, month: number, timeZone: string, cycle: CycleSettings): number {
  return zonedTime(timeZone, year, month, cycle.monthStartDay, cycle.dayStartHour);
}

/** The 12 month periods of the accounting year named `year`: [year, month] from the year start month. */
export function monthsOfYear(year: number, cycle: CycleSettings): { year: number; month: number }[] {
  return Array.from({ length: 12 }, (_, i) => {
    const m = cycle.yearStartMonth - 1 + i;
    return { year: year + Math.floor(m / 12), month: (m % 12) + 1 };
  });
}

/** The accounting year (by its start) containing `ms`. */
export function yearOf(ms: number, timeZone: string, cycle: CycleSettings): number {
  return periodLabel(periodStart(ms, 'year', timeZone, cycle), timeZone).year;
}

/** Change in percent from `base` to `value`; null when either is missing or the base is 0. */
export function changeRate(value: number | null, base: number | null): number | null {
  if (value === null || base === null || base === 0) return null;
  return Math.round(((value - base) / Math.abs(base)) * 100 * 100) / 100;
}

// ------------------------------------------------------------------ time of use

/** Time-of-use bands: sharp (尖), peak (峰), flat (平), valley (谷). */
export const TOU_BANDS = { sharp: 1, peak: 2, flat: 3, valley: 4 } as const;
export type TouBand = (typeof TOU_BANDS)[keyof typeof TOU_BANDS];
export const TOU_BAND_CODES: readonly TouBand[] = [1, 2, 3, 4];
export const TOU_BAND_KEYS = ['sharp', 'peak', 'flat', 'valley'] as const;
export type TouBandKey = (typeof TOU_BAND_KEYS)[number];

export const TOU_BAND_NAMES: Record<TouBand, readonly [zh: string, en: string]> = {
  1: ['尖', 'Sharp'],
  2: ['峰', 'Peak'],
  3: ['平', 'Flat'],
  4: ['谷', 'Valley'],
};

/** Quarter hours of a day: a band strip has one band per quarter hour. */
export const SLOTS_PER_DAY = 96;
export const SLOT_MINUTES = 15;

/** A stretch of a day in one band, in minutes from local midnight: [start, end). */
export interface TouPeriod {
  band: TouBand;
  start: number;
  end: number;
}

/** A season of a scheme version: recurring month-days (inclusive, may wrap over New Year). */
export interface TouSeason {
  name: string;
  /** 'MM-DD'. */
  start: string;
  /** 'MM-DD', inclusive. */
  end: string;
  /** The bands of a working day and of a holiday (weekends and the listed holidays). */
  workday: TouPeriod[];
  holiday: TouPeriod[];
}

/** What one version of a scheme says. */
export interface TouDefinition {
  seasons: TouSeason[];
  /** Dates that are holidays ('YYYY-MM-DD'), besides the weekends. */
  holidays: string[];
  /** Weekend dates that are working days (adjusted working days, 调休). */
  workdays: string[];
}

export const TOU_LIMITS = {
  /** A band's start and end are minutes of the day, 0 to this. */
  dayMinutes: 1440,
  schemeName: 20,
  seasonName: 20,
  seasons: 12,
  periodsPerDay: SLOTS_PER_DAY,
  holidays: 200,
  versions: 50,
  schemes: 100,
  bindNodes: 2_000,
} as const;

export const TOU_MESSAGES = {
  quarterHour: 'start and end must be on a quarter hour (00, 15, 30, 45)',
  order: 'end must be later than start',
  overlap: 'the periods overlap',
  coverage: 'the periods must cover the whole day (00:00 to 24:00) with no gap',
  seasonDate: 'start and end must be month-days like 03-01',
  seasonCoverage: 'the seasons must cover every day of the year exactly once',
  seasonsRequired: 'add at least one season',
  dateFormat: 'dates must look like 2026-10-01',
  versionOrder: 'the expiry must not be before the effective date',
  versionOpen: 'set the expiry of the previous version before adding a new one',
  versionOverlap: 'the versions overlap; a version starts after the one before expires',
  versionsRequired: 'add at least one version',
} as const;

/** The message of a day's periods that do not cover 00:00..24:00 exactly once on quarter hours, or null. */
export function checkTouDay(periods: readonly TouPeriod[]): string | null {
  for (const p of periods) {
    if (p.start % SLOT_MINUTES !== 0 || p.end % SLOT_MINUTES !== 0) return TOU_MESSAGES.quarterHour;
    if (!(p.end > p.start)) return TOU_MESSAGES.order;
    if (p.start < 0 || p.end > TOU_LIMITS.dayMinutes) return TOU_MESSAGES.coverage;
  }
  const sorted = [...periods].sort((a, b) => a.start - b.start);
  let at = 0;
  for (const p of sorted) {
    if (p.start < at) return TOU_MESSAGES.overlap;
    if (p.start > at) return TOU_MESSAGES.coverage;
    at = p.end;
  }
  return at === TOU_LIMITS.dayMinutes ? null : TOU_MESSAGES.coverage;
}

/** The band of each quarter hour of a day (96), from periods that passed checkTouDay. */
export function bandStrip(periods: readonly TouPeriod[]): TouBand[] {
  const strip: TouBand[] = new Array(SLOTS_PER_DAY).fill(TOU_BANDS.flat);
  for (const p of periods)
    for (let s = p.start / SLOT_MINUTES; s < p.end / SLOT_MINUTES; s++) strip[s] = p.band;
  return strip;
}

/** A strip as periods: one per run of equal bands. */
export function stripPeriods(strip: readonly TouBand[]): TouPeriod[] {
  const out: TouPeriod[] = [];
  for (let s = 0; s < strip.length; s++) {
    const band = strip[s] as TouBand;
    const last = out.at(-1);
    if (last && last.band === band) last.end = (s + 1) * SLOT_MINUTES;
    else out.push({ band, start: s * SLOT_MINUTES, end: (s + 1) * SLOT_MINUTES });
  }
  return out;
}

const MONTH_DAY = /^(\d{2})-(\d{2})$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** 'MM-DD' as the index of the day in a leap year (0..365), or null. */
export function monthDayIndex(text: string): number | null {
  const m = MONTH_DAY.exec(text);
  if (!m) return null;
  const month = Number(m[1]);
  const day = Number(m[2]);
  if (month < 1 || month > 12 || day < 1 || day > (DAYS_IN_MONTH[month - 1] as number)) return null;
  let index = day - 1;
  for (let i = 0; i < month - 1; i++) index += DAYS_IN_MONTH[i] as number;
  return index;
}

/** Whether 'YYYY-MM-DD' names a real date. */
export function isDateText(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

/** The days (leap-year indexes) of a season, wrapping over New Year when end < start. */
function seasonDays(start: number, end: number): number[] {
  const out: number[] = [];
  for (let d = start; ; d = (d + 1) % 366) {
    out.push(d);
    if (d === end || out.length > 366) break;
  }
  return out;
}

/** The message of seasons that do not cover every month-day exactly once (or whose days are bad), or null. */
export function checkSeasons(seasons: readonly Pick<TouSeason, 'start' | 'end'>[]): string | null {
  if (seasons.length === 0) return TOU_MESSAGES.seasonsRequired;
  const covered = new Array(366).fill(0);
  for (const s of seasons) {
    const a = monthDayIndex(s.start);
    const b = monthDayIndex(s.end);
    if (a === null || b === null) return TOU_MESSAGES.seasonDate;
    for (const d of seasonDays(a, b)) covered[d]++;
  }
  return covered.every((n) => n === 1) ? null : TOU_MESSAGES.seasonCoverage;
}

/** Where a definition breaks a rule (a path into it) and the rule's message. */
export interface TouProblem {
  path: (string | number)[];
  message: string;
}

/** The first problem of a whole definition (seasons, each day's periods, the dates), or null. */
export function checkTouDefinition(definition: TouDefinition): TouProblem | null {
  const seasons = checkSeasons(definition.seasons);
  if (seasons) return { path: ['seasons'], message: seasons };
  for (const [i, s] of definition.seasons.entries()) {
    for (const day of ['workday', 'holiday'] as const) {
      const problem = checkTouDay(s[day]);
      if (problem) return { path: ['seasons', i, day], message: problem };
    }
  }
  for (const key of ['holidays', 'workdays'] as const) {
    const i = definition[key].findIndex((d) => !isDateText(d));
    if (i >= 0) return { path: [key, i], message: TOU_MESSAGES.dateFormat };
  }
  return null;
}

/** A definition ready to answer the band of a local time quickly. */
export interface TouCalendar {
  /** The band of a local time. */
  bandAt(p: {
    year: number;
    month: number;
    day: number;
    hour: number;
    minute: number;
    weekday: number;
  }): TouBand;
}

export function touCalendar(definition: TouDefinition): TouCalendar {
  const bySeasonDay: { workday: TouBand[]; holiday: TouBand[] }[] = new Array(366);
  for (const s of definition.seasons) {
    const strips = { workday: bandStrip(s.workday), holiday: bandStrip(s.holiday) };
    const a = monthDayIndex(s.start) as number;
    const b = monthDayIndex(s.end) as number;
    for (const d of seasonDays(a, b)) bySeasonDay[d] = strips;
  }
  const holidays = new Set(definition.holidays);
  const workdays = new Set(definition.workdays);
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    bandAt(p) {
      let index = p.day - 1;
      for (let i = 0; i < p.month - 1; i++) index += DAYS_IN_MONTH[i] as number;
      const strips = bySeasonDay[index] ?? bySeasonDay[0];
      if (!strips) return TOU_BANDS.flat;
      const date = `${p.year}-${two(p.month)}-${two(p.day)}`;
      const weekend = p.weekday >= 6;
      const holiday = holidays.has(date) || (weekend && !workdays.has(date));
      const slot = p.hour * 4 + Math.floor(p.minute / SLOT_MINUTES);
      return (holiday ? strips.holiday : strips.workday)[slot] as TouBand;
    },
  };
}

/** A version of a scheme: effective from a local day (its start) to an inclusive last day (its start), or open. */
export interface TouVersionSpan {
  effectiveFrom: number;
  effectiveTo: number | null;
}

export type TouVersionStatus = 'inEffect' | 'notInEffect' | 'expired';

/** The status chip of a version at `now`; `toEnd` is the instant its last day ends (null: open). */
export function touVersionStatus(
  span: { effectiveFrom: number; toEnd: number | null },
  now: number,
): TouVersionStatus {
  if (now < span.effectiveFrom) return 'notInEffect';
  if (span.toEnd !== null && now >= span.toEnd) return 'expired';
  return 'inEffect';
}

/**
 * The message of a scheme's versions that break the editor's rules, or null: each expiry on or
 * after its effective date; sorted by effective date, every version but the last has an expiry
 * (a new version cannot be added while the previous one has a blank expiry), and a version
 * starts after the one before expires.
 */
export function checkTouVersions(versions: readonly TouVersionSpan[]): string | null {
  if (versions.length === 0) return TOU_MESSAGES.versionsRequired;
  for (const v of versions)
    if (v.effectiveTo !== null && v.effectiveTo < v.effectiveFrom) return TOU_MESSAGES.versionOrder;
  const sorted = [...versions].sort((a, b) => a.effectiveFrom - b.effectiveFrom);
  for (let i = 0; i + 1 < sorted.length; i++) {
    const v = sorted[i] as TouVersionSpan;
    const next = sorted[i + 1] as TouVersionSpan;
    if (v.effectiveTo === null) return TOU_MESSAGES.versionOpen;
    if (next.effectiveFrom <= v.effectiveTo) return TOU_MESSAGES.versionOverlap;
  }
  return null;
}

// ------------------------------------------------------------------ itemised consumption (分项)

/** The itemised categories of building electricity (分项能耗) and their sub-items. */
export const ENERGY_ITEMS = {
  A: {
    name: ['照明插座用电', 'Lighting and sockets'],
    subItems: {
      A1: ['照明与插座', 'Lighting and sockets'],
      A2: ['走廊与应急', 'Corridors and emergency'],
      A3: ['室外景观照明', 'Outdoor lighting'],
    },
  },
  B: {
    name: ['空调用电', 'HVAC'],
    subItems: { B1: ['冷热站', 'Chiller and heating plant'], B2: ['空调末端', 'Air-conditioning terminals'] },
  },
  C: {
    name: ['动力用电', 'Power'],
    subItems: { C1: ['电梯', 'Lifts'], C2: ['水泵', 'Water pumps'], C3: ['通风机', 'Fans'] },
  },
  D: {
    name: ['特殊用电', 'Special'],
    subItems: {
      D1: ['信息中心', 'Data centre'],
      D2: ['洗衣房', 'Laundry'],
      D3: ['厨房餐厅', 'Kitchen and canteen'],
      D4: ['游泳池', 'Swimming pool'],
      D5: ['健身房', 'Gym'],
      D6: ['其他', 'Other'],
    },
  },
} as const satisfies Record<
  string,
  { name: readonly [string, string]; subItems: Record<string, readonly [string, string]> }
>;

export type EnergyItem = keyof typeof ENERGY_ITEMS;
export const ENERGY_SUB_ITEMS: readonly string[] = Object.values(ENERGY_ITEMS).flatMap((i) =>
  Object.keys(i.subItems),
);

export function isEnergySubItem(code: string): boolean {
  return ENERGY_SUB_ITEMS.includes(code);
}

/** The item (A..D) of a sub-item code. */
export function itemOf(subItem: string): EnergyItem | undefined {
  const letter = subItem.charAt(0) as EnergyItem;
  return letter in ENERGY_ITEMS && isEnergySubItem(subItem) ? letter : undefined;
}

// ------------------------------------------------------------------ attribution

/**
 * Splits a change of consumption from E0 (output Q0) to E1 (output Q1) into the effect of
 * output and the effect of intensity: output effect (Q1 − Q0) × I0, intensity effect
 * (I1 − I0) × Q1 with I = E / Q; the two add up to E1 − E0. Null without output in both periods.
 */
export function factorSplit(
  e0: number,
  e1: number,
  q0: number,
  q1: number,
): { outputEffect: number; intensityEffect: number; intensity0: number; intensity1: number } | null {
  if (!(q0 > 0) || !(q1 > 0)) return null;
  const i0 = e0 / q0;
  const i1 = e1 / q1;
  return { outputEffect: (q1 - q0) * i0, intensityEffect: (i1 - i0) * q1, intensity0: i0, intensity1: i1 };
}

// ------------------------------------------------------------------ limits and messages

export const ENERGY_LIMITS = {
  /** Nodes of one analysis query (screens: ≤ 6). */
  nodes: 6,
  /** Periods of a period comparison. */
  periods: 6,
  /** Nodes of one scripting query or export (energy/consume/*). */
  bulkNodes: 200,
  /** Values (nodes × periods) of one answer. */
  maxValues: 500_000,
  /** The longest ranking. */
  topMax: 50,
  /** Levels of the Sankey below its root. */
  flowDepth: 4,
  /** The default imbalance tolerance of /energyBalance, in percent. */
  balanceTolerance: 5,
  /** Meters bound to one node. */
  meterBindings: 500,
  /** Connections of one project and energy type. */
  connections: 5_000,
  /** Cells of one save of manual entries, production or plans. */
  cellsPerSave: 5_000,
  /** Favourite nodes of a user in a project. */
  favorites: 500,
  /** Days of history the load forecast reads (the spec: ≤ 31). */
  forecastHistoryDays: 28,
  /** Rows of one import workbook. */
  importRows: 50_000,
  /** Products of a project. */
  products: 500,
  /** A remark of a manual entry. */
  remark: 200,
  /** A unit text. */
  unit: 20,
} as const;

/** Spans of the scripting calls by period unit (days on the project's calendar). */
export const BULK_SPAN_DAYS: Record<PeriodUnit, number> = {
  hour: 92,
  day: 1_100,
  week: 1_100,
  month: 3_660,
  year: 3_660,
};

export const ENERGY_MESSAGES = {
  nodesRequired: 'nodes: choose at least one node',
  tooManyNodes: (max: number) => `nodes: choose at most ${max} nodes`,
  tooManyPeriods: (max: number) => `periods: compare at most ${max} periods`,
  unknownNode: (id: number) => `nodes: node ${id} does not exist in this project`,
  hiddenNode: (name: string) => `nodes: no permission for node ${name}`,
  noScheme: (name: string) =>
    `nodes: no time-of-use scheme applies to ${name}; bind a scheme to it or to a node above it (/timesharingconfig)`,
  touElectricity: 'energyType: time-of-use splits are kept for electricity only',
  unknownEnergyType: (code: number) => `energyType: ${code} is not an energy type`,
  bulkSpan: (unit: PeriodUnit) =>
    `endTime: the span of a query by ${unit} cannot exceed ${BULK_SPAN_DAYS[unit]} days`,
  tooManyValues: (count: number, max: number) =>
    `the answer would hold ${count} values; at most ${max} at a time: choose fewer nodes, a longer cycle or a shorter range`,
  ownMeterRequired: (name: string) =>
    `nodeId: ${name} has no meter of its own; its consumption is the sum of its children, so there is nothing to balance`,
  resplitRunning: 'a time-of-use re-split is running for this project; change the schemes when it has ended',
  futureEntry: 'period: values cannot be entered for a future period',
  futureActual: 'month: actual output cannot be entered for a future month',
  selfConnection: 'connections: a node cannot feed itself',
  connectionCycle: (names: string) => `connections: the connections form a cycle (${names})`,
  schemeInUse: (nodes: number) => `the scheme is bound to ${nodes} nodes; unbind them before deleting it`,
  schemeNameTaken: 'name: a scheme with this name exists',
  productNameTaken: 'name: a product with this name exists',
  productInUse: 'the product has production values; delete them before deleting the product',
  meterEnergyType: (meter: string, type: string) =>
    `meters: ${meter} measures ${type}; choose that energy type`,
  notAMeter: (id: number) => `meters: node ${id} is not a meter of this project`,
  coefficient:
    'coef: the coefficient must be a non-zero number from -1000000 to 1000000 with at most 6 decimal places',
  samePeriodsCycle: 'periods: all periods must have the same granularity',
  forecastElectricity: 'nodeId: load forecasts are made for electricity',
  noHistory: (name: string) => `nodeId: ${name} has no readings in the last 28 days to forecast from`,
} as const;

/** A signed coefficient: non-zero, |value| ≤ 1e6, at most 6 decimal places. */
export function isCoefficient(value: number): boolean {
  if (!Number.isFinite(value) || value === 0 || Math.abs(value) > 1_000_000) return false;
  return decimalPlaces(Math.abs(value)) <= 6;
}

/** The display value of a base-unit value: × the unit multiplier, rounded to 6 places. */
export function displayValue(base: number, multiplier: number): number {
  return Math.round(base * multiplier * 1e6) / 1e6;
}
