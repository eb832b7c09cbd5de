/**
 * The demo expert library of each demo tenant and a week of power-quality events on the demo
 * projects' electric meters (a handful a day: mostly sags, some swells, a rare interruption
 * or transient), each an event of log type 712 with a recording (has_wave) and its pq_events
 * row. Seeded once each (settings markers), deterministic for EEM_SEED. The event log's own
 * seeding leaves log type 712 with recordings to this file.
 */
import { EVENT_STATUS, LOG_TYPE } from '@eem/core';
import type { Kysely } from 'kysely';
import { DEMO_PLANS, DEMO_SCENARIOS } from '../areas/expert/demo-library.js';
import { parseAttributes } from '../areas/nodes/node-store.js';
import { iticRegion } from '../areas/pq/itic.js';
import {
  PQ_EVENT_CLASS,
  PQ_THRESHOLD,
  type PqEventFacts,
  pqEventDescription,
  pqEventLevel,
} from '../areas/pq/pq-event-facts.js';
import { readSetting, writeSetting } from '../areas/shell/settings.js';
import type { Database } from '../db/schema.js';
import type { Services } from '../services.js';
import { type Random, seededRandom } from './random.js';
import type { DemoWorld } from './seed.js';
import { demoProjectIds } from './seed-nodes.js';

const LIBRARY_MARKER = 'simulator.expertLibrary';
const PQ_MARKER = 'simulator.pqEvents';
/** Days of PQ events before the first start. */
export const PQ_SEED_DAYS = 7;
const DAY_MS = 86_400_000;
const ELECTRICITY = 2;
const VOLTAGE_A = 3001;

export async function seedExpert(services: Services, world: DemoWorld): Promise<void> {
  await seedLibraries(services, Object.values(world.tenants));
  await seedPqEvents(services, demoProjectIds(world.projects));
}

async function seedLibraries(services: Services, tenantIds: readonly number[]): Promise<void> {
  const { db } = services;
  if (await readSetting(db, LIBRARY_MARKER, false)) return;
  const now = services.clock();
  await db.transaction().execute(async (trx) => {
    for (const tenantId of [...tenantIds].sort((a, b) => a - b)) {
      const has = await trx
        .selectFrom('fault_scenarios')
        .select('id')
        .where('tenant_id', '=', tenantId)
        .executeTakeFirst();
      if (!has) await seedLibrary(trx, tenantId, now);
    }
    await writeSetting(trx, LIBRARY_MARKER, true);
  });
}

