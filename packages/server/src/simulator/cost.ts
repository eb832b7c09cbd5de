/**
 * The demo projects' cost accounting (issue 17, ADR 0025), once: rate schemes — electricity
 * by time of use (the project's TOU scheme) and tiered, a capacity basic rate, a PF rate; water
 * tiered, gas flat, steam seasonal — whose versions change mid-way (one expired, one in effect,
 * one not yet in effect); two accounting schemes (the buildings with the first inlet's meter,
 * billed by its bill; the workshops), the calculated results of the last three months and the
 * current one, and budgets for the year around those results.
 */
import { addMonth, dayOf, ENERGY_TYPE, monthOf, type RateType } from '@eem/core';
import { z } from 'zod';
import { calculateCostMonth } from '../areas/cost/calculate.js';
import { insertRate, type VersionInsert } from '../areas/cost/repo/rates.js';
import { nodeTotals, saveBudgets } from '../areas/cost/repo/results.js';
import { insertScheme } from '../areas/cost/repo/schemes.js';
import { inletsOf } from '../areas/demand/repo/inlets.js';
import { EnergyModel } from '../areas/energy/model.js';
import { schemesOf as touSchemesOf } from '../areas/metering/repo/tou.js';
import { readSetting, writeSetting } from '../areas/shell/repo/settings.js';
import { inTransaction } from '../db/database.js';
import { JSON_COLUMNS } from '../db/json-columns.js';
import type { Services } from '../services.js';

const MARKER = 'simulator.cost';

/** Price scale of the project's currency level (SH-01 yuan; the others a lower level). */
const SCALE: Record<string, number> = { 'SH-01': 1, 'BE-01': 0.35, 'CH-01': 0.15 };

interface RateSeed {
  key: string;
  name: string;
  energyType: number;
  rateType: RateType;
  /** Prices of the versions: older, current, next. */
  prices: (scale: number, step: number) => Omit<VersionInsert, 'effective_from' | 'effective_to'>;
}

const band = (prices: number[]) =>
  prices.map((price, i) => ({ position: i, band: i + 1, up_to: null, months: null, name: '', price }));
const tiers = (list: [number | null, number][]) =>
  list.map(([upTo, price], i) => ({ position: i, band: null, up_to: upTo, months: null, name: '', price }));
const r6 = (v: number) => Math.round(v * 1e6) / 1e6;

const RATES: RateSeed[] = [
  {
    key: 'tou',
    name: 'Electricity TOU',
    energyType: ENERGY_TYPE.electricity,
    rateType: 'tou',
    prices: (s, k) => ({
      price: null,
      pf_standard: null,
      prices: band([1.3524, 1.0836, 0.6621, 0.3144].map((p) => r6(p * s * (1 + 0.03 * k)))),
    }),
  },
  {
    key: 'tiered',
    name: 'Electricity tiered',
    energyType: ENERGY_TYPE.electricity,
    rateType: 'tiered',
    prices: (s, k) => ({
      price: null,
      pf_standard: null,
      prices: tiers([
        [20_000, r6(0.62 * s * (1 + 0.03 * k))],
        [60_000, r6(0.71 * s * (1 + 0.03 * k))],
        [null, r6(0.85 * s * (1 + 0.03 * k))],
      ]),
    }),
  },
  {
    key: 'capacity',
    name: 'Basic by capacity',
    energyType: ENERGY_TYPE.electricity,
    rateType: 'capacity',
    prices: (s) => ({ price: r6(30 * s), pf_standard: null, prices: [] }),
  },
  {
    key: 'pf',
    name: 'PF adjustment 0.90',
    energyType: ENERGY_TYPE.electricity,
    rateType: 'powerFactor',
    prices: () => ({ price: null, pf_standard: 0.9, prices: [] }),
  },
  {
    key: 'water',
    name: 'Water tiered',
    energyType: ENERGY_TYPE.water,
    rateType: 'tiered',
    prices: (s, k) => ({
      price: null,
      pf_standard: null,
      prices: tiers([
        [500, r6(4.2 * s * (1 + 0.05 * k))],
        [null, r6(5.6 * s * (1 + 0.05 * k))],
      ]),
    }),
  },
  {
    key: 'gas',
    name: 'Gas flat',
    energyType: ENERGY_TYPE.gas,
    rateType: 'flat',
    prices: (s, k) => ({ price: r6(3.45 * s * (1 + 0.04 * k)), pf_standard: null, prices: [] }),
  },
  {
    key: 'steam',
    name: 'Steam seasonal',
    energyType: ENERGY_TYPE.steam,
    rateType: 'seasonal',
    prices: (s, k) => ({
      price: null,
      pf_standard: null,
      prices: [
        {
          position: 0,
          band: null,
          up_to: null,
          months: '1,2,3,11,12',
          name: 'Winter',
          price: r6(260 * s * (1 + 0.02 * k)),
        },
        {
          position: 1,
          band: null,
          up_to: null,
          months: '4,5,6,7,8,9,10',
          name: 'Summer',
          price: r6(220 * s * (1 + 0.02 * k)),
        },
      ],
    }),
  },
];

