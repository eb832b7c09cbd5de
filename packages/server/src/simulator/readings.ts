/**
 * The demo site's meters come alive. On the first start every point of the demo projects gets
 * `EEM_HISTORY_DAYS` (default 90) days of 15-minute readings with plausible shapes: working
 * shifts, nights, weekends and seasons for electric load, flows that follow production,
 * steady voltages and pressures with noise; now and then a communication gap (all points of
 * a meter miss a reading), a counter that resets to zero and a spike, so the data-quality
 * screens have something to find. While the server runs (EEM_SIMULATOR on), live values go to
 * services.live every EEM_LIVE_INTERVAL_MS and a reading is stored per point at each quarter
 * hour (a restart first fills the time it was down). An open breaker (remote control) takes
 * the load of the meters below it to zero. Deterministic for EEM_SEED.
 */
import { bucketStarts, ENERGY_TYPE, energyTypeOfDataId, localParts, READING_INTERVAL_MS } from '@eem/core';
import { z } from 'zod';
import { ensurePoints, loadPoints, type PointInfo } from '../areas/datalog/point-store.js';
import { insertReadings, latestReading, valueBefore } from '../areas/datalog/repo/readings.js';
import { insertRollups } from '../areas/datalog/repo/rollups.js';
import { recomputeRollups, rollupsOf, touRollupsOf } from '../areas/datalog/rollups.js';
import { EnergyModel } from '../areas/energy/model.js';
import { insertTouRollups } from '../areas/metering/repo/tou-rollups.js';
import { type ProjectTouPlans, projectTouPlans } from '../areas/metering/tou-plan.js';
import { nodeSkeleton } from '../areas/nodes/repo/nodes.js';
import { readSetting, writeSetting } from '../areas/shell/repo/settings.js';
import { type Db, inTransaction } from '../db/database.js';
import type { TouRollupTable } from '../db/schema.js';
import type { Services } from '../services.js';
import { linePlan, supplyPlan } from './energy.js';
import { seededRandom } from './random.js';

const MARKER = 'simulator.readings';

interface Project {
  id: number;
  tenantId: number;
  timeZone: string;
}

/** Per quarter hour of a project: how busy the site is (0..1.2), from its local calendar. */
function activity(ms: number, timeZone: string): number {
  const p = localParts(ms, timeZone);
  const hour = p.hour + p.minute / 60;
  const weekend = p.weekday >= 6;
  let shape: number;
  if (hour < 6) shape = 0.3;
  else if (hour < 8) shape = 0.3 + (0.7 * (hour - 6)) / 2;
  else if (hour < 12) shape = 1;
  else if (hour < 13) shape = 0.8;
  else if (hour < 18) shape = 1;
  else if (hour < 22) shape = 0.65;
  else shape = 0.4;
  if (weekend) shape = 0.3 + (shape - 0.3) * 0.35;
  return shape * seasonOf(ms, timeZone);
}

/** The season's factor of the load (1.15 in mid-July, 0.85 in mid-January). */
export function seasonOf(ms: number, timeZone: string): number {
  const p = localParts(ms, timeZone);
  const dayOfYear = (Date.UTC(p.year, p.month - 1, p.day) - Date.UTC(p.year, 0, 1)) / 86_400_000;
  return 1 + 0.15 * Math.cos((2 * Math.PI * (dayOfYear - 200)) / 365);
}

/** Deterministic noise in [-1, 1) for a point and slot. */
function noise(pointId: number, slot: number, salt = 0): number {
  let h = (pointId * 374_761_393 + slot * 668_265_263 + salt * 2_147_483_647) | 0;
  h = Math.imul(h ^ (h >>> 13), 1_274_126_177);
  h ^= h >>> 16;
  return ((h >>> 0) / 4_294_967_296) * 2 - 1;
}

