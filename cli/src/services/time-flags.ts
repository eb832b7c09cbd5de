/**
 * The one reading of every time flag of eem (`--from`, `--to`, `--since`): a date means a day
 * in the project's time zone, and a time without an offset a wall time there; an ISO time with
 * an offset (or Z) means itself; a duration counts back from now. So the same command gives the
 * same range whatever the zone of the machine it runs on (TZ plays no part). The flags are
 * checked as they are parsed (usage errors name the flag); the project's zone is asked of the
 * server only when a flag needs it (`rangeZone`).
 */
import { zonedTime } from '@eem/core';
import { CliError, UsageError } from '../errors.js';
import type { ActiveSession } from './session.js';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const UNITS: Record<string, number> = { m: MINUTE, h: 60 * MINUTE, d: DAY };

/** An instant, or a wall time of the project's zone (a date is its midnight). */
export type TimeFlag =
  | { kind: 'instant'; ms: number; text: string }
  | { kind: 'wall'; parts: readonly [number, number, number, number, number, number]; text: string };

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** "30m", "24h", "7d" as milliseconds; a usage error naming the flag otherwise. */
export function parseDuration(value: string, flag: string): number {
  const m = /^(\d+)\s*([mhd])$/.exec(value.trim());
  const unit = m?.[2] === undefined ? undefined : UNITS[m[2]];
  if (!m || unit === undefined || Number(m[1]) < 1) {
    throw new UsageError(`${flag} must be a duration such as 30m, 24h or 7d (got "${value}")`);
  }
  return Number(m[1]) * unit;
}

/** `YYYY-MM-DD`, `YYYY-MM-DD HH:mm[:ss]` (the project's zone) or ISO 8601 with an offset. */
export function parseTimeFlag(value: string, flag: string): TimeFlag {
  const text = value.trim();
  const m = ISO.exec(text);
  const bad = () =>
    new UsageError(
      `${flag} must be a date (YYYY-MM-DD, a day in the project's time zone), a time of that zone (YYYY-MM-DDTHH:mm) or an ISO 8601 time with an offset (2026-03-01T08:00:00+08:00) (got "${value}")`,
    );
  if (!m) throw bad();
  const [y, mo, d, h = 0, mi = 0, s = 0] = m
    .slice(1, 7)
    .map((v) => (v === undefined ? undefined : Number(v)));
  if (y === undefined || mo === undefined || d === undefined) throw bad();
  const check = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  if (
    check.getUTCFullYear() !== y ||
    check.getUTCMonth() !== mo - 1 ||
    check.getUTCDate() !== d ||
    check.getUTCHours() !== h ||
    check.getUTCMinutes() !== mi ||
    check.getUTCSeconds() !== s
  )
    throw bad();
  const zone = m[8];
  if (zone === undefined) return { kind: 'wall', parts: [y, mo, d, h, mi, s], text };
  const millis = m[7] === undefined ? 0 : Number(m[7].padEnd(3, '0'));
  const utc = check.getTime() + millis;
  if (zone.toUpperCase() === 'Z') return { kind: 'instant', ms: utc, text };
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '').padEnd(4, '0');
  const offset = (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4))) * MINUTE;
  return { kind: 'instant', ms: utc - sign * offset, text };
}

/** The instant of a time flag; a wall time needs the project's zone. */
export function instantOf(time: TimeFlag, timeZone: string | undefined): number {
  if (time.kind === 'instant') return time.ms;
  if (timeZone === undefined) throw new Error(`${time.text}: a wall time needs a time zone`);
  return zonedTime(timeZone, ...time.parts);
}

export interface RangeFlags {
  from?: string | undefined;
  to?: string | undefined;
  since?: string | undefined;
}

export interface TimeRange {
  startTime: number;
  /** Exclusive. */
  endTime: number;
}

/** The range the flags give, before the project's zone is known. */
export interface RangeSpec {
  from?: TimeFlag;
  to?: TimeFlag;
  /** --since, or the default span, in ms back from now (when --from is not given). */
  span: number;
  /** The flag that sets the span, for the messages of the span rule. */
  spanFlag: string;
}

