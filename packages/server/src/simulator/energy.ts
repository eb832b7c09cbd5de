/**
 * The demo site's energy configuration and data (issue 15), deterministic for EEM_SEED:
 *
 * - Before the readings: per project an accounting cycle (Chicago: months from the 26th, a
 *   fiscal year from October, weeks from Sunday), display units (Chicago: MWh), a coal factor
 *   override (Chicago's gas), a time-of-use scheme bound to the project (Shanghai: an expired
 *   and a current version with a summer sharp band), meter bindings (a building and each
 *   transformer to its supply meters, rooms to their meters with an item, the project to the
 *   pipe networks' mains, each line-loss start segment to its head-end meter) and supply
 *   connections (each transformer feeds rooms and cabinets of its building, each start segment
 *   its tail-end meter). The readings then make supply meters measure what they feed plus a
 *   loss (supplyPlan), so balances and the Sankey show a few percent unmetered, and tail-end
 *   meters what their segment's head end measures less a line loss (linePlan).
 * - After the readings: manual entries (coal, diesel, LPG, purchased steam), products with 12
 *   months of planned and actual output, and monthly energy plans near the actual use.
 */
import {
  type CycleSettings,
  ENERGY_TYPE,
  isLineLossStart,
  LINE_LOSS_START,
  localParts,
  monthPeriod,
  monthsOfYear,
  nextPeriodStart,
  type TouDefinition,
  type TouPeriod,
  yearOf,
  zonedTime,
} from '@eem/core';
import { z } from 'zod';
import { EnergyModel, PROJECT_NODE } from '../areas/energy/model.js';
import { writePlans } from '../areas/energy/repo/plans.js';
import { combine, readSources } from '../areas/energy/sums.js';
import { writeEntries } from '../areas/entries/repo/entries.js';
import { insertCoalFactor } from '../areas/metering/repo/coal-factors.js';
import { replaceBindings, replaceConnections } from '../areas/metering/repo/meters.js';
import { writeEnergySettings } from '../areas/metering/repo/settings.js';
import { insertScheme, setBindings } from '../areas/metering/repo/tou.js';
import { nodeAttributes, nodesOfTypes } from '../areas/nodes/repo/nodes.js';
import { insertProduct, PRODUCTION_KIND, writeProduction } from '../areas/production/repo/production.js';
import { readSetting, writeSetting } from '../areas/shell/repo/settings.js';
import { inTransaction } from '../db/database.js';
import type { Services } from '../services.js';
import { seededRandom } from './random.js';

const CONFIG_MARKER = 'simulator.energyConfig';
const DATA_MARKER = 'simulator.energyData';
const DAY = 86_400_000;

/** The loss supply meters measure over what they feed. */
const LOSS = { electricity: 0.04, media: 0.03 } as const;

/**
 * The line loss (%) of each line-loss start segment of a project, in the order of their ids: a
 * few percent, different for each, the second clearly the worst (the ranking of /linelossanalytical).
 */
const LINE_LOSS_PCT = [
  1.2, 4.3, 0.7, 1.9, 2.5, 0.9, 1.6, 2.2, 0.6, 1.4, 2.0, 1.1, 2.7, 0.8, 1.7, 2.3, 1.0, 2.9, 1.5, 0.5, 2.1,
  1.3, 2.6, 1.8,
] as const;

const h = (hour: number, minute = 0) => hour * 60 + minute;
const p = (band: 1 | 2 | 3 | 4, start: number, end: number): TouPeriod => ({ band, start, end });

/** Shanghai's industrial tariff: peak 8–11 and 18–21, flat by day, valley at night; summer sharp 12–14. */
function shanghai(sharp: boolean): TouDefinition {
  const day = [
    p(4, 0, h(6)),
    p(3, h(6), h(8)),
    p(2, h(8), h(11)),
    p(3, h(11), h(18)),
    p(2, h(18), h(21)),
    p(3, h(21), h(22)),
    p(4, h(22), h(24)),
  ];
  const summer = [
    p(4, 0, h(6)),
    p(3, h(6), h(8)),
    p(2, h(8), h(11)),
    p(3, h(11), h(12)),
    p(1, h(12), h(14)),
    p(3, h(14), h(18)),
    p(2, h(18), h(21)),
    p(3, h(21), h(22)),
    p(4, h(22), h(24)),
  ];
  const rest = [p(4, 0, h(6)), p(3, h(6), h(22)), p(4, h(22), h(24))];
  return {
    seasons: sharp
      ? [
          { name: 'Summer', start: '07-01', end: '09-30', workday: summer, holiday: rest },
          { name: 'Other months', start: '10-01', end: '06-30', workday: day, holiday: rest },
        ]
      : [{ name: 'All year', start: '01-01', end: '12-31', workday: day, holiday: rest }],
    holidays: ['2026-01-01', '2026-05-01', '2026-10-01', '2026-10-02', '2026-10-03', '2027-01-01'],
    workdays: ['2026-09-27'],
  };
}