/** What a node's points measure at a time: the instantaneous values of its model. */
interface NodeModel {
  /** The node's scale: kW for electric load, m³/h (t/h for steam) for flows. */
  scale: number;
  pf: number;
  /** A communication gap in this slot (no reading of any point). */
  gap(slot: number): boolean;
  /**
   * A supply meter: its load is what the meters it feeds draw, plus a loss; a tail-end meter
   * (surge false): what its segment's head end draws, less the line loss (simulator/energy.ts).
   */
  supply?: { fed: readonly number[]; factor: number; surge?: false };
}

/** Supply and tail-end meters by node (simulator/energy.ts supplyPlan, linePlan). */
export type Supplies = ReadonlyMap<number, { fed: number[]; factor: number; surge?: false }>;

function modelOf(nodeId: number, seed: number, supplies?: Supplies): NodeModel {
  const r = seededRandom(seed * 7_919 + nodeId);
  const scale = r.pick([15, 40, 80, 150, 300, 600]) * (0.8 + r.next() * 0.4);
  const pf = 0.86 + r.next() * 0.1;
  const supply = supplies?.get(nodeId);
  return { scale, pf, gap: (slot) => noise(nodeId, slot, 7) > 0.994, ...(supply ? { supply } : {}) };
}

const scales = new Map<string, number>();

/** The scale of a fed node's model, without building the whole model each time. */
function scaleOf(nodeId: number, seed: number): number {
  const key = `${seed}:${nodeId}`;
  let scale = scales.get(key);
  if (scale === undefined) {
    scale = modelOf(nodeId, seed).scale;
    scales.set(key, scale);
  }
  return scale;
}

/**
 * Some working days a transformer carries an unmetered load (a furnace charge, a chiller
 * start) for 45 minutes from a quarter hour of that day: a quarter of the days, when the site
 * is busy then. Its supply meter's demand peaks past the declared value (simulator/demand.ts).
 */
export const SURGE = { factor: 1.25, quarters: 3, dayShare: 0.25 } as const;

export function surgeFactor(nodeId: number, quarter: number, busy: number): number {
  if (busy < 0.9) return 1;
  const day = Math.floor(quarter / 96);
  if (noise(nodeId, day, 13) < 1 - 2 * SURGE.dayShare) return 1;
  const start = Math.floor(((noise(nodeId, day, 14) + 1) / 2) * 96);
  const k = (quarter % 96) - start;
  return k >= 0 && k < SURGE.quarters ? SURGE.factor : 1;
}

/** What a supply meter draws at a busy hour without noise or surge: the sum of what it feeds (kW). */
export function supplyNominalKw(supply: { fed: readonly number[]; factor: number }, seed: number): number {
  return supply.fed.reduce((sum, fed) => sum + scaleOf(fed, seed), 0) * supply.factor;
}

/** The electric load (kW) and flow of a node's model at a slot: its own, or what it supplies. */
function loads(
  nodeId: number,
  model: NodeModel,
  slot: number,
  busy: number,
  seed: number,
  /** The quarter hour (epoch ms / 15 min); `slot` is finer for live values. */
  quarter = slot,
): { load: number; flow: number } {
  if (!model.supply) {
    return {
      load: model.scale * busy * (1 + 0.06 * noise(nodeId, slot, 1)),
      flow: (model.scale / 20) * busy * (1 + 0.08 * noise(nodeId, slot, 5)),
    };
  }
  let load = 0;
  let flow = 0;
  for (const fed of model.supply.fed) {
    const scale = scaleOf(fed, seed);
    load += scale * busy * (1 + 0.06 * noise(fed, slot, 1));
    flow += (scale / 20) * busy * (1 + 0.08 * noise(fed, slot, 5));
  }
  return {
    load:
      load * model.supply.factor * (model.supply.surge === false ? 1 : surgeFactor(nodeId, quarter, busy)),
    flow: flow * model.supply.factor,
  };
}