/** Versions: a year before to the 15th of last month, then to the end of next month, then open. */
function versionsOf(seed: RateSeed, scale: number, now: number, timeZone: string): VersionInsert[] {
  const month = monthOf(now, timeZone);
  const lastMonth = addMonth(month, -1);
  const next = addMonth(month, 1);
  const endOfNext = dayOf(
    Date.UTC(Number(next.slice(0, 4)), Number(next.slice(5, 7)), 0) + 12 * 3_600_000,
    'UTC',
  );
  const afterNext = `${addMonth(month, 2)}-01`;
  return [
    {
      effective_from: `${addMonth(month, -14)}-01`,
      effective_to: `${lastMonth}-15`,
      ...seed.prices(scale, 0),
    },
    { effective_from: `${lastMonth}-16`, effective_to: endOfNext, ...seed.prices(scale, 1) },
    { effective_from: afterNext, effective_to: null, ...seed.prices(scale, 2) },
  ];
}

async function configure(services: Services, projectId: number, code: string): Promise<void> {
  const { db } = services;
  const project = await services.projects.get(projectId);
  if (!project) return;
  const now = services.clock();
  const tz = project.timeZone;
  const scale = SCALE[code] ?? 1;
  const model = await EnergyModel.load(db, project);
  const touScheme = (await touSchemesOf(db, projectId))[0];
  const inlet = (await inletsOf(db, projectId)).find((i) => i.billing_scheme_id !== null);
  const buildings = [...model.nodes.values()].filter((n) => n.modelLabel === 'building').map((n) => n.id);
  const workshops = [...model.nodes.values()]
    .filter((n) => n.modelLabel === 'room' && n.name.startsWith('Workshop'))
    .map((n) => n.id);
  const objectsA = [...buildings, ...(inlet ? [Number(inlet.meter_node_id)] : [])];
  const objectsB = workshops.filter((id) => !objectsA.includes(id));
  const label = (id: number) => model.node(id)?.modelLabel ?? 'node';
  await inTransaction(db, async (trx) => {
    const ids = new Map<string, number>();
    for (const seed of RATES) {
      if (seed.rateType === 'tou' && !touScheme) continue;
      ids.set(
        seed.key,
        await insertRate(
          trx,
          {
            project_id: projectId,
            name: seed.name,
            energy_type: seed.energyType,
            rate_type: seed.rateType,
            tou_scheme_id: seed.rateType === 'tou' ? Number(touScheme?.id) : null,
            remark: '',
            created_at: now,
            updated_at: now,
          },
          versionsOf(seed, scale, now, tz),
        ),
      );
    }
    const id = (key: string) => ids.get(key) ?? null;
    const elec = id('tou') ?? id('tiered');
    const common = [
      {
        energy_type: ENERGY_TYPE.water,
        rate_id: id('water') as number,
        basic_rate_id: null,
        pf_rate_id: null,
      },
      { energy_type: ENERGY_TYPE.gas, rate_id: id('gas') as number, basic_rate_id: null, pf_rate_id: null },
      {
        energy_type: ENERGY_TYPE.steam,
        rate_id: id('steam') as number,
        basic_rate_id: null,
        pf_rate_id: null,
      },
    ];
    await insertScheme(
      trx,
      projectId,
      {
        name: 'Plant accounting',
        fee_items: 'energy,basic,powerFactor,other',
        other_fees: JSON_COLUMNS.costOtherFees.write([
          { name: 'Metering service', amount: Math.round(800 * scale * 100) / 100 },
        ]),
        share_scheme_id: null,
        cycle: 'month',
        remark: '',
        created_at: now,
        updated_at: now,
      },
      [
        {
          energy_type: ENERGY_TYPE.electricity,
          rate_id: elec as number,
          basic_rate_id: id('capacity'),
          pf_rate_id: id('pf'),
        },
        ...common,
      ],
      objectsA.map((n) => ({
        node_id: n,
        model_label: label(n),
        basic_quantity: inlet && n === Number(inlet.meter_node_id) ? null : 630,
      })),
    );
    if (objectsB.length > 0)
      await insertScheme(
        trx,
        projectId,
        {
          name: 'Workshop accounting',
          fee_items: 'energy,other',
          other_fees: JSON_COLUMNS.costOtherFees.write([]),
          share_scheme_id: null,
          cycle: 'year',
          remark: '',
          created_at: now,
          updated_at: now,
        },
        [
          {
            energy_type: ENERGY_TYPE.electricity,
            rate_id: id('tiered') as number,
            basic_rate_id: null,
            pf_rate_id: null,
          },
          ...common,
        ],
        objectsB.map((n) => ({ node_id: n, model_label: label(n), basic_quantity: null })),
      );
  });
  // A month of results and the three before it, then budgets for the year around them.
  const month = monthOf(now, tz);
  for (let k = 3; k >= 0; k--) await calculateCostMonth(services, projectId, addMonth(month, -k));
  const year = Number(month.slice(0, 4));
  const totals = await nodeTotals(db, projectId, addMonth(month, -3), month);
  const typical = new Map<number, number>();
  for (const t of totals)
    typical.set(Number(t.node_id), Math.max(typical.get(Number(t.node_id)) ?? 0, Number(t.total)));
  const rows = [...typical].map(([nodeId, peak], i) => ({
    nodeId,
    modelLabel: label(nodeId),
    months: Array.from(
      { length: 12 },
      (_, m) => Math.round(peak * (0.92 + 0.12 * Math.sin(m + i)) * 100) / 100,
    ),
  }));
  await inTransaction(db, (trx) => saveBudgets(trx, projectId, year, rows));
}

export async function seedCost(
  services: Services,
  projects: Readonly<Record<string, number>>,
): Promise<void> {
  const { db } = services;
  if (await readSetting(db, MARKER, z.boolean(), false)) return;
  for (const code of ['SH-01', 'BE-01', 'CH-01']) {
    const id = projects[code];
    if (id !== undefined) await configure(services, id, code);
  }
  await writeSetting(db, MARKER, true);
}
