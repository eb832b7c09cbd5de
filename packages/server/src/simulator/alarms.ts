/**
 * Alarms of the demo site. Once (a settings marker), as soon as the busiest electric meters of
 * each demo project have live values: alarm schemes whose thresholds the simulated readings
 * cross now and then (demand at the 99th percentile of the busiest meter, hourly energy at the
 * 90th, voltage deviation at 1.295 %, THD at 3.97 %, power factor just above the lowest seen;
 * from the stored history where there is a day of it, else from the first live values), and
 * three days of past events (pending and confirmed) so the event screens have history.
 * Then, every EEM_NOTICE_INTERVAL_MS, a disturbance: one demo meter's live value jumps past a
 * threshold of one of its schemes until the next live values, so the alarm engine raises (and
 * then clears) a real event with real notices.
 */
import {
  type AlarmKindDefinition,
  alarmKind,
  EVENT_STATUS,
  LOG_TYPE,
  READING_INTERVAL_MS,
  type TextCode,
  text,
} from '@eem/core';
import { z } from 'zod';
import { meterPoints, pointsOfNode } from '../areas/datalog/repo/points.js';
import { readingValues } from '../areas/datalog/repo/readings.js';
import { rollupDeltas } from '../areas/datalog/repo/rollups.js';
import { type AlarmSchemeRow, loadSchemes, schemeValues } from '../areas/events/alarm-schemes.js';
import { describe, formatNumber } from '../areas/events/alarm-values.js';
import { insertEvent, type NewEvent, schemeEventOpen } from '../areas/events/repo/events.js';
import { insertScheme } from '../areas/events/repo/schemes.js';
import { defaultTypeSetting, projectTypeSettings } from '../areas/events/type-settings.js';
import { nodeSkeleton } from '../areas/nodes/repo/nodes.js';
import { readSetting, writeSetting } from '../areas/shell/repo/settings.js';
import type { ServerConfig } from '../config.js';
import { type Db, inTransaction } from '../db/database.js';
import type { DemoWorld } from '../first-start.js';
import type { Services } from '../services.js';
import { seededRandom } from './random.js';

const MARKER = 'simulator.alarms';
const HISTORY_DAYS = 3;

/** What the history's events of each kind say they measured. */
const SIMULATED_MEASURES: Record<string, TextCode> = {
  voltage: 'measure.voltageDeviation',
  thd: 'measure.thd',
  efficiency: 'measure.powerFactor',
  demand: 'measure.activePower',
  energyOverLimit: 'measure.energyThisHour',
};

interface Meter {
  id: number;
  name: string;
  /** Point ids by data id. */
  points: Map<number, number>;
}

/** The project's electric meters (those with active power), busiest first by their typical load. */
async function electricMeters(services: Services, projectId: number, since: number): Promise<Meter[]> {
  const { db, live } = services;
  const rows = await meterPoints(db, projectId);
  const meters = new Map<number, Meter>();
  for (const r of rows) {
    let m = meters.get(r.node_id);
    if (!m) {
      m = { id: r.node_id, name: r.name, points: new Map() };
      meters.set(r.node_id, m);
    }
    m.points.set(r.data_id, r.id);
  }
  const electric = [...meters.values()].filter((m) => m.points.has(2000) && m.points.has(3001));
  const load = new Map<number, number>();
  for (const m of electric) {
    const values = await history(db, m.points.get(2000) as number, since);
    const typical =
      values.length > 0 ? percentile(values, 0.5) : (live.get(m.points.get(2000) as number)?.value ?? 0);
    load.set(m.id, typical);
  }
  return electric.sort((a, b) => (load.get(b.id) ?? 0) - (load.get(a.id) ?? 0) || a.id - b.id);
}

