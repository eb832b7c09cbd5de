/**
 * Demand from readings (ADR 0022): the quarter-hour rollup of each inlet kept up to date from
 * the stored readings of its meter's active power (data id 2000), the live values of the
 * current interval kept in memory, and what the calls and the bill read from them. The maths
 * is core's (demand.ts); this file only feeds it.
 *
 * The rollup is caught up on demand (before any read of an inlet's demand) and in the
 * background; a quarter hour is rolled once the reading at its end is stored. Edits of the
 * meter's readings (datalog_edits) roll the quarter hours they touch again.
 */
import {
  DEMAND_MAX_GAP_MS,
  DEMAND_WINDOW_MS,
  type DemandWindowType,
  demandOf,
  monthBounds,
  PowerCurve,
  type PowerSample,
  type QuarterDemand,
  quarterDemands,
  quarterStart,
} from '@eem/core';
import type { Db } from '../../db/database.js';
import type { LiveReadings } from '../datalog/live-readings.js';
import { firstTimeFrom, latestReading, readingsOf } from '../datalog/repo/readings.js';
import { declarationsOf, type InletRow, inletById } from './repo/inlets.js';
import {
  deleteComputed,
  editsAfter,
  pointOfNode,
  ROLLUP_SOURCE,
  type RollupRow,
  setRolled,
  spanFigures,
  writeRollups,
} from './repo/rollups.js';

/** Active power (kW). */
export const POWER_DATA_ID = 2000;

/** Quarter hours rolled per pass (a week): bounded work between awaits. */
const CHUNK_MS = 7 * 86_400_000;

export function powerPointOf(db: Db, meterNodeId: number): Promise<number | undefined> {
  return pointOfNode(db, meterNodeId, POWER_DATA_ID);
}

/** The stored readings of a point around [from, to) as power samples. */
async function storedSamples(db: Db, pointId: number, from: number, to: number): Promise<PowerSample[]> {
  const rows = await readingsOf(
    db,
    pointId,
    from - DEMAND_WINDOW_MS - DEMAND_MAX_GAP_MS,
    to + DEMAND_MAX_GAP_MS,
  );
  return rows.map((r) => ({ t: Number(r.ts), v: r.value }));
}

function rowsOf(quarters: readonly QuarterDemand[]): RollupRow[] {
  return quarters
    .filter((q) => q.avgKw !== null || q.maxKw !== null)
    .map((q) => ({
      ts: q.ts,
      avg_kw: q.avgKw === null ? null : round4(q.avgKw),
      max_kw: q.maxKw === null ? null : round4(q.maxKw),
      max_at: q.maxAt,
      source: ROLLUP_SOURCE.computed,
    }));
}

export function round4(v: number): number {
  return Math.round(v * 10_000) / 10_000;
}

async function rollRange(db: Db, inlet: InletRow, pointId: number, from: number, to: number): Promise<void> {
  for (let a = from; a < to; a = Math.min(to, a + CHUNK_MS)) {
    const b = Math.min(to, a + CHUNK_MS);
    const curve = new PowerCurve(await storedSamples(db, pointId, a, b));
    await writeRollups(db, inlet.project_id, inlet.id, rowsOf(quarterDemands(curve, a, b)));
    await setRolled(db, inlet.id, { rolled_to: b });
  }
}

const running = new Map<number, Promise<void>>();

/**
 * Rolls an inlet's quarter hours up to the newest one whose end reading is stored, and again
 * those its meter's edited readings touch. One pass per inlet at a time.
 */