/** The instantaneous value of a quantity (data id) at a slot; counters get their rate. */
function instant(
  point: Pick<PointInfo, 'id' | 'nodeId' | 'dataId' | 'nodeLabel'>,
  model: NodeModel,
  slot: number,
  busy: number,
  on: boolean,
  seed: number,
  quarter = slot,
): number {
  const n = (salt: number) => noise(point.nodeId, slot, salt);
  const base = loads(point.nodeId, model, slot, busy, seed, quarter);
  const load = on ? base.load : 0;
  // Supply meters (the demand inlets') do not spike: a spike there would be the month's maximum demand.
  const spike = !model.supply && noise(point.id, slot, 11) > 0.9995 ? 4 : 1;
  switch (point.dataId) {
    case 1000:
    case 2000:
      return load * (point.dataId === 2000 ? spike : 1);
    case 2001:
      return load * Math.tan(Math.acos(model.pf));
    case 2002:
      return on ? Math.min(0.999, model.pf + 0.02 * n(2)) : 0;
    case 3001:
    case 3002:
    case 3003:
      return 230 + 3 * n(point.dataId);
    case 3011:
    case 3012:
    case 3013:
      return on ? ((load * 1000) / (3 * 230 * model.pf)) * (1 + 0.03 * n(point.dataId)) : 0;
    case 3020:
      return 50 + 0.05 * n(3);
    case 3030:
      return 2.5 + 1.5 * Math.abs(n(4)) + (spike > 1 ? 4 : 0);
    case 4000:
    case 4001:
    case 4002:
    case 4003:
    case 4100:
      return base.flow * (point.dataId === 4100 ? spike : 1);
    case 4200:
      return 0.45 + 0.05 * n(6);
    case 5000:
      // Meters measure temperature on steam only (MEDIUM_QUANTITIES); devices their room's.
      return point.nodeLabel === 'meter' ? 180 + 5 * n(8) : 24 + 6 * busy + 1.5 * n(8);
    case 5001:
      return 50 + 12 * n(9);
    default:
      return 10 * busy * (1 + 0.05 * n(10));
  }
}

/** The projects of the demo world that get readings. */
async function demoProjects(services: Services, projectIds: readonly number[]): Promise<Project[]> {
  const out: Project[] = [];
  for (const id of projectIds) {
    const p = await services.projects.get(id);
    if (p) out.push({ id: p.id, tenantId: p.tenantId, timeZone: p.timeZone });
  }
  return out;
}

/** The line segments above each node whose breaker decides whether it carries load. */
async function breakersAbove(db: Db, projectId: number): Promise<Map<number, number[]>> {
  const rows = await nodeSkeleton(db, projectId);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out = new Map<number, number[]>();
  for (const row of rows) {
    const list: number[] = [];
    let parent = byId.get(row.parent_id);
    for (let depth = 0; parent && depth < 60; depth++) {
      if (parent.model_label === 'linesegment') list.push(parent.id);
      parent = byId.get(parent.parent_id);
    }
    out.set(row.id, list);
  }
  return out;
}

interface Counter {
  value: number;
}

/** What the energy data core adds to a project's history: supply meters, time-of-use plans, an archive year. */
export interface EnergyHistory {
  supplies: Supplies;
  tou: ProjectTouPlans | null;
  /** Days before the raw history that get hour and day rollups (no readings) of the energy counters. */
  archiveDays: number;
}

/** The time-of-use rows of a point's readings when it is an electricity counter under a scheme. */
function touRows(
  project: Project,
  point: PointInfo,
  readings: readonly { ts: number; value: number }[],
  hours: readonly number[],
  days: readonly number[],
  before: number | undefined,
  tou: ProjectTouPlans | null,
): TouRollupTable[] {
  if (!tou || point.kind !== 'cumulative' || point.energyType !== ENERGY_TYPE.electricity) return [];
  const plan = tou.planOfNode(point.nodeId);
  if (plan.versions.length === 0) return [];
  return touRollupsOf(project.id, point.id, readings, hours, days, before, (ts) => plan.bandAt(ts));
}

/**
 * Writes the readings of `points` for the slots [from, to) and their rollups (fresh buckets:
 * nothing stored there yet), and before them the archive year of the energy counters (rollups
 * only, as after a retention of raw readings). Counters continue from `counters`.
 */