/** Berlin: peak on working days 08:00–20:00, valley otherwise. */
const berlin: TouDefinition = {
  seasons: [
    {
      name: 'All year',
      start: '01-01',
      end: '12-31',
      workday: [p(4, 0, h(8)), p(2, h(8), h(20)), p(4, h(20), h(24))],
      holiday: [p(4, 0, h(24))],
    },
  ],
  holidays: ['2026-01-01', '2026-05-01', '2026-10-03', '2026-12-25', '2026-12-26'],
  workdays: [],
};

/** Chicago: summer on-peak 14:00–19:00, shoulder by day, off-peak at night and on weekends. */
const chicago: TouDefinition = {
  seasons: [
    {
      name: 'Summer',
      start: '06-01',
      end: '09-30',
      workday: [p(4, 0, h(7)), p(3, h(7), h(14)), p(2, h(14), h(19)), p(3, h(19), h(21)), p(4, h(21), h(24))],
      holiday: [p(4, 0, h(24))],
    },
    {
      name: 'Winter',
      start: '10-01',
      end: '05-31',
      workday: [p(4, 0, h(7)), p(3, h(7), h(21)), p(4, h(21), h(24))],
      holiday: [p(4, 0, h(24))],
    },
  ],
  holidays: ['2026-07-03', '2026-09-07', '2026-11-26', '2026-12-25'],
  workdays: [],
};

const ITEMS: [prefix: string, item: string][] = [
  ['Office', 'A1'],
  ['Equipment room', 'B1'],
  ['Pump room', 'C2'],
  ['Workshop', 'D6'],
];

/** The meters that are a building's or transformer's supply, and the project's pipe-network mains. */
function supplyMeters(model: EnergyModel) {
  const transformers = [...model.nodes.values()].filter((n) => n.modelLabel === 'transformer');
  const lvMeter = new Map<number, number[]>();
  for (const t of transformers)
    lvMeter.set(
      t.id,
      model
        .descendants(t.id)
        .filter(
          (id) =>
            model.node(id)?.modelLabel === 'meter' && model.node(id)?.energyType === ENERGY_TYPE.electricity,
        ),
    );
  const mains = [...model.nodes.values()].filter((n) => {
    if (n.modelLabel !== 'meter') return false;
    const pipe = model.node(n.parentId);
    return pipe?.modelLabel === 'pipe' && model.node(pipe.parentId)?.modelLabel === 'pipenetwork';
  });
  return { transformers, lvMeter, mains };
}

function buildingOf(model: EnergyModel, id: number): number | undefined {
  let node = model.node(id);
  for (let d = 0; node && d < 64; d++) {
    if (node.modelLabel === 'building') return node.id;
    node = model.node(node.parentId);
  }
  return undefined;
}

