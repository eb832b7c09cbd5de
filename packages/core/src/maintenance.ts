/**
 * Maintenance plans (issue 18; screens.md §2.10 /servicePlan, /serviceProject): the cycles, when
 * each occurrence of a plan falls (on the project's calendar), and the plan rules.
 */
import { localParts, zonedTime } from './calendar.js';
import { NAME_LIMITS } from './rules.js';
import { HOUR_MS } from './workorders.js';

/**
 * How often a plan recurs (platform-core §9's periods, and by running hours). Calendar cycles
 * keep the first execution's local wall time; a monthly plan on the 31st falls on the last day
 * of shorter months. By running hours: every `cycleHours` hours the devices are in service.
 */
export const PLAN_CYCLES = ['daily', 'weekly', 'monthly', 'quarterly', 'yearly', 'runningHours'] as const;
export type PlanCycle = (typeof PLAN_CYCLES)[number];

export const PLAN_CYCLE_LABELS: Record<PlanCycle, [zh: string, en: string]> = {
  daily: ['每天', 'Daily'],
  weekly: ['每周', 'Weekly'],
  monthly: ['每月', 'Monthly'],
  quarterly: ['每季度', 'Quarterly'],
  yearly: ['每年', 'Yearly'],
  runningHours: ['按运行小时', 'By running hours'],
};

export const PLAN_LIMITS = {
  nameMax: NAME_LIMITS.name,
  /** The first execution is at least this far ahead (platform-core §5: now + 15 minutes). */
  firstExecutionLeadMs: 15 * 60_000,
  devicesMax: 200,
  itemsMax: 50,
  /** Running hours between two orders. */
  cycleHoursMax: 100_000,
  /** Orders one plan generates in one run of the scheduler (a long gap catches up run by run). */
  catchUpMax: 100,
  /** Maintenance items: name 1–50, device type name ≤ 20, texts ≤ 255. */
  itemNameMax: NAME_LIMITS.name,
  itemTypeMax: NAME_LIMITS.typeName,
  itemTextMax: NAME_LIMITS.text,
} as const;

export const PLAN_MESSAGES = {
  firstExecution: 'firstTime: the first execution must be at least 15 minutes from now',
  cycleHours: 'cycleHours: by running hours needs the hours between two orders (1 to 100000)',
  atLeastOneDevice: 'deviceIds: choose at least one device',
  atLeastOneItem: 'itemIds: choose at least one maintenance item',
} as const;

function addMonths(year: number, month: number, add: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + add;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The time of occurrence `index` (0: the first execution) of a plan, on the project's calendar:
 * counted from the first execution each time (no drift: a monthly plan of the 31st is back on
 * the 31st after February).
 */
export function planOccurrence(
  firstTime: number,
  cycle: PlanCycle,
  index: number,
  timeZone: string,
  cycleHours: number | null = null,
): number {
  if (index === 0) return firstTime;
  if (cycle === 'runningHours') return firstTime + index * (cycleHours ?? 1) * HOUR_MS;
  const p = localParts(firstTime, timeZone);
  const millis = ((firstTime % 1000) + 1000) % 1000;
  if (cycle === 'daily' || cycle === 'weekly') {
    const days = index * (cycle === 'daily' ? 1 : 7);
    return zonedTime(timeZone, p.year, p.month, p.day + days, p.hour, p.minute, p.second) + millis;
  }
  const months = index * (cycle === 'monthly' ? 1 : cycle === 'quarterly' ? 3 : 12);
  const { year, month } = addMonths(p.year, p.month, months);
  const day = Math.min(p.day, daysIn(year, month));
  return zonedTime(timeZone, year, month, day, p.hour, p.minute, p.second) + millis;
}

/** The index and time of the first occurrence at or after `from` (the next one of a plan). */
export function nextOccurrence(
  firstTime: number,
  cycle: PlanCycle,
  from: number,
  timeZone: string,
  cycleHours: number | null = null,
): { index: number; time: number } {
  if (from <= firstTime) return { index: 0, time: firstTime };
  // A cheap estimate, then steps: never more than a few.
  const approx =
    cycle === 'runningHours'
      ? (cycleHours ?? 1) * HOUR_MS
      : {
          daily: 86_400_000,
          weekly: 7 * 86_400_000,
          monthly: 28 * 86_400_000,
          quarterly: 89 * 86_400_000,
          yearly: 365 * 86_400_000,
        }[cycle];
  let index = Math.max(0, Math.floor((from - firstTime) / approx) - 1);
  while (index > 0 && planOccurrence(firstTime, cycle, index, timeZone, cycleHours) >= from) index--;
  while (planOccurrence(firstTime, cycle, index, timeZone, cycleHours) < from) index++;
  return { index, time: planOccurrence(firstTime, cycle, index, timeZone, cycleHours) };
}
