/**
 * The demo projects' demand management (issue 16, ADR 0022), once: an inlet per transformer
 * supply meter with its transformer capacity, window type and billing method; a two-part
 * tariff billing scheme (capacity and demand prices, the 105 % penalty, power-factor standard
 * 0.90, the project's time-of-use bands with a price each); warning levels 95/100/105/110 % of
 * the declared demand; a declaration per month of the history at 1.1 × the month's busy-hour
 * load. The load (simulator/readings.ts) peaks past the declared value on surge days, so the
 * history gets the demand events of its level crossings (derived from the rollup, as the
 * engine raises them live), and months with an over-declaration penalty.
 */
import {
  ALARM_DEADBAND,
  addMonth,
  type DemandWindowType,
  demandOf,
  ENERGY_TYPE,
  EVENT_STATUS,
  eventLevelOfWarning,
  levelReached,
  levelsInKw,
  monthBounds,
  monthOf,
  text,
} from '@eem/core';
import { z } from 'zod';
import { catchUp, powerPointOf } from '../areas/demand/demand-data.js';
import { demandText } from '../areas/demand/demand-warnings.js';
import { insertDemandEvent } from '../areas/demand/repo/events.js';
import {
  allInlets,
  declaredValuesOf,
  type InletRow,
  insertDeclaration,
  insertInlet,
  insertWarningConfig,
} from '../areas/demand/repo/inlets.js';
import { rollupsOf } from '../areas/demand/repo/rollups.js';
import { insertScheme, insertVersions } from '../areas/demand/repo/schemes.js';
import { EnergyModel } from '../areas/energy/model.js';
import { insertEvent } from '../areas/events/repo/events.js';
import { defaultTypeSetting } from '../areas/events/type-settings.js';
import { schemesOf as touSchemesOf } from '../areas/metering/repo/tou.js';
import { readSetting, writeSetting } from '../areas/shell/repo/settings.js';
import { inTransaction } from '../db/database.js';
import { JSON_COLUMNS } from '../db/json-columns.js';
import type { Services } from '../services.js';
import { supplyPlan } from './energy.js';
import { seasonOf, supplyNominalKw } from './readings.js';

const MARKER = 'simulator.demand';
const EVENTS_MARKER = 'simulator.demand.events';

/** Transformer sizes (kVA) of the standard series. */
const KVA_SERIES = [100, 160, 200, 250, 315, 400, 500, 630, 800, 1000, 1250, 1600, 2000, 2500, 3150, 4000];

const TARIFFS: Record<
  string,
  { name: string; capacity: number; demand: number; prices: [number, number, number, number] }
> = {
  'SH-01': { name: '两部制大工业电价', capacity: 30, demand: 40, prices: [1.3524, 1.0836, 0.6621, 0.3144] },
  'BE-01': { name: 'Industrial two-part', capacity: 28, demand: 38, prices: [0.41, 0.36, 0.29, 0.22] },
  'CH-01': { name: 'Large load two-part', capacity: 25, demand: 35, prices: [0.18, 0.14, 0.09, 0.06] },
};

const LEVELS = [
  { level: 1, value: 95 },
  { level: 2, value: 100 },
  { level: 3, value: 105 },
  { level: 4, value: 110 },
];

function round10(v: number): number {
  return Math.max(10, Math.round(v / 10) * 10);
}

/** The declared demand of a month: 1.1 × the busy-hour load of its middle. */
function declaredOf(nominalKw: number, month: string, timeZone: string): number {
  const { start, end } = monthBounds(month, timeZone);
  return round10(nominalKw * seasonOf((start + end) / 2, timeZone) * 1.1);
}

async function configure(services: Services, projectId: number, code: string): Promise<void> {
  const { db, config } = services;
  const project = await services.projects.get(projectId);
  const tariff = TARIFFS[code];
  if (!project || !tariff) return;
  const now = services.clock();
  const tz = project.timeZone;
  const model = await EnergyModel.load(db, project);
  const supplies = [...supplyPlan(model)].filter(([meter]) => {
    const node = model.node(meter);
    return node?.energyType === ENERGY_TYPE.electricity && node.modelLabel === 'meter';
  });
  const touScheme = (await touSchemesOf(db, projectId))[0];
  const month = monthOf(now, tz);
  const firstMonth = monthOf(now - (config.historyDays + 31) * 86_400_000, tz);
  await inTransaction(db, async (trx) => {
    const schemeId = await insertScheme(trx, {
      project_id: projectId,
      name: tariff.name,
      pf_standard: 0.9,
      tou_scheme_id: touScheme?.id ?? null,
      created_at: now,
      updated_at: now,
    });
    await insertVersions(trx, [
      {
        project_id: projectId,
        scheme_id: schemeId,
        month_from: addMonth(month, -36),
        month_to: null,
        methods: JSON_COLUMNS.billingMethods.write(['capacity', 'demand']),
        capacity_price: tariff.capacity,
        demand_price: tariff.demand,
        penalty_threshold_pct: 105,
        penalty_multiplier: 2,
        price_sharp: tariff.prices[0],
        price_peak: tariff.prices[1],
        price_flat: tariff.prices[2],
        price_valley: tariff.prices[3],
      },
    ]);
    let n = 0;
    for (const [meter, supply] of supplies) {
      if ((await powerPointOf(trx, meter)) === undefined) continue;
      n++;
      const nominal = supplyNominalKw(supply, config.seed);
      const peak = nominal * 1.15 * 1.25;
      const kva = KVA_SERIES.find((k) => k * 0.9 >= peak) ?? KVA_SERIES[KVA_SERIES.length - 1] ?? 4000;
      const transformer = model.node(model.node(meter)?.parentId ?? 0);
      const name = `${transformer?.name ?? model.node(meter)?.name ?? 'Inlet'} inlet`.slice(0, 50);
      const inletId = await insertInlet(trx, {
        project_id: projectId,
        name,
        code: `${code}-L${n}`,
        voltage_kv: 10,
        bus_segment: `Bus ${['I', 'II', 'III', 'IV', 'V', 'VI'][n - 1] ?? n}`,
        transformer_kva: kva,
        // The first inlet billed by demand, the others by capacity: the advice has both to compare.
        billing_method: n === 1 ? 'demand' : 'capacity',
        declared_kw: declaredOf(nominal, month, tz),
        window_type: n === 2 ? 'fixed' : 'sliding',
        meter_node_id: meter,
        billing_scheme_id: schemeId,
        account: `${code.replace('-', '')}${String(n).padStart(6, '0')}`,
        remark: '',
        rolled_to: null,
        created_at: now,
        updated_at: now,
      });
      for (let m = firstMonth; m <= month; m = addMonth(m, 1))
        await insertDeclaration(trx, {
          project_id: projectId,
          inlet_id: inletId,
          month: m,
          value_kw: declaredOf(nominal, m, tz),
          reminder_day: m === month ? 25 : null,
          reminder_user_ids: JSON_COLUMNS.declarationReminderUserIds.write([]),
          reminded_at: m === month ? null : now,
          updated_by: 0,
          updated_at: now,
        });
      await insertWarningConfig(trx, {
        inlet_id: inletId,
        project_id: projectId,
        enabled: 1,
        basis: 'percent',
        levels: JSON_COLUMNS.warningLevels.write(LEVELS),
        on_predicted: n === 1 ? 1 : 0,
        receiver_ids: JSON_COLUMNS.warningReceiverIds.write([]),
        channels: JSON_COLUMNS.warningChannels.write(['web', 'sound']),
        repeat_minutes: 0,
        updated_at: now,
      });
    }
  });
}