async function configure(services: Services, projectId: number, code: string): Promise<void> {
  const project = await services.projects.get(projectId);
  if (!project) return;
  const { db } = services;
  const now = services.clock();
  const model = await EnergyModel.load(db, project);
  await inTransaction(db, async (trx) => {
    if (code === 'CH-01') {
      const cycle: CycleSettings = {
        dayStartHour: 0,
        weekStartDay: 7,
        monthStartDay: 26,
        yearStartMonth: 10,
      };
      await writeEnergySettings(
        trx,
        projectId,
        { cycle, units: { '2': { unit: 'MWh', multiplier: 0.001 } } },
        now,
      );
      await insertCoalFactor(trx, {
        project_id: projectId,
        energy_type: ENERGY_TYPE.gas,
        factor: 0.00133,
        updated_at: now,
      });
    }
    // Time of use: bound to the project; versions reach a year and more into the past.
    const tz = project.timeZone;
    const today = localParts(now, tz);
    const day = (back: number) => zonedTime(tz, today.year, today.month, today.day - back);
    const versions =
      code === 'SH-01'
        ? [
            { effective_from: day(800), effective_to: day(181), definition: shanghai(false) },
            { effective_from: day(180), effective_to: null, definition: shanghai(true) },
          ]
        : [{ effective_from: day(800), effective_to: null, definition: code === 'BE-01' ? berlin : chicago }];
    const name =
      code === 'SH-01' ? '上海工业分时电价' : code === 'BE-01' ? 'Berlin HT/NT' : 'ComEd time of use';
    const scheme = await insertScheme(trx, projectId, name, versions, now);
    await setBindings(trx, projectId, scheme, [PROJECT_NODE]);
    // Meter bindings and supply connections.
    const { transformers, lvMeter, mains } = supplyMeters(model);
    const byBuilding = new Map<number, number[]>();
    for (const t of transformers) {
      const meters = lvMeter.get(t.id) ?? [];
      await replaceBindings(
        trx,
        projectId,
        t.id,
        meters.map((m) => ({ meter_id: m, energy_type: ENERGY_TYPE.electricity, coef: 1, item: null })),
      );
      const b = buildingOf(model, t.id);
      if (b !== undefined) byBuilding.set(b, [...(byBuilding.get(b) ?? []), ...meters]);
    }
    for (const [building, meters] of byBuilding)
      await replaceBindings(
        trx,
        projectId,
        building,
        meters.map((m) => ({ meter_id: m, energy_type: ENERGY_TYPE.electricity, coef: 1, item: null })),
      );
    const mainsByType = new Map<number, number[]>();
    for (const m of mains)
      if (m.energyType !== null)
        mainsByType.set(m.energyType, [...(mainsByType.get(m.energyType) ?? []), m.id]);
    await replaceBindings(
      trx,
      projectId,
      PROJECT_NODE,
      [...mainsByType].flatMap(([type, ids]) =>
        ids.map((id) => ({ meter_id: id, energy_type: type, coef: 1, item: null })),
      ),
    );
    for (const room of [...model.nodes.values()].filter((n) => n.modelLabel === 'room')) {
      const item = ITEMS.find(([prefix]) => room.name.startsWith(prefix))?.[1];
      const meters = model
        .children(room.id)
        .filter(
          (id) =>
            model.node(id)?.modelLabel === 'meter' && model.node(id)?.energyType === ENERGY_TYPE.electricity,
        );
      if (item && meters.length > 0)
        await replaceBindings(
          trx,
          projectId,
          room.id,
          meters.map((m) => ({ meter_id: m, energy_type: ENERGY_TYPE.electricity, coef: 1, item })),
        );
    }
    const pairs: { from_id: number; to_id: number }[] = [];
    for (const [building] of byBuilding) {
      const own = transformers.filter((t) => buildingOf(model, t.id) === building);
      const consumers = model
        .descendants(building)
        .filter((id) => {
          const n = model.node(id);
          if (!n || (n.modelLabel !== 'room' && n.modelLabel !== 'cabinet')) return false;
          if (n.modelLabel === 'room' && n.name.startsWith('Switch room')) return false;
          if (n.modelLabel === 'room' && n.name.startsWith('Transformer room')) return false;
          return model
            .descendants(id)
            .some(
              (d) =>
                model.node(d)?.modelLabel === 'meter' &&
                model.node(d)?.energyType === ENERGY_TYPE.electricity,
            );
        })
        .sort((a, b) => a - b);
      consumers.forEach((c, i) => {
        const t = own[i % Math.max(1, own.length)];
        if (t) pairs.push({ from_id: t.id, to_id: c });
      });
    }
    // Line-loss start segments: the head-end meter bound, the tail-end meter fed (seed-nodes.ts).
    for (const row of await nodesOfTypes(trx, projectId, [LINE_LOSS_START.modelLabel])) {
      if (!isLineLossStart(nodeAttributes(row))) continue;
      const segment = Number(row.id);
      const [head, ...tails] = model
        .children(segment)
        .filter(
          (id) =>
            model.node(id)?.modelLabel === 'meter' && model.node(id)?.energyType === ENERGY_TYPE.electricity,
        )
        .sort((a, b) => a - b);
      if (head === undefined || tails.length === 0) continue;
      await replaceBindings(trx, projectId, segment, [
        { meter_id: head, energy_type: ENERGY_TYPE.electricity, coef: 1, item: null },
      ]);
      for (const tail of tails) pairs.push({ from_id: segment, to_id: tail });
    }
    await replaceConnections(trx, projectId, ENERGY_TYPE.electricity, pairs);
  });
}

/**
 * What each supply meter measures: a transformer's meter the electricity meters of the nodes it
 * feeds (its connections) plus 4 %, a project's pipe-network main its share of every other meter
 * of its medium plus 3 %. Meter node → fed meter nodes and factor.
 */