async function writeHistory(
  db: Db,
  project: Project,
  points: readonly PointInfo[],
  from: number,
  to: number,
  seed: number,
  counters: Map<number, Counter>,
  energy: EnergyHistory,
): Promise<number> {
  const slots: number[] = [];
  const busy: number[] = [];
  for (let t = from; t < to; t += READING_INTERVAL_MS) {
    slots.push(t);
    busy.push(activity(t, project.timeZone));
  }
  if (slots.length === 0) return 0;
  const hours = bucketStarts(from, to, '1h', project.timeZone);
  const days = bucketStarts(from, to, '1d', project.timeZone);
  const archiveFrom = bucketStarts(
    from - energy.archiveDays * 86_400_000,
    from - energy.archiveDays * 86_400_000 + 1,
    '1d',
    project.timeZone,
  )[0] as number;
  const archiveSlots: number[] = [];
  const archiveBusy: number[] = [];
  // The archive ends where the history's first local day starts: no bucket of both.
  const archiveTo = days[0] as number;
  if (energy.archiveDays > 0)
    for (let t = archiveFrom; t < archiveTo; t += READING_INTERVAL_MS) {
      archiveSlots.push(t);
      archiveBusy.push(activity(t, project.timeZone));
    }
  const archiveHours =
    archiveSlots.length > 0 ? bucketStarts(archiveFrom, archiveTo, '1h', project.timeZone) : [];
  const archiveDays =
    archiveSlots.length > 0 ? bucketStarts(archiveFrom, archiveTo, '1d', project.timeZone) : [];
  const models = new Map<number, NodeModel>();
  let written = 0;
  for (const point of points) {
    let model = models.get(point.nodeId);
    if (!model) {
      model = modelOf(point.nodeId, seed, energy.supplies);
      models.set(point.nodeId, model);
    }
    const counter = counters.get(point.id) ?? {
      value: Math.round(1000 + Math.abs(noise(point.id, 0, 12)) * 50_000),
    };
    counters.set(point.id, counter);
    const energyCounter = point.kind === 'cumulative' && energyTypeOfDataId(point.dataId) !== undefined;
    let archiveLast: number | undefined;
    if (energyCounter && archiveSlots.length > 0) {
      const archived: { ts: number; value: number }[] = [];
      for (let i = 0; i < archiveSlots.length; i++) {
        const slot = Math.floor((archiveSlots[i] as number) / READING_INTERVAL_MS);
        counter.value += instant(point, model, slot, archiveBusy[i] as number, true, seed) * 0.25;
        archived.push({ ts: archiveSlots[i] as number, value: round(counter.value, point.decimals + 1) });
      }
      await insertRollups(db, [
        ...rollupsOf(point.id, 1, archived, archiveHours, undefined),
        ...rollupsOf(point.id, 2, archived, archiveDays, undefined),
      ]);
      await insertTouRollups(
        db,
        touRows(project, point, archived, archiveHours, archiveDays, undefined, energy.tou),
      );
      archiveLast = archived.at(-1)?.value;
    }
    // One counter of about every fifth is replaced (reset to zero) once in the history.
    const resetAt =
      noise(point.id, 1, 13) > 0.6
        ? slots[Math.floor(slots.length * (0.3 + 0.4 * Math.abs(noise(point.id, 2, 14))))]
        : undefined;
    const readings: { ts: number; value: number }[] = [];
    for (let i = 0; i < slots.length; i++) {
      const slot = Math.floor((slots[i] as number) / READING_INTERVAL_MS);
      const value = instant(point, model, slot, busy[i] as number, true, seed);
      let stored = value;
      if (point.kind === 'cumulative') {
        if (slots[i] === resetAt) counter.value = 0;
        counter.value += value * 0.25;
        stored = counter.value;
      }
      if (model.gap(slot)) continue;
      readings.push({ ts: slots[i] as number, value: round(stored, point.decimals + 1) });
    }
    await insertReadings(
      db,
      readings.map((r) => ({ point_id: point.id, ts: r.ts, value: r.value })),
    );
    // The archive's last counter stands for the reading before the history (there is no raw row of it).
    const before = (await valueBefore(db, point.id, from)) ?? archiveLast;
    await insertRollups(db, [
      ...rollupsOf(point.id, 1, readings, hours, before),
      ...rollupsOf(point.id, 2, readings, days, before),
    ]);
    await insertTouRollups(db, touRows(project, point, readings, hours, days, before, energy.tou));
    written += readings.length;
  }
  return written;
}