async function seedLibrary(db: Kysely<Database>, tenantId: number, now: number): Promise<void> {
  const ids = new Map<string, number>();
  for (const s of DEMO_SCENARIOS) {
    const row = await db
      .insertInto('fault_scenarios')
      .values({
        tenant_id: tenantId,
        name: s.name,
        device_classified: s.deviceClassified,
        event_classified: s.eventClassified,
        log_types: JSON.stringify(s.logTypes),
        causes: JSON.stringify(s.causes),
        checks: JSON.stringify(s.checks),
        attachments: '[]',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(s.name, row.id);
  }
  for (const p of DEMO_PLANS) {
    const row = await db
      .insertInto('event_plans')
      .values({
        tenant_id: tenantId,
        name: p.name,
        steps: JSON.stringify(p.steps),
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const links = p.scenarios.map((name, position) => {
      const scenarioId = ids.get(name);
      if (scenarioId === undefined) throw new Error(`demo plan ${p.name} names no demo scenario ${name}`);
      return { plan_id: row.id, scenario_id: scenarioId, position };
    });
    if (links.length > 0) await db.insertInto('event_plan_scenarios').values(links).execute();
  }
}

interface Meter {
  id: number;
  pointId: number | null;
  loadCurrent: number;
}

async function electricMeters(db: Kysely<Database>, projectId: number, random: Random): Promise<Meter[]> {
  const nodes = await db
    .selectFrom('nodes')
    .select(['id', 'attributes'])
    .where('project_id', '=', projectId)
    .where('model_label', '=', 'meter')
    .orderBy('id')
    .execute();
  const points = new Map(
    (
      await db
        .selectFrom('datalog_points')
        .select(['id', 'node_id'])
        .where('project_id', '=', projectId)
        .where('data_id', '=', VOLTAGE_A)
        .execute()
    ).map((p) => [p.node_id, p.id]),
  );
  return nodes
    .filter((n) => Number(parseAttributes(n.attributes).energytype) === ELECTRICITY)
    .map((n) => ({ id: n.id, pointId: points.get(n.id) ?? null, loadCurrent: random.int(40, 400) }));
}

const round1 = (v: number) => Math.round(v * 10) / 10;

/** One PQ event's type, phases, magnitude and duration, drawn like a real site's. */
function drawEvent(random: Random): PqEventFacts {
  const r = random.next();
  if (r < 0.65) {
    return {
      type: 'sag',
      phase: random.pick(['A', 'B', 'C', 'A', 'B', 'C', 'AB', 'BC', 'CA', 'ABC']),
      magnitude: round1(40 + random.next() * 48),
      durationMs: Math.round(20 + 580 * random.next() ** 2),
    };
  }
  if (r < 0.85) {
    return {
      type: 'swell',
      phase: random.pick(['A', 'B', 'C', 'AB']),
      magnitude: round1(111 + random.next() * 24),
      durationMs: Math.round(20 + 380 * random.next() ** 2),
    };
  }
  if (r < 0.93) {
    return {
      type: 'transient',
      phase: random.pick(['A', 'B', 'C']),
      magnitude: round1(150 + random.next() * 110),
      durationMs: round1(0.3 + random.next() * 2.2),
    };
  }
  return {
    type: 'interruption',
    phase: 'ABC',
    magnitude: round1(random.next() * 8),
    durationMs: Math.round(200 + random.next() * 1600),
  };
}

async function seedPqEvents(services: Services, projectIds: readonly number[]): Promise<void> {
  const { db, config } = services;
  if (await readSetting(db, PQ_MARKER, false)) return;
  const now = services.clock();
  await db.transaction().execute(async (trx) => {
    for (const projectId of [...projectIds].sort((a, b) => a - b)) {
      const random = seededRandom(config.seed * 7_919 + projectId);
      const meters = await electricMeters(trx, projectId, random);
      if (meters.length === 0) continue;
      for (let day = PQ_SEED_DAYS; day >= 1; day--) {
        const times = Array.from({ length: random.int(2, 5) }, () =>
          Math.round(now - day * DAY_MS + random.next() * DAY_MS),
        ).sort((a, b) => a - b);
        for (const time of times) await insertPqEvent(trx, projectId, random.pick(meters), time, now, random);
      }
    }
    await writeSetting(trx, PQ_MARKER, true);
  });
}

async function insertPqEvent(
  db: Kysely<Database>,
  projectId: number,
  meter: Meter,
  time: number,
  now: number,
  random: Random,
): Promise<void> {
  const facts = drawEvent(random);
  // Older events were mostly looked at; the last day's wait for someone.
  const confirmed = now - time > DAY_MS && random.next() < 0.7;
  const event = await db
    .insertInto('events')
    .values({
      project_id: projectId,
      log_type: LOG_TYPE.powerQuality,
      event_class: PQ_EVENT_CLASS[facts.type],
      level: pqEventLevel(facts),
      status: confirmed ? EVENT_STATUS.confirmed : EVENT_STATUS.pending,
      time,
      end_time: time + Math.ceil(facts.durationMs),
      node_id: meter.id,
      point_id: meter.pointId,
      scheme_id: null,
      incident_id: null,
      description: pqEventDescription(facts),
      value: facts.magnitude,
      threshold: PQ_THRESHOLD[facts.type],
      unit: '%',
      confirmed_by: null,
      confirmed_at: confirmed ? time + random.int(10, 240) * 60_000 : null,
      result: confirmed ? 'Recording reviewed; no equipment damage found' : null,
      has_wave: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('pq_events')
    .values({
      event_id: event.id,
      type: facts.type,
      phase: facts.phase,
      magnitude: facts.magnitude,
      duration_ms: facts.durationMs,
      itic: iticRegion(facts.magnitude, facts.durationMs),
      nominal_voltage: 230,
      load_current: meter.loadCurrent,
      power_factor: round1(85 + random.next() * 12) / 100,
      point_on_wave: random.int(0, 359),
      seed: random.int(1, 2_147_483_646),
    })
    .execute();
}
