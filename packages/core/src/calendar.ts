/**
 * Calendar arithmetic in an IANA time zone with nothing but Intl: the local parts of an
 * instant, the instant of a local wall time (daylight-saving correct, also for half-hour
 * offsets), and the start of the day, week (Monday), month or year containing an instant.
 */

export interface LocalParts {
  year: number;
  month: number; // 1..12
  day: number;
  hour: number;
  minute: number;
  second: number;
  weekday: number; // 1 Monday .. 7 Sunday
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

export function localParts(ms: number, timeZone: string): LocalParts {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(ms))) parts[p.type] = p.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS[parts.weekday ?? 'Mon'] ?? 1,
  };
}

/** Offsets already computed, per zone and instant (a pure function of both), bounded. */
const offsets = new Map<string, Map<number, number>>();
const OFFSETS_KEPT = 200_000;

/**
 * The zone's offset from UTC in ms at an instant. Kept per instant: calendar arithmetic asks
 * for the same instants again and again (a year of days probes each midnight several times),
 * and Intl's formatting is what such loops spend their time on.
 */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  let zone = offsets.get(timeZone);
  if (!zone) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  const known = zone.get(ms);
  if (known !== undefined) return known;
  const p = localParts(ms, timeZone);
  const offset =
    Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - Math.floor(ms / 1000) * 1000;
  if (zone.size >= OFFSETS_KEPT) zone.clear();
  zone.set(ms, offset);
  return offset;
}

/**
 * The instant of a local wall time. A time skipped by a daylight-saving jump resolves to the
 * first valid instant after it; a repeated time resolves to its first occurrence.
 */
export function zonedTime(
  timeZone: string,
  year: number,
  month: number,
  day = 1,
  hour = 0,
  minute = 0,
  second = 0,
): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const candidates = new Set<number>();
  for (const probe of [wall - 86_400_000, wall, wall + 86_400_000]) {
    candidates.add(wall - zoneOffsetMs(probe, timeZone));
  }
  const exact = [...candidates].filter((c) => wall - zoneOffsetMs(c, timeZone) === c).sort((a, b) => a - b);
  if (exact[0] !== undefined) return exact[0];
  // In a gap: the wall time does not exist; take the instant right after the jump.
  const before = wall - zoneOffsetMs(wall - 86_400_000, timeZone);
  const after = wall - zoneOffsetMs(wall + 86_400_000, timeZone);
  return Math.max(before, after);
}

export type CalendarUnit = 'hour' | 'day' | 'week' | 'month' | 'year';

export function startOf(ms: number, unit: CalendarUnit, timeZone: string): number {
  const p = localParts(ms, timeZone);
  switch (unit) {
    case 'hour':
      return zonedTime(timeZone, p.year, p.month, p.day, p.hour);
    case 'day':
      return zonedTime(timeZone, p.year, p.month, p.day);
    case 'week': {
      const monday = new Date(Date.UTC(p.year, p.month - 1, p.day - (p.weekday - 1)));
      return zonedTime(timeZone, monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate());
    }
    case 'month':
      return zonedTime(timeZone, p.year, p.month, 1);
    case 'year':
      return zonedTime(timeZone, p.year, 1, 1);
  }
}
