/**
 * The demo expert library of each demo tenant and a week of power-quality events on the demo
 * projects' electric meters (a handful a day: mostly sags, some swells, a rare interruption
 * or transient), each an event of log type 712 with a recording (has_wave) and its pq_events
 * row. Seeded once each (settings markers), deterministic for EEM_SEED. The event log's own
 * seeding leaves log type 712 with recordings to this file.
 */
import { EVENT_STATUS, encodeText, LOG_TYPE, text } from '@eem/core';
import { z } from 'zod';
import { pointsOfQuantity } from '../areas/datalog/repo/points.js';
import { insertHistoricEvent } from '../areas/events/repo/events.js';
import { DEMO_PLANS, DEMO_SCENARIOS } from '../areas/expert/demo-library.js';
import { insertPlan } from '../areas/expert/repo/plans.js';
import { hasScenarios, insertScenario } from '../areas/expert/repo/scenarios.js';
import { nodeAttributes, nodesOfTypes } from '../areas/nodes/repo/nodes.js';
import { iticRegion } from '../areas/pq/itic.js';
import {
  PQ_EVENT_CLASS,
  PQ_THRESHOLD,
  type PqEventFacts,
  pqEventDescription,
  pqEventLevel,
  pqEventText,
} from '../areas/pq/pq-event-facts.js';
import { insertPqEvent as insertPqRow } from '../areas/pq/repo/pq-events.js';
import { readSetting, writeSetting } from '../areas/shell/repo/settings.js';
import { type Db, inTransaction } from '../db/database.js';
import type { DemoWorld } from '../first-start.js';
import type { Services } from '../services.js';
import { type Random, seededRandom } from './random.js';
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
  if (await readSetting(db, LIBRARY_MARKER, z.boolean(), false)) return;
  const now = services.clock();
  await inTransaction(db, async (trx) => {
    for (const tenantId of [...tenantIds].sort((a, b) => a - b)) {
      if (!(await hasScenarios(trx, tenantId))) await seedLibrary(trx, tenantId, now);
    }
    await writeSetting(trx, LIBRARY_MARKER, true);
  });
}

async function seedLibrary(db: Db, tenantId: number, now: number): Promise<void> {
  const ids = new Map<string, number>();
  for (const s of DEMO_SCENARIOS) {
    const row = await insertScenario(db, {
      tenant_id: tenantId,
      name: s.name,
      device_classified: s.deviceClassified,
      event_classified: s.eventClassified,
      log_types: [...s.logTypes],
      causes: [...s.causes],
      checks: [...s.checks],
      attachments: [],
      created_at: now,
      updated_at: now,
    });
    ids.set(s.name, row.id);
  }
  for (const p of DEMO_PLANS) {
    const scenarioIds = p.scenarios.map((name) => {
      const scenarioId = ids.get(name);
      if (scenarioId === undefined) throw new Error(`demo plan ${p.name} names no demo scenario ${name}`);
      return scenarioId;
    });
    await insertPlan(db, { tenantId, name: p.name, steps: [...p.steps], scenarioIds, now });
  }
}

interface Meter {
  id: number;
  pointId: number | null;
  loadCurrent: number;
}

async function electricMeters(db: Db, projectId: number, random: Random): Promise<Meter[]> {
  const nodes = (await nodesOfTypes(db, projectId, ['meter'])).sort((a, b) => a.id - b.id);
  const points = await pointsOfQuantity(db, projectId, VOLTAGE_A);
  return nodes
    .filter((n) => Number(nodeAttributes(n).energytype) === ELECTRICITY)
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
  if (await readSetting(db, PQ_MARKER, z.boolean(), false)) return;
  const now = services.clock();
  await inTransaction(db, async (trx) => {
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
  db: Db,
  projectId: number,
  meter: Meter,
  time: number,
  now: number,
  random: Random,
): Promise<void> {
  const facts = drawEvent(random);
  // Older events were mostly looked at; the last day's wait for someone.
  const confirmed = now - time > DAY_MS && random.next() < 0.7;
  const eventId = await insertHistoricEvent(db, {
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
    description_text: encodeText(pqEventText(facts)),
    value: facts.magnitude,
    threshold: PQ_THRESHOLD[facts.type],
    unit: '%',
    confirmed_by: null,
    confirmed_at: confirmed ? time + random.int(10, 240) * 60_000 : null,
    result: confirmed ? 'Recording reviewed; no equipment damage found' : null,
    result_text: confirmed ? encodeText(text('event.recordingReviewed')) : null,
    has_wave: 1,
  });
  await insertPqRow(db, {
    event_id: eventId,
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
  });
}