function round(value: number, decimals: number): number {
  const f = 10 ** Math.min(6, Math.max(0, decimals));
  return Math.round(value * f) / f;
}

/** A history of at least this many days gets an archive year of energy rollups before it. */
const ARCHIVE_FROM_HISTORY_DAYS = 30;
const ARCHIVE_DAYS = 365;

/** The supply meters and time-of-use plans of a project (simulator/energy.ts seeds them first). */
async function energyOf(services: Services, project: Project): Promise<Omit<EnergyHistory, 'archiveDays'>> {
  const full = await services.projects.get(project.id);
  if (!full) return { supplies: new Map(), tou: null };
  const model = await EnergyModel.load(services.db, full);
  return {
    supplies: new Map([...supplyPlan(model), ...linePlan(model)]),
    tou: await projectTouPlans(services.db, full),
  };
}

/**
 * Points for the demo projects' nodes, and on the first start their history. Returns what the
 * live loop needs.
 */
export async function seedReadings(services: Services, projectIds: readonly number[]): Promise<Project[]> {
  const { db, config } = services;
  const projects = await demoProjects(services, projectIds);
  const now = services.clock();
  const end = Math.floor(now / READING_INTERVAL_MS) * READING_INTERVAL_MS;
  const start =
    end - Math.round((config.historyDays * 86_400_000) / READING_INTERVAL_MS) * READING_INTERVAL_MS;
  for (const project of projects) await ensurePoints(db, project, start);
  if (config.historyDays <= 0 || (await readSetting(db, MARKER, z.boolean(), false))) return projects;
  const began = Date.now();
  if (config.logLevel !== 'silent')
    process.stdout.write(
      `simulator: writing ${config.historyDays} days of 15-minute readings (first start only)…\n`,
    );
  let rows = 0;
  for (const project of projects) {
    // Each project's history commits with its own marker: a start that stopped half-way goes on.
    const done = `${MARKER}.${project.id}`;
    if (await readSetting(db, done, z.boolean(), false)) continue;
    const points = await loadPoints(db, project);
    const energy: EnergyHistory = {
      ...(await energyOf(services, project)),
      archiveDays: config.historyDays >= ARCHIVE_FROM_HISTORY_DAYS ? ARCHIVE_DAYS : 0,
    };
    rows += await inTransaction(db, async (trx) => {
      const written = await writeHistory(trx, project, points, start, end, config.seed, new Map(), energy);
      await writeSetting(trx, done, true);
      return written;
    });
  }
  await writeSetting(db, MARKER, true);
  if (config.logLevel !== 'silent')
    process.stdout.write(
      `simulator: ${rows} readings of ${config.historyDays} days written in ${((Date.now() - began) / 1000).toFixed(1)} s\n`,
    );
  return projects;
}

/**
 * The live loop: live values every `liveIntervalMs`, a stored reading per point at each quarter
 * hour (catching up the time the server was down first). Returns the stop function.
 */