export function supplyPlan(model: EnergyModel): Map<number, { fed: number[]; factor: number }> {
  const out = new Map<number, { fed: number[]; factor: number }>();
  // Tail-end meters are not part of what a transformer feeds: their segment's head end is.
  const supply = new Set<number>(linePlan(model).keys());
  const transformerMeters: [number, number[]][] = [];
  for (const n of model.nodes.values()) {
    if (n.modelLabel !== 'transformer') continue;
    const own = model
      .bindingsOf(n.id)
      .filter((b) => b.energyType === ENERGY_TYPE.electricity)
      .map((b) => b.meterId);
    if (own.length === 0) continue;
    for (const m of own) supply.add(m);
    transformerMeters.push([n.id, own]);
  }
  const projectOwn = model.bindingsOf(PROJECT_NODE);
  for (const b of projectOwn) supply.add(b.meterId);
  const metersIn = (id: number, type: number) =>
    [id, ...model.descendants(id)].filter((d) => {
      const n = model.node(d);
      return n?.modelLabel === 'meter' && n.energyType === type && !supply.has(d);
    });
  for (const [transformer, own] of transformerMeters) {
    const fed = [
      ...new Set(
        model
          .feeds(transformer, ENERGY_TYPE.electricity)
          .flatMap((c) => (c === transformer ? [] : metersIn(c, ENERGY_TYPE.electricity))),
      ),
    ];
    for (const m of own) out.set(m, { fed, factor: (1 + LOSS.electricity) / own.length });
  }
  const byType = new Map<number, number[]>();
  for (const b of projectOwn) byType.set(b.energyType, [...(byType.get(b.energyType) ?? []), b.meterId]);
  for (const [type, own] of byType) {
    const fed = metersIn(PROJECT_NODE, type);
    for (const m of own) out.set(m, { fed, factor: (1 + LOSS.media) / own.length });
  }
  return out;
}

/**
 * What each line segment's tail-end meter measures: the segment's head-end meters (its bindings)
 * less its line loss (LINE_LOSS_PCT), without the surges of the supply meters. Tail-end meter
 * node → head-end meter nodes and factor.
 */
export function linePlan(model: EnergyModel): Map<number, { fed: number[]; factor: number; surge: false }> {
  const out = new Map<number, { fed: number[]; factor: number; surge: false }>();
  const segments = [...model.nodes.values()]
    .filter((n) => n.modelLabel === LINE_LOSS_START.modelLabel)
    .sort((a, b) => a.id - b.id);
  let index = 0;
  for (const segment of segments) {
    const head = model
      .bindingsOf(segment.id)
      .filter((b) => b.energyType === ENERGY_TYPE.electricity)
      .map((b) => b.meterId);
    if (head.length === 0) continue;
    const tails = model
      .feeds(segment.id, ENERGY_TYPE.electricity)
      .filter((id) => model.node(id)?.modelLabel === 'meter' && !head.includes(id));
    if (tails.length === 0) continue;
    const pct = LINE_LOSS_PCT[index++ % LINE_LOSS_PCT.length] as number;
    for (const tail of tails)
      out.set(tail, { fed: head, factor: (1 - pct / 100) / tails.length, surge: false });
  }
  return out;
}

/** Cycle, units, coal factor, time of use, bindings and connections of the demo projects (once). */
export async function seedEnergyConfig(
  services: Services,
  projects: Readonly<Record<string, number>>,
): Promise<void> {
  const { db } = services;
  if (await readSetting(db, CONFIG_MARKER, z.boolean(), false)) return;
  for (const code of ['SH-01', 'BE-01', 'CH-01']) {
    const id = projects[code];
    if (id !== undefined) await configure(services, id, code);
  }
  await writeSetting(db, CONFIG_MARKER, true);
}

const PRODUCTS: Record<string, [name: string, unit: string, perMonth: number][]> = {
  'SH-01': [
    ['Injection-moulded housings', 't', 420],
    ['Control assemblies', 'pcs', 18_000],
  ],
  'BE-01': [['Machined shafts', 'pcs', 6_500]],
  'CH-01': [
    ['Packaged snacks', 't', 950],
    ['Frozen meals', 't', 310],
  ],
};

const ENTRIES: Record<string, [type: number, perMonth: number][]> = {
  'SH-01': [
    [ENERGY_TYPE.diesel, 3.2],
    [ENERGY_TYPE.purchasedSteam, 180],
  ],
  'BE-01': [[ENERGY_TYPE.lpg, 1.1]],
  'CH-01': [
    [ENERGY_TYPE.rawCoal, 45],
    [ENERGY_TYPE.diesel, 2.4],
  ],
};