export interface RangeOptions {
  /** The span without flags (default 24 hours). */
  defaultSpanMs?: number;
  /** `--to` alone: a day before it (the task log), or a usage error (default). */
  toAlone?: 'day-before' | 'error';
}

/** `--from T [--to T]` or `--since D` (the last 24 hours by default), checked as flags. */
export function rangeSpec(flags: RangeFlags, options: RangeOptions = {}): RangeSpec {
  if (flags.since !== undefined && (flags.from !== undefined || flags.to !== undefined)) {
    throw new UsageError('give --since or --from/--to, not both');
  }
  if (flags.from === undefined && flags.to !== undefined && options.toAlone !== 'day-before') {
    throw new UsageError('--to needs --from (or give --since)');
  }
  const spec: RangeSpec = {
    span: flags.since === undefined ? (options.defaultSpanMs ?? DAY) : parseDuration(flags.since, '--since'),
    spanFlag: flags.from === undefined && flags.to === undefined ? '--since' : '--from to --to',
  };
  if (flags.from !== undefined) spec.from = parseTimeFlag(flags.from, '--from');
  if (flags.to !== undefined) spec.to = parseTimeFlag(flags.to, '--to');
  if (spec.from?.kind === 'instant' && spec.to?.kind === 'instant' && spec.to.ms <= spec.from.ms)
    throw new UsageError('--to must be later than --from');
  return spec;
}

/** Whether the range names a wall time (a date or a time without offset): it needs the project's zone. */
export function needsZone(spec: RangeSpec): boolean {
  return spec.from?.kind === 'wall' || spec.to?.kind === 'wall';
}

/** The range as instants; `timeZone` is the project's (needed when `needsZone`). */
export function resolveRange(spec: RangeSpec, now: number, timeZone?: string): TimeRange {
  const endTime = spec.to === undefined ? now : instantOf(spec.to, timeZone);
  const startTime =
    spec.from === undefined
      ? spec.to === undefined
        ? now - spec.span
        : endTime - DAY
      : instantOf(spec.from, timeZone);
  if (endTime <= startTime) throw new UsageError('--to must be later than --from');
  return { startTime, endTime };
}

/** The time zone of a project, as the server keeps it. */
export async function projectTimeZone(session: ActiveSession, projectId: number): Promise<string> {
  const profile = await session.client.projects.nodeData({ body: { id: projectId, modelLabel: 'project' } });
  const zone = (profile as { timeZone?: unknown }).timeZone;
  if (typeof zone !== 'string' || zone === '')
    throw new CliError(`project ${projectId} has no time zone; eem cannot place its dates`);
  return zone;
}

const zones = new WeakMap<ActiveSession, Map<number, Promise<string>>>();

/**
 * The zone of the session's current project (asked of the server once per project and
 * session), in which eem reads dates and shows times; undefined without a project.
 */
export function sessionZone(session: ActiveSession): Promise<string | undefined> {
  const projectId = session.project.id;
  if (projectId <= 0) return Promise.resolve(undefined);
  const known = zones.get(session) ?? new Map<number, Promise<string>>();
  zones.set(session, known);
  let zone = known.get(projectId);
  if (!zone) {
    zone = projectTimeZone(session, projectId);
    known.set(projectId, zone);
    zone.catch(() => known.delete(projectId));
  }
  return zone;
}

/**
 * The project's zone when the range needs it: a usage error without a current project (a
 * date has no zone then), naming the flag and what to give instead.
 */
export async function rangeZone(session: ActiveSession, spec: RangeSpec): Promise<string | undefined> {
  if (!needsZone(spec)) return undefined;
  const projectId = session.project.id;
  if (projectId <= 0) {
    const flag = spec.from?.kind === 'wall' ? '--from' : '--to';
    throw new UsageError(
      `${flag}: a date or a time without an offset is read in the project's time zone, and no project is chosen`,
      'Choose one (eem project use, --project ID), or give an ISO time with an offset: 2026-03-01T00:00:00+08:00.',
    );
  }
  return sessionZone(session);
}