export function catchUp(db: Db, inlet: InletRow): Promise<void> {
  const known = running.get(inlet.id);
  if (known) return known;
  const work = (async () => {
    const pointId = await powerPointOf(db, inlet.meter_node_id);
    if (pointId === undefined) return;
    const fresh = (await inletById(db, inlet.project_id, inlet.id)) ?? inlet;
    const edits = await editsAfter(db, pointId, Number(fresh.edits_seen));
    if (edits && fresh.rolled_to !== null) {
      const from = quarterStart(edits.from) - DEMAND_WINDOW_MS;
      const to = Math.min(Number(fresh.rolled_to), quarterStart(edits.to) + 2 * DEMAND_WINDOW_MS);
      if (to > from) {
        await deleteComputed(db, inlet.id, from, to);
        await rollRange(db, inlet, pointId, from, to);
        await setRolled(db, inlet.id, { rolled_to: Number(fresh.rolled_to) });
      }
    }
    if (edits) await setRolled(db, inlet.id, { edits_seen: edits.id });
    const last = await latestReading(db, pointId);
    if (!last) return;
    const end = quarterStart(Number(last.ts));
    let start = fresh.rolled_to === null ? undefined : Number(fresh.rolled_to);
    if (start === undefined) {
      const first = await firstTimeFrom(db, pointId, 0);
      if (first === undefined) return;
      start = quarterStart(first);
    }
    if (end > start) await rollRange(db, inlet, pointId, start, end);
  })().finally(() => running.delete(inlet.id));
  running.set(inlet.id, work);
  return work;
}

/** Forgets an inlet's rollup (its meter or window changed): computed again from the readings. */
export async function resetRollup(db: Db, inletId: number): Promise<void> {
  await deleteComputed(db, inletId, 0, Number.MAX_SAFE_INTEGER);
  await setRolled(db, inletId, { rolled_to: null, edits_seen: 0 });
}

// ------------------------------------------------------------------ live values

/** How long live values are kept: the current window and the one before. */
const LIVE_KEEP_MS = 2 * DEMAND_WINDOW_MS;

/**
 * The live values of the inlets' power points over the last half hour, per point: what the
 * readings do not hold yet (they are stored at quarter hours only).
 */
export class LiveDemandBuffer {
  private readonly samples = new Map<number, PowerSample[]>();
  private readonly watched = new Set<number>();
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly live: LiveReadings) {}

  start(): void {
    this.unsubscribe ??= this.live.subscribe((pointId, value) => {
      if (!this.watched.has(pointId)) return;
      let list = this.samples.get(pointId);
      if (!list) {
        list = [];
        this.samples.set(pointId, list);
      }
      const last = list[list.length - 1];
      if (last && value.time < last.t) return;
      list.push({ t: value.time, v: value.value });
      const keepFrom = value.time - LIVE_KEEP_MS;
      let drop = 0;
      while (drop < list.length && (list[drop] as PowerSample).t < keepFrom) drop++;
      if (drop > 0) list.splice(0, drop);
    });
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }

  /** The points whose live values are kept (the inlets' power points). */
  watch(pointIds: Iterable<number>): void {
    const next = new Set(pointIds);
    for (const id of this.watched) if (!next.has(id)) this.samples.delete(id);
    this.watched.clear();
    for (const id of next) this.watched.add(id);
  }

  samplesOf(pointId: number): readonly PowerSample[] {
    return this.samples.get(pointId) ?? [];
  }
}

/** The power curve of a point around now: stored readings and the live values after them. */
export async function recentCurve(
  db: Db,
  pointId: number,
  now: number,
  live: readonly PowerSample[],
  from = quarterStart(now) - DEMAND_WINDOW_MS,
): Promise<{ curve: PowerCurve; updatedAt: number | null }> {
  const stored = await storedSamples(db, pointId, from, now);
  const lastStored = stored.length > 0 ? (stored[stored.length - 1] as PowerSample).t : -Infinity;
  const newer = live.filter((s) => s.t > lastStored && s.t <= now);
  const all = [...stored.filter((s) => s.t <= now), ...newer];
  const updatedAt = all.length > 0 ? (all[all.length - 1] as PowerSample).t : null;
  return { curve: new PowerCurve(all), updatedAt };
}

// ------------------------------------------------------------------ what the calls and the bill read

export interface PeriodDemand {
  maxKw: number | null;
  maxAt: number | null;
  /** The average of the quarter hours' fixed-window demand. */
  avgKw: number | null;
  /** Quarter hours with a value. */
  quarters: number;
}