function history(db: Db, pointId: number, since: number): Promise<number[]> {
  return readingValues(db, pointId, since);
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

const round = (v: number, digits: number) => Number(v.toFixed(digits));

type SchemePlan = Omit<AlarmSchemeRow, 'id' | 'projectId' | 'createdAt' | 'updatedAt'>;

function plan(
  kind: string,
  name: string,
  nodeIds: number[],
  thresholds: { level: number; value: number }[],
): SchemePlan {
  const def = alarmKind(kind) as AlarmKindDefinition;
  return {
    name,
    enabled: true,
    kind,
    logTypes: [def.logType],
    thresholds,
    nodeIds,
    receiverUserIds: [],
    receiverGroupIds: [],
    channels: ['web', 'sound'],
    activeFrom: null,
    activeTo: null,
    repeatMinutes: 0,
  };
}

/**
 * The demo schemes of a project, or undefined while its meters have neither a day of history
 * nor live values.
 */
async function demoSchemes(services: Services, projectId: number): Promise<SchemePlan[] | undefined> {
  const { db, live } = services;
  const since = services.clock() - 7 * 86_400_000;
  const meters = await electricMeters(services, projectId, since);
  const [a, b = a] = meters;
  if (!a || !b) return [];
  const powerA = await history(db, a.points.get(2000) as number, since);
  const withHistory = powerA.length >= 86_400_000 / READING_INTERVAL_MS;
  const liveA = live.get(a.points.get(2000) as number)?.value;
  if (!withHistory && liveA === undefined) return undefined;
  const schemes: SchemePlan[] = [];
  const demand = withHistory
    ? { typical: percentile(powerA, 0.99) * 1.03, top: Math.max(...powerA) * 1.3 }
    : { typical: (liveA as number) * 1.04, top: (liveA as number) * 2 };
  schemes.push(
    plan(
      'demand',
      `Demand of ${a.name}`,
      [a.id],
      [
        { level: 1, value: round(demand.top, 1) },
        { level: 3, value: round(demand.typical, 1) },
      ],
    ),
  );
  const counter = a.points.get(1000);
  if (counter !== undefined) {
    const hours = withHistory ? await rollupDeltas(db, counter, 1, since) : [];
    const hourly = hours.length >= 24 ? percentile(hours, 0.9) : (liveA as number);
    schemes.push(
      plan(
        'energyOverLimit',
        `Hourly energy of ${a.name}`,
        [a.id],
        [
          { level: 2, value: round(hourly * 1.15, 1) },
          { level: 3, value: round(hourly, 1) },
        ],
      ),
    );
  }
  schemes.push(
    plan(
      'voltage',
      'Voltage deviation of the main meters',
      [...new Set([a.id, b.id])],
      [
        { level: 2, value: 2.5 },
        { level: 3, value: 1.295 },
      ],
    ),
  );
  if (b.points.has(3030))
    schemes.push(
      plan(
        'thd',
        `Voltage THD of ${b.name}`,
        [b.id],
        [
          { level: 1, value: 5 },
          { level: 3, value: 3.97 },
        ],
      ),
    );
  const pfPoint = b.points.get(2002);
  if (withHistory && pfPoint !== undefined) {
    const pf = (await history(db, pfPoint, since)).filter((v) => v > 0);
    if (pf.length > 0)
      schemes.push(
        plan(
          'efficiency',
          `Power factor of ${b.name}`,
          [b.id],
          [
            { level: 2, value: round(Math.min(...pf) - 0.05, 3) },
            { level: 4, value: round(Math.min(...pf) + 0.0008, 4) },
          ],
        ),
      );
  }
  schemes.push(plan('offline', 'Meters offline', [], [{ level: 2, value: 600 }]));
  return schemes;
}

/** Three days of past events of the schemes (and a few loss warnings), some of them confirmed. */
async function seedPastEvents(
  services: Services,
  projectId: number,
  schemes: readonly AlarmSchemeRow[],
  confirmer: number | undefined,
): Promise<void> {
  const { db } = services;
  const now = services.clock();
  const random = seededRandom(services.config.seed * 31 + projectId);
  const settings = await projectTypeSettings(db, projectId);
  const classOf = (logType: number) =>
    (settings.find((s) => s.logType === logType) ?? defaultTypeSetting(logType)).eventClass;
  const names = new Map((await nodeSkeleton(db, projectId)).map((n) => [n.id, n.name]));
  const events: NewEvent[] = [];
  const start = now - HISTORY_DAYS * 86_400_000;
  for (const scheme of schemes) {
    const kind = alarmKind(scheme.kind);
    if (!kind || kind.kind === 'offline') continue;
    for (const nodeId of scheme.nodeIds) {
      const bursts = random.int(3, 6);
      for (let i = 0; i < bursts; i++) {
        let time = start + Math.floor(random.next() * (now - start - 3_600_000));
        // Some come back within the convergence window: they share an incident.
        for (let repeat = random.next() < 0.4 ? random.int(2, 3) : 1; repeat > 0; repeat--) {
          const threshold = random.pick(scheme.thresholds);
          const over =
            threshold.value * (kind.above ? 1 + 0.02 + random.next() * 0.1 : 1 - 0.01 - random.next() * 0.03);
          const nodeName = names.get(nodeId) ?? '';
          const measured = text(SIMULATED_MEASURES[kind.kind] ?? 'measure.energyThisHour', {
            value: Number(formatNumber(over)),
          });
          events.push({
            projectId,
            logType: kind.logType,
            eventClass: classOf(kind.logType),
            level: threshold.level,
            time,
            nodeId,
            schemeId: scheme.id,
            kind: kind.kind,
            text: describe(kind, nodeName, { text: measured }, threshold),
            value: round(over, 4),
            threshold: threshold.value,
            unit: kind.unit,
            endTime: time + random.int(1, 12) * 60_000,
          });
          time += random.int(5, 20) * 60_000;
        }
      }
    }
  }
  // Loss warnings and loss rates of the busiest meter; an offline meter.
  const first = schemes.find((s) => s.kind === 'demand')?.nodeIds[0];
  if (first !== undefined) {
    const name = names.get(first) ?? '';
    for (let i = 0; i < 4; i++) {
      const rate = round(5 + random.next() * 4, 1);
      const warning = i % 2 === 0;
      const time = start + Math.floor(random.next() * (now - start - 3_600_000));
      events.push({
        projectId,
        logType: warning ? LOG_TYPE.lossWarning : LOG_TYPE.lossRate,
        eventClass: classOf(warning ? LOG_TYPE.lossWarning : LOG_TYPE.lossRate),
        level: warning ? 4 : 2,
        time,
        nodeId: first,
        kind: String(warning ? LOG_TYPE.lossWarning : LOG_TYPE.lossRate),
        text: text('event.lossRate', {
          node: name,
          rate: Number(formatNumber(rate)),
          threshold: warning ? 4.5 : 5,
          level: warning ? 4 : 2,
        }),
        value: rate,
        threshold: warning ? 4.5 : 5,
        unit: '%',
        endTime: time + random.int(10, 90) * 60_000,
      });
    }
    const time = start + Math.floor(random.next() * (now - start - 3_600_000));
    events.push({
      projectId,
      logType: LOG_TYPE.deviceOffline,
      eventClass: classOf(LOG_TYPE.deviceOffline),
      level: 2,
      time,
      nodeId: first,
      schemeId: schemes.find((s) => s.kind === 'offline')?.id ?? null,
      kind: 'offline',
      text: text('event.offline', {
        node: name,
        measure: text('measure.noData', { seconds: 900 }),
        threshold: 600,
        level: 2,
      }),
      value: 900,
      threshold: 600,
      unit: 's',
      endTime: time + 25 * 60_000,
    });
  }
  events.sort((x, y) => x.time - y.time);
  for (const e of events) {
    // Events older than a day are mostly confirmed, newer ones mostly pending.
    const old = e.time < now - 86_400_000;
    if (confirmer !== undefined && random.next() < (old ? 0.75 : 0.2)) {
      e.status = EVENT_STATUS.confirmed;
      e.confirmedBy = confirmer;
      e.confirmedAt = (e.endTime ?? e.time) + random.int(5, 240) * 60_000;
      e.result = text(random.pick(['event.confirmed', 'event.loadShifted', 'event.checkedOnSite'] as const));
    }
  }
  await inTransaction(db, async (trx) => {
    for (const e of events) await insertEvent(trx, e);
  });
}

/** The demo users who confirm a project's past events. */
const CONFIRMERS: Record<string, string> = {
  'SH-01': 'operator-sh',
  'BE-01': 'manager-bj',
  'CH-01': 'operator-chi',
};

/**
 * Seeds the projects whose meters are ready; answers the ids of the demo schemes so far and
 * whether every project has its schemes (the marker then keeps the ids: disturbances touch
 * these only).
 */
async function seedDemoAlarms(
  services: Services,
  world: DemoWorld,
): Promise<{ schemeIds: number[]; done: boolean }> {
  const { db } = services;
  const known = await readSetting(db, MARKER, z.array(z.number().int()), null);
  if (Array.isArray(known)) return { schemeIds: known, done: true };
  let done = true;
  const schemeIds: number[] = [];
  for (const [code, user] of Object.entries(CONFIRMERS)) {
    const projectId = world.projects[code];
    if (projectId === undefined) continue;
    const existing = await loadSchemes(db, projectId);
    if (existing.length > 0) {
      schemeIds.push(...existing.map((x) => x.id));
      continue;
    }
    const plans = await demoSchemes(services, projectId);
    if (!plans) {
      done = false;
      continue;
    }
    const now = services.clock();
    for (const p of plans) await insertScheme(db, projectId, schemeValues(p), now);
    const seeded = await loadSchemes(db, projectId);
    schemeIds.push(...seeded.map((x) => x.id));
    await seedPastEvents(services, projectId, seeded, world.users[user]);
  }
  if (done) await writeSetting(db, MARKER, schemeIds);
  return { schemeIds, done };
}

/** The live value that crosses a threshold of a scheme at a node (kinds with one point). */
function disturbance(
  scheme: AlarmSchemeRow,
  points: ReadonlyMap<number, number>,
  pick: <T>(items: readonly T[]) => T,
): { pointId: number; value: number } | undefined {
  const threshold = pick(scheme.thresholds);
  const point = (dataId: number) => points.get(dataId);
  switch (scheme.kind) {
    case 'demand': {
      const pointId = point(2000);
      return pointId === undefined ? undefined : { pointId, value: round(threshold.value * 1.05, 2) };
    }
    case 'thd': {
      const pointId = point(3030);
      return pointId === undefined ? undefined : { pointId, value: round(threshold.value + 0.4, 2) };
    }
    case 'voltage': {
      const pointId = point(pick([3001, 3002, 3003]));
      const deviation = (threshold.value + 0.3) / 100;
      return pointId === undefined
        ? undefined
        : { pointId, value: round(230 * (1 + pick([-1, 1]) * deviation), 2) };
    }
    default:
      return undefined;
  }
}

/**
 * Seeds the demo alarms (each project as soon as its meters have values, retried every
 * second), and disturbs a demo meter every `noticeIntervalMs` once some are seeded. Returns
 * the stop function.
 */
export function startDemoAlarms(
  services: Services,
  world: DemoWorld,
  config: ServerConfig,
): () => Promise<void> {
  const { db, live } = services;
  const random = seededRandom(config.seed * 17 + 5);
  let stopped = false;
  let demo = new Set<number>();
  let seeded = false;
  let turn = 0;

  const disturb = async () => {
    const schemes = (await loadSchemes(db, null, { enabledOnly: true })).filter(
      (s) => demo.has(s.id) && ['demand', 'voltage', 'thd'].includes(s.kind),
    );
    const pairs = schemes.flatMap((s) => s.nodeIds.map((nodeId) => ({ scheme: s, nodeId })));
    for (let i = 0; i < pairs.length; i++) {
      const pair = pairs[(turn + i) % pairs.length];
      if (!pair) continue;
      if (await schemeEventOpen(db, pair.scheme.id, pair.nodeId)) continue;
      const points = await pointsOfNode(db, pair.nodeId);
      const jump = disturbance(pair.scheme, points, random.pick);
      if (!jump) continue;
      turn = (turn + i + 1) % pairs.length;
      live.set(jump.pointId, services.clock(), jump.value);
      return;
    }
  };

  const seed = async () => {
    const state = await seedDemoAlarms(services, world);
    demo = new Set(state.schemeIds);
    seeded = state.done;
  };

  /** One job at a time per kind; errors are reported, never thrown. */
  const runner = (job: () => Promise<void>) => {
    let running: Promise<void> | null = null;
    return {
      run() {
        if (stopped || running) return;
        running = job()
          .catch((error: unknown) => {
            if (!stopped)
              process.stderr.write(
                `simulator: demo alarms failed: ${error instanceof Error ? error.message : String(error)}\n`,
              );
          })
          .finally(() => {
            running = null;
          });
      },
      idle: async () => {
        await running;
      },
    };
  };
  const seeding = runner(seed);
  const disturbing = runner(disturb);
  const seedTimer = setInterval(
    () => {
      if (!seeded) seeding.run();
    },
    Math.min(config.liveIntervalMs, 1_000),
  );
  const disturbTimer = setInterval(
    () => {
      if (demo.size > 0) disturbing.run();
    },
    Math.max(200, config.noticeIntervalMs),
  );
  seedTimer.unref();
  disturbTimer.unref();
  return async () => {
    stopped = true;
    clearInterval(seedTimer);
    clearInterval(disturbTimer);
    await seeding.idle();
    await disturbing.idle();
  };
}