export function startLiveReadings(services: Services, projects: readonly Project[]): () => Promise<void> {
  const { db, config, live } = services;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const state = new Map<
    number,
    { slot: number; points: PointInfo[]; breakers: Map<number, number[]>; counters: Map<number, Counter> }
  >();
  const models = new Map<number, NodeModel>();
  const supplies = new Map<number, { fed: number[]; factor: number; surge?: false }>();
  const model = (nodeId: number) => {
    let m = models.get(nodeId);
    if (!m) {
      m = modelOf(nodeId, config.seed, supplies);
      models.set(nodeId, m);
    }
    return m;
  };
  const on = (breakers: Map<number, number[]>, nodeId: number) =>
    (breakers.get(nodeId) ?? []).every((id) => live.isClosed(id));

  async function load(project: Project, slot: number) {
    await ensurePoints(db, project, services.clock());
    for (const [meter, supply] of (await energyOf(services, project)).supplies) {
      supplies.set(meter, supply);
      models.delete(meter);
    }
    const points = await loadPoints(db, project);
    const counters = new Map<number, Counter>();
    for (const p of points) {
      if (p.kind !== 'cumulative') continue;
      const last = await latestReading(db, p.id);
      counters.set(p.id, { value: last?.value ?? 0 });
    }
    state.set(project.id, { slot, points, breakers: await breakersAbove(db, project.id), counters });
  }

  async function tick() {
    const now = services.clock();
    const slotStart = Math.floor(now / READING_INTERVAL_MS) * READING_INTERVAL_MS;
    for (const project of projects) {
      if (stopped) return;
      // Nodes added meanwhile get their points at the next quarter hour.
      if (state.get(project.id)?.slot !== slotStart) await load(project, slotStart);
      const s = state.get(project.id);
      if (!s) continue;
      const busy = activity(now, project.timeZone);
      const slot = Math.floor(now / READING_INTERVAL_MS);
      for (const p of s.points) {
        const m = model(p.nodeId);
        const value = instant(
          p,
          m,
          slot * 1000 + Math.floor((now % READING_INTERVAL_MS) / config.liveIntervalMs),
          busy,
          on(s.breakers, p.nodeId),
          config.seed,
          slot,
        );
        if (p.kind === 'cumulative') {
          const c = s.counters.get(p.id);
          live.set(
            p.id,
            now,
            round((c?.value ?? 0) + (value * (now - slotStart)) / 3_600_000, p.decimals + 1),
          );
        } else live.set(p.id, now, round(value, p.decimals + 1));
      }
      // Stored readings up to the last quarter hour (the time the server was down included).
      for (const p of s.points) {
        if (stopped) return;
        const last = p.lastTime ?? slotStart - READING_INTERVAL_MS;
        if (last >= slotStart) continue;
        const from = last + READING_INTERVAL_MS;
        await inTransaction(db, async (trx) => {
          await writeLive(trx, project, p, from, slotStart + 1, s, on(s.breakers, p.nodeId));
          await recomputeRollups(trx, p.id, from, slotStart + 1, project.timeZone);
        });
        p.lastTime = slotStart;
      }
    }
  }

  async function writeLive(
    trx: Db,
    project: Project,
    p: PointInfo,
    from: number,
    to: number,
    s: { counters: Map<number, Counter> },
    isOn: boolean,
  ): Promise<number> {
    const rows: { point_id: number; ts: number; value: number }[] = [];
    const m = model(p.nodeId);
    const counter = s.counters.get(p.id) ?? { value: 0 };
    s.counters.set(p.id, counter);
    for (let t = from; t < to; t += READING_INTERVAL_MS) {
      const slot = t / READING_INTERVAL_MS;
      const value = instant(p, m, slot, activity(t, project.timeZone), isOn, config.seed);
      let stored = value;
      if (p.kind === 'cumulative') {
        counter.value += value * 0.25;
        stored = counter.value;
      }
      if (m.gap(slot)) continue;
      rows.push({ point_id: p.id, ts: t, value: round(stored, p.decimals + 1) });
    }
    await insertReadings(trx, rows, { keepExisting: true });
    return rows.length;
  }

  const loop = () => {
    if (stopped) return;
    running = tick()
      .catch((error: unknown) => {
        process.stderr.write(
          `simulator: live readings failed: ${error instanceof Error ? error.message : String(error)}\n`,
        );
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, config.liveIntervalMs);
      });
  };
  let timer: NodeJS.Timeout | undefined = setTimeout(loop, 0);
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = undefined;
    await running;
  };
}