/** The 704 events of the history: each crossing of a level by the quarter hours' demand, until it falls back. */
async function historyEvents(
  services: Services,
  inlet: InletRow,
  timeZone: string,
  before: number,
): Promise<void> {
  const { db } = services;
  await catchUp(db, inlet);
  const rows = await rollupsOf(db, inlet.id, 0, before);
  const windowType = inlet.window_type as DemandWindowType;
  const declared = new Map((await declaredValuesOf(db, inlet.id)).map((d) => [d.month, d.value_kw]));
  const setting = defaultTypeSetting(704);
  let open: { level: number; time: number; kw: number; declaredKw: number; threshold: number } | null = null;
  const events: {
    level: number;
    time: number;
    end: number;
    kw: number;
    declaredKw: number;
    threshold: number;
  }[] = [];
  for (const r of rows) {
    const d = demandOf({ ts: r.ts, avgKw: r.avg_kw, maxKw: r.max_kw, maxAt: r.max_at }, windowType);
    if (!d) continue;
    const declaredKw = declared.get(monthOf(r.ts, timeZone)) ?? inlet.declared_kw;
    const levels = levelsInKw('percent', LEVELS, declaredKw);
    const level = levelReached(d.kw, levels, open ? ALARM_DEADBAND : 0);
    if (open && (level === 0 || level > open.level)) {
      events.push({ ...open, end: d.at });
      open = null;
    }
    if (level > 0 && !open)
      open = {
        level,
        time: d.at,
        kw: d.kw,
        declaredKw,
        threshold: levels.find((l) => l.level === level)?.kw ?? 0,
      };
  }
  await inTransaction(db, async (trx) => {
    for (const e of events.slice(-300)) {
      const confirmed = before - e.time > 2 * 86_400_000;
      const stored = await insertEvent(trx, {
        projectId: inlet.project_id,
        logType: 704,
        eventClass: setting.eventClass,
        level: eventLevelOfWarning(e.level),
        time: e.time,
        endTime: e.end,
        nodeId: inlet.meter_node_id,
        schemeId: null,
        kind: `demand:${inlet.id}`,
        text: demandText(inlet.name, { ...e, predicted: false }),
        value: Number(e.kw.toFixed(4)),
        threshold: e.threshold,
        unit: 'kW',
        status: confirmed ? EVENT_STATUS.confirmed : EVENT_STATUS.pending,
        confirmedAt: confirmed ? e.end + 3_600_000 : null,
        result: confirmed ? text('event.loadShed') : null,
        notifiedAt: e.time,
      });
      await insertDemandEvent(trx, {
        event_id: stored.id,
        project_id: inlet.project_id,
        inlet_id: inlet.id,
        demand_kw: Number(e.kw.toFixed(4)),
        declared_kw: e.declaredKw,
        predicted: 0,
      });
    }
  });
}

/** Inlets, billing schemes, warning levels and declarations of the demo projects, then the history's events (each once). */
export async function seedDemand(
  services: Services,
  projects: Readonly<Record<string, number>>,
): Promise<void> {
  const { db } = services;
  if (!(await readSetting(db, MARKER, z.boolean(), false))) {
    for (const code of ['SH-01', 'BE-01', 'CH-01']) {
      const id = projects[code];
      if (id !== undefined) await configure(services, id, code);
    }
    await writeSetting(db, MARKER, true);
  }
  if (await readSetting(db, EVENTS_MARKER, z.boolean(), false)) return;
  const before = services.clock();
  for (const inlet of await allInlets(db)) {
    const project = await services.projects.get(inlet.project_id);
    if (project && Object.values(projects).includes(inlet.project_id))
      await historyEvents(services, inlet, project.timeZone, before);
  }
  await writeSetting(db, EVENTS_MARKER, true);
}
