/**
 * The checks of the meter-entry screen, computed in the browser from a point's raw readings:
 * one row per expected 15-minute step (and per reading off that grid), gaps (an expected step
 * without reading), a counter that falls, and abnormal jumps (a step more than JUMP_FACTOR
 * times the median step; a counter's steps per 15 minutes, so a step across a gap is not a
 * jump). Filling a gap interpolates linearly between the two good readings around it.
 */
import { type QuantityKind, READING_INTERVAL_MS } from '@eem/core';

export const JUMP_FACTOR = 5;

export interface Reading {
  time: number;
  value: number;
}

export type EntryFlag = 'gap' | 'falls' | 'jump';

export interface EntryRow {
  time: number;
  /** The reading; null: an expected step without reading (a gap). */
  value: number | null;
  /** The change since the previous reading (null for the first and for gaps). */
  step: number | null;
  flag: EntryFlag | null;
}

export interface EntryRange {
  start: number;
  /** Exclusive. */
  end: number;
  /** Steps are expected up to one interval before now (a reading may come late). */
  now: number;
  kind: QuantityKind;
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The expected 15-minute steps in [start, end) up to one interval before now. */
export function expectedSteps(start: number, end: number, now: number): number[] {
  const last = Math.min(end - 1, now - READING_INTERVAL_MS);
  const out: number[] = [];
  for (
    let t = Math.ceil(start / READING_INTERVAL_MS) * READING_INTERVAL_MS;
    t <= last;
    t += READING_INTERVAL_MS
  )
    out.push(t);
  return out;
}

/** The rows of the table: every expected step and every reading, in time order, with their flags. */
export function entryRows(readings: readonly Reading[], range: EntryRange): EntryRow[] {
  const values = new Map<number, number>();
  for (const r of readings) if (r.time >= range.start && r.time < range.end) values.set(r.time, r.value);
  const times = new Set<number>([...expectedSteps(range.start, range.end, range.now), ...values.keys()]);
  const rows: EntryRow[] = [...times]
    .sort((a, b) => a - b)
    .map((time) => ({ time, value: values.get(time) ?? null, step: null, flag: null }));

  // Steps between consecutive readings; a counter's per 15 minutes for the jump rule.
  let previous: EntryRow | null = null;
  const rates: { row: EntryRow; rate: number }[] = [];
  for (const row of rows) {
    if (row.value === null) {
      row.flag = 'gap';
      continue;
    }
    if (previous && previous.value !== null) {
      row.step = row.value - previous.value;
      const slots = Math.max(1, (row.time - previous.time) / READING_INTERVAL_MS);
      rates.push({ row, rate: Math.abs(range.kind === 'cumulative' ? row.step / slots : row.step) });
    }
    previous = row;
  }
  const typical = median(rates.map((r) => r.rate));
  for (const { row, rate } of rates) {
    if (range.kind === 'cumulative' && (row.step ?? 0) < 0) row.flag = 'falls';
    else if (typical !== null && typical > 0 && rate > JUMP_FACTOR * typical) row.flag = 'jump';
  }
  return rows;
}

/** The run of gap rows around `index` (inclusive), or null when that row is no gap. */
export function gapRun(rows: readonly EntryRow[], index: number): { from: number; to: number } | null {
  if (rows[index]?.value !== null || rows[index] === undefined) return null;
  let from = index;
  let to = index;
  while (from > 0 && rows[from - 1]?.value === null) from--;
  while (to < rows.length - 1 && rows[to + 1]?.value === null) to++;
  return { from, to };
}

/**
 * The readings that fill the gap at `index`: on the straight line between the readings before
 * and after the gap, rounded to `decimals`. Null when the gap has no reading on one side.
 */
export function interpolateGap(rows: readonly EntryRow[], index: number, decimals: number): Reading[] | null {
  const run = gapRun(rows, index);
  if (!run) return null;
  const before = rows[run.from - 1];
  const after = rows[run.to + 1];
  if (!before || !after || before.value === null || after.value === null) return null;
  const a = before.value;
  const b = after.value;
  const span = after.time - before.time;
  const factor = 10 ** decimals;
  return rows.slice(run.from, run.to + 1).map((row) => ({
    time: row.time,
    value: Math.round((a + ((b - a) * (row.time - before.time)) / span) * factor) / factor,
  }));
}

/**
 * The rule of an entered value: a number, and a counter's not below 0 ('negativeCounter': the
 * server refuses it with DATALOG_MESSAGES.negativeCounter).
 */
export function valueProblem(
  value: number | null | undefined,
  kind: QuantityKind,
): 'required' | 'negativeCounter' | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'required';
  if (kind === 'cumulative' && value < 0) return 'negativeCounter';
  return null;
}