/** The maximum (per the window type) and the average of rollup rows. */
export function periodDemand(rows: readonly RollupRow[], windowType: DemandWindowType): PeriodDemand {
  let maxKw: number | null = null;
  let maxAt: number | null = null;
  let sum = 0;
  let n = 0;
  for (const r of rows) {
    const d = demandOf({ ts: r.ts, avgKw: r.avg_kw, maxKw: r.max_kw, maxAt: r.max_at }, windowType);
    if (d && (maxKw === null || d.kw > maxKw + 1e-9)) {
      maxKw = d.kw;
      maxAt = d.at;
    }
    if (r.avg_kw !== null) {
      sum += r.avg_kw;
      n++;
    }
  }
  return { maxKw, maxAt, avgKw: n > 0 ? sum / n : null, quarters: n };
}

/** The declared demand of an inlet for a month: its declaration, else the inlet's value. */
export async function declaredFor(db: Db, inlet: InletRow, month: string): Promise<number> {
  const [row] = await declarationsOf(db, [inlet.id], month, month);
  return row ? row.value_kw : inlet.declared_kw;
}

export interface MonthDemand extends PeriodDemand {
  inletId: number;
  month: string;
  /** [start, end) of the month in the project's zone. */
  start: number;
  end: number;
  windowType: DemandWindowType;
  declaredKw: number;
  transformerKva: number;
  /** Quarter hours whose demand is above the declared value. */
  overDeclared: number;
  /** Rolled up to here (the month is complete when rolledTo ≥ end). */
  rolledTo: number | null;
}

/**
 * The demand API of the bill (issue 16): an inlet's maximum demand of a month (per its window
 * type) with its time, the average, the declared value, from the quarter-hour rollup (caught
 * up first). Stored readings only: the running quarter hour is not in it. Undefined when the
 * inlet is not in the project.
 */
export async function monthDemand(
  db: Db,
  project: { id: number; timeZone: string },
  inletId: number,
  month: string,
): Promise<MonthDemand | undefined> {
  return (await monthDemands(db, project, inletId, [month]))?.[0];
}

/** Months per aggregate query (7 bound parameters each: well under SQLite's limit). */
const MONTHS_PER_QUERY = 60;

/**
 * monthDemand for several months of one inlet, in their order: one catch-up, and the figures
 * of each month computed in SQL over the rollup (no quarter hour is read into JavaScript).
 */
export async function monthDemands(
  db: Db,
  project: { id: number; timeZone: string },
  inletId: number,
  months: readonly string[],
): Promise<MonthDemand[] | undefined> {
  const inlet = await inletById(db, project.id, inletId);
  if (!inlet) return undefined;
  if (months.length === 0) return [];
  await catchUp(db, inlet);
  const windowType = inlet.window_type as DemandWindowType;
  const sorted = [...months].sort();
  const declared = new Map(
    (await declarationsOf(db, [inlet.id], sorted[0] as string, sorted[sorted.length - 1] as string)).map(
      (d) => [d.month, d.value_kw],
    ),
  );
  const spans = months.map((month) => ({
    month,
    ...monthBounds(month, project.timeZone),
    declaredKw: declared.get(month) ?? inlet.declared_kw,
  }));
  const figures: MonthFigures[] = [];
  for (let i = 0; i < spans.length; i += MONTHS_PER_QUERY)
    figures.push(...(await spanFigures(db, inlet.id, windowType, spans.slice(i, i + MONTHS_PER_QUERY))));
  const fresh = await inletById(db, project.id, inletId);
  const rolledTo =
    fresh?.rolled_to === null || fresh?.rolled_to === undefined ? null : Number(fresh.rolled_to);
  return spans.map((s, i) => ({
    ...(figures[i] as MonthFigures),
    inletId,
    month: s.month,
    start: s.start,
    end: s.end,
    windowType,
    declaredKw: s.declaredKw,
    transformerKva: inlet.transformer_kva,
    rolledTo,
  }));
}

type MonthFigures = PeriodDemand & { overDeclared: number };