async function data(services: Services, projectId: number, code: string): Promise<void> {
  const project = await services.projects.get(projectId);
  if (!project) return;
  const { db } = services;
  const now = services.clock();
  const model = await EnergyModel.load(db, project);
  const random = seededRandom(services.config.seed * 37 + projectId);
  const tz = project.timeZone;
  const year = yearOf(now, tz, model.cycle);
  const months = [...monthsOfYear(year - 1, model.cycle), ...monthsOfYear(year, model.cycle)].map((m) => ({
    ...m,
    start: monthPeriod(m.year, m.month, tz, model.cycle),
  }));
  const past = months.filter((m) => m.start <= now).slice(-12);
  const buildings = [...model.nodes.values()].filter((n) => n.modelLabel === 'building');
  const workshops = [...model.nodes.values()].filter(
    (n) => n.modelLabel === 'room' && n.name.startsWith('Workshop'),
  );
  const targets = workshops.length > 0 ? workshops : buildings;
  const two = (n: number) => String(n).padStart(2, '0');
  // Manual entries: monthly, at the first building (the boiler house, the canteen).
  const host = buildings[0]?.id ?? PROJECT_NODE;
  const cells = (ENTRIES[code] ?? []).flatMap(([type, perMonth]) =>
    past.map((m) => ({
      node_id: host,
      energy_type: type,
      period: `${m.year}-${two(m.month)}`,
      quantity: Math.round(perMonth * (0.85 + random.next() * 0.3) * 100) / 100,
      amount: Math.round(perMonth * 7_800 * (0.9 + random.next() * 0.2)) / 100,
      remark: '',
    })),
  );
  // Products: plans for every month of the current year, actuals for the last 12 months.
  const inYear = months.filter(
    (m) => m.year * 12 + m.month >= (past[0]?.year ?? year) * 12 + (past[0]?.month ?? 1),
  );
  await inTransaction(db, async (trx) => {
    await writeEntries(trx, projectId, cells, { userId: 0, now });
    for (const [name, unit, perMonth] of PRODUCTS[code] ?? []) {
      const product = await insertProduct(trx, { project_id: projectId, name, unit, created_at: now });
      const values: Parameters<typeof writeProduction>[2][number][] = [];
      for (const node of targets.slice(0, 3)) {
        const share = perMonth / Math.min(3, targets.length);
        for (const m of inYear) {
          const season = 1 + 0.1 * Math.sin(((m.month - 3) / 12) * 2 * Math.PI);
          const plan = Math.round(share * season);
          values.push({
            product_id: product.id,
            node_id: node.id,
            kind: PRODUCTION_KIND.plan,
            year: m.year,
            month: m.month,
            value: plan,
          });
          if (m.start <= now && past.some((x) => x.year === m.year && x.month === m.month))
            values.push({
              product_id: product.id,
              node_id: node.id,
              kind: PRODUCTION_KIND.actual,
              year: m.year,
              month: m.month,
              value: Math.round(plan * (0.88 + random.next() * 0.2)),
            });
        }
      }
      await writeProduction(trx, projectId, values);
    }
  });
  // Monthly plans of electricity near the use of the last 30 days, for the project and each building.
  const composition = (id: number) => model.composition(id, ENERGY_TYPE.electricity);
  const nodes = [PROJECT_NODE, ...buildings.map((b) => b.id)];
  const source = await readSources(db, model, nodes.map(composition), [now - 30 * DAY, now]);
  for (const id of nodes) {
    const last30 = combine(composition(id), source)[0];
    if (last30 === null || last30 === undefined || !(last30 > 0)) continue;
    const perDay = last30 / 30;
    await writePlans(
      db,
      projectId,
      id,
      ENERGY_TYPE.electricity,
      monthsOfYear(year, model.cycle).map((m) => {
        const start = monthPeriod(m.year, m.month, tz, model.cycle);
        const days = (nextPeriodStart(start, 'month', tz, model.cycle) - start) / DAY;
        return {
          year: m.year,
          month: m.month,
          value: Math.round(perDay * days * (1.02 + random.next() * 0.06)),
        };
      }),
    );
  }
}

/** Entries, products with output and energy plans of the demo projects (once). */
export async function seedEnergyData(
  services: Services,
  projects: Readonly<Record<string, number>>,
): Promise<void> {
  const { db } = services;
  if (await readSetting(db, DATA_MARKER, z.boolean(), false)) return;
  for (const code of ['SH-01', 'BE-01', 'CH-01']) {
    const id = projects[code];
    if (id !== undefined) await data(services, id, code);
  }
  await writeSetting(db, DATA_MARKER, true);
}
