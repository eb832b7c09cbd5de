/**
 * The flags of `eem events list|count|confirm --all-matching` and `eem notices tail`, checked
 * before anything is sent: statuses, levels, classes and types as lists, node ids, the time
 * range (`--since` or `--from`/`--to`), the keyword and `--limit`; the filter they make is
 * checked by the contract's own schema (contract-flags.ts).
 */
import type { EventFilter } from '@eem/contract';
import { eventFilter } from '@eem/contract/areas/events';
import { EVENT_CLASS, EVENT_LEVELS, EVENT_STATUS, EVENT_STATUS_LABELS, LOG_TYPE_NAMES } from '@eem/core';
import { UsageError } from '../errors.js';
import { checkFlags, checkRange } from './contract-flags.js';
import { needsZone, rangeSpec, resolveRange } from './time-flags.js';

export const DEFAULT_LIMIT = 50;

/** The words of a comma list, trimmed, without empty ones; a usage error when there are none. */
function words(value: string, flag: string, example: string): string[] {
  const list = value
    .split(',')
    .map((w) => w.trim())
    .filter((w) => w !== '');
  if (list.length === 0) throw new UsageError(`${flag} must list values, e.g. ${flag} ${example}`);
  return list;
}

/**
 * A comma list of numbers or names, each one of `allowed` (names map to their number); the
 * usage error names the flag and what it accepts.
 */
function choiceList(
  value: string,
  flag: string,
  allowed: readonly number[],
  names: Readonly<Record<string, number>>,
  example: string,
): number[] {
  const out: number[] = [];
  const accepted = [...allowed.map(String), ...Object.keys(names)].join(', ');
  for (const word of words(value, flag, example)) {
    const n = /^\d+$/.test(word) ? Number(word) : names[word.toLowerCase()];
    if (n === undefined || !allowed.includes(n)) {
      throw new UsageError(`${flag} accepts ${accepted} (got "${word}")`);
    }
    if (!out.includes(n)) out.push(n);
  }
  return out;
}

/** `--status pending,processing,confirmed` (or 1,2,3). */
export function parseStatuses(value: string): number[] {
  return choiceList(value, '--status', Object.values(EVENT_STATUS), EVENT_STATUS, 'pending,processing');
}

/** `--level 1,2` (1 most severe to 5). */
export function parseLevels(value: string): number[] {
  return choiceList(value, '--level', EVENT_LEVELS, {}, '1,2');
}

/** `--class 1,2` or `--class accident,alarm` (1 accident, 2 alarm, 3 general, 4 warning, 5 other). */
export function parseClasses(value: string): number[] {
  return choiceList(value, '--class', Object.values(EVENT_CLASS), EVENT_CLASS, '1,2');
}

/** `--type 701,704`: event (log) types of the catalogue. */
export function parseTypes(value: string): number[] {
  const known = Object.keys(LOG_TYPE_NAMES).map(Number);
  const out: number[] = [];
  for (const word of words(value, '--type', '701,704')) {
    const n = Number(word);
    if (!/^\d+$/.test(word) || !known.includes(n)) {
      throw new UsageError(
        `--type accepts event types ${Math.min(...known.filter((t) => t >= 700))} to ${Math.max(...known)} (and 200, plain notices) (got "${word}")`,
      );
    }
    if (!out.includes(n)) out.push(n);
  }
  return out;
}

/** `--node 12,13`: node ids (events of these nodes and their subtrees). */
export function parseNodeIds(value: string): number[] {
  const out: number[] = [];
  for (const word of words(value, '--node', '12,13')) {
    const n = Number(word);
    if (!/^\d+$/.test(word) || n < 1 || !Number.isSafeInteger(n)) {
      throw new UsageError(`--node must list node ids, positive whole numbers (got "${word}")`);
    }
    if (!out.includes(n)) out.push(n);
  }
  return out;
}

/** `--limit N`: 1 or more. */
export function parseLimit(value: string | undefined): number {
  if (value === undefined) return DEFAULT_LIMIT;
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < 1 || !Number.isSafeInteger(n)) {
    throw new UsageError(`--limit must be a whole number of 1 or more (got "${value}")`);
  }
  return n;
}

export interface FilterFlags {
  status?: string | undefined;
  level?: string | undefined;
  type?: string | undefined;
  node?: string | undefined;
  since?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  keyword?: string | undefined;
}

/** The flag of each field of the event filter, for the contract's messages. */
const FILTER_FLAGS = {
  startTime: '--from',
  endTime: '--to',
  keyword: '--keyword',
  nodeIds: '--node',
  logTypes: '--type',
  levels: '--level',
  statuses: '--status',
};

/**
 * The event filter of the flags (the last 24 hours by default), checked by the contract's
 * event filter and the server's span rule (core checkSpan: at most 31 days). A date is a day
 * of `timeZone`, the project's (time-flags.ts).
 */
export function eventFilterOf(flags: FilterFlags, now: number, timeZone: string | undefined): EventFilter {
  const spec = rangeSpec(flags);
  const range = resolveRange(spec, now, timeZone);
  checkRange(range, spec.spanFlag);
  const filter: EventFilter = {
    startTime: range.startTime,
    endTime: range.endTime,
    statuses: flags.status === undefined ? [] : parseStatuses(flags.status),
    levels: flags.level === undefined ? [] : parseLevels(flags.level),
    logTypes: flags.type === undefined ? [] : parseTypes(flags.type),
    nodeIds: flags.node === undefined ? [] : parseNodeIds(flags.node),
    eventClasses: [],
    keyword: flags.keyword?.trim() ?? '',
  };
  return checkFlags(eventFilter, filter, FILTER_FLAGS);
}

/**
 * The flags checked before the project's zone is known (before anything is sent): a date is
 * taken as a UTC day here, where only its form and the span matter.
 */
export function checkEventFlags(flags: FilterFlags, now: number): EventFilter {
  return eventFilterOf(flags, now, needsZone(rangeSpec(flags)) ? 'UTC' : undefined);
}

/** Event ids given as arguments (`eem events confirm 12 13` or `12,13`). */
export function parseEventIds(values: readonly string[]): number[] {
  const out: number[] = [];
  for (const word of values.flatMap((v) => v.split(',')).map((w) => w.trim())) {
    if (word === '') continue;
    const n = Number(word);
    if (!/^\d+$/.test(word) || n < 1 || !Number.isSafeInteger(n)) {
      throw new UsageError(`ID must be an event id, a positive whole number (got "${word}")`);
    }
    if (!out.includes(n)) out.push(n);
  }
  return out;
}

export const STATUS_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(EVENT_STATUS_LABELS).map(([k, [, en]]) => [Number(k), en.toLowerCase()]),
);
