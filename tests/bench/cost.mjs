// The monthly cost calculation at scale, beside its baseline in one run: the last whole month of
// a 2,000-node project (cost-data.mjs: buildings → floors → rooms → meters of electricity, water
// and natural gas, hourly counters with their hour, day and time-of-use rollups) calculated end
// to end as a task (costaccount/calculate over HTTP, followed to its end through the task call)
// against the same arithmetic over the same rollups in plain JavaScript in the bench process
// (better-sqlite3 on the same file: the day rollups and the day time-of-use rollups of the
// month, each node's consumption as the sum of the meters below it, priced with core's rules:
// priceSlices, totalOfSlices, basicAmount). Target: plain-JS time / task time ≥ 0.5.
//
// The scheme: every one of the 2,000 nodes an accounting object; electricity at a time-of-use
// rate (the project's scheme), water tiered by the month's volume, natural gas at a flat price,
// a basic charge by capacity for the ten buildings, one other fee. The totals of the task's
// results are checked equal to the baseline's (to the cent) before anything is timed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addMonth,
  basicAmount,
  localParts,
  monthBounds,
  priceSlices,
  roundMoney,
  sumMoney,
  totalOfSlices,
} from '@eem/core';
import { createClient } from '@eem/sdk';
import Database from 'better-sqlite3';
import { projectBands, TZ, writeProject } from './cost-data.mjs';
import { startServer } from './datalog.mjs';
import { median } from './measure.mjs';
import { spawnListening } from './spawn.mjs';

const SERVER_MAIN = new URL('../../packages/server/dist/main.js', import.meta.url).pathname;
/** startServer's environment (datalog.mjs), for a server started with node flags. */
const serverEnv = (dataDir) => ({
  PORT: '0',
  HOST: '127.0.0.1',
  EEM_DATA_DIR: dataDir,
  EEM_DEMO: 'on',
  EEM_SIMULATOR: 'off',
  EEM_HISTORY_DAYS: '0',
});

/** Where the time goes (a CPU profile of the server; see the report of issue 17). */
const WHERE =
  "**Where the time goes:** a CPU profile of the server (BENCH_COST_PROFILE=DIR) showed 10 of the 13 s of the calculation in one time-zone conversion per object, energy type and day (slicesOf in packages/server/src/areas/cost/pricing.ts asked core's dayOf, that is Intl, for the local day of each period start again for each of the 1,898 objects and 3 types); the day of each period start is now worked out once per month, and the reads were already one bulk statement per energy type (readSources), no query per node. Ratio before: 0.31 to 0.37 (medians of 3 and 1 turns). What remains is the pricing loop, the results written in one transaction (200 rows a statement) and garbage collection; the medians move a lot on this shared machine.";
const TURNS = Number(process.env.BENCH_COST_TURNS ?? 5);
const PASSWORD = 'Eem@2026demo';
/** The tenant's administrator: may change rates and schemes and calculate (cost_update). */
const ACCOUNT = 'tenant-admin';
const DAY = 86_400_000;

const VERSION = { effectiveFrom: '2000-01-01', effectiveTo: null };
const RATES = {
  electricity: {
    name: 'Bench TOU power',
    energyType: 2,
    rateType: 'tou',
    versions: [
      {
        ...VERSION,
        bandPrices: [
          { band: 1, price: 1.2 },
          { band: 2, price: 0.95 },
          { band: 3, price: 0.62 },
          { band: 4, price: 0.31 },
        ],
      },
    ],
  },
  water: {
    name: 'Bench tiered water',
    energyType: 3,
    rateType: 'tiered',
    versions: [
      {
        ...VERSION,
        tiers: [
          { upTo: 500, price: 3.45 },
          { upTo: 2000, price: 4.83 },
          { upTo: null, price: 5.83 },
        ],
      },
    ],
  },
  gas: { name: 'Bench gas', energyType: 15, rateType: 'flat', versions: [{ ...VERSION, price: 3.2 }] },
  basic: {
    name: 'Bench capacity',
    energyType: 2,
    rateType: 'capacity',
    versions: [{ ...VERSION, price: 32 }],
  },
};
const OTHER_FEE = { name: 'Metering service', amount: 12.5 };
const BUILDING_KVA = 800;

/** The rate scheme's versions as core's pricing reads them. */
const coreVersions = (rate) =>
  rate.versions.map((v) => ({
    effectiveFrom: v.effectiveFrom,
    effectiveTo: v.effectiveTo,
    price: v.price ?? null,
    bandPrices: v.bandPrices ?? null,
    tiers: v.tiers ?? null,
    seasons: null,
    pfStandard: null,
  }));

const dayText = (ms) => {
  const p = localParts(ms, TZ);
  return `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
};

/**
 * The baseline: the month's cost of every node from the day rollups in plain JavaScript. Each
 * meter's day volumes (and electricity's day volumes per band) are read once; a node's volume of
 * a type is the sum over the meters below it; its cost is priced day by day in time order.
 */
function plainCost(file, projectId, tree, start, end) {
  const began = performance.now();
  const db = new Database(file, { readonly: true });
  const byPoint = new Map();
  const rows = db
    .prepare(
      'select point_id, ts, delta from reading_rollups where grain = 2 and ts >= ? and ts < ? and point_id in (select id from datalog_points where project_id = ?)',
    )
    .all(start, end, projectId);
  for (const r of rows) {
    let days = byPoint.get(r.point_id);
    if (!days) {
      days = new Map();
      byPoint.set(r.point_id, days);
    }
    days.set(r.ts, { quantity: r.delta, bands: [0, 0, 0, 0] });
  }
  const tou = db
    .prepare(
      'select point_id, ts, band, delta from tou_rollups where project_id = ? and grain = 2 and ts >= ? and ts < ?',
    )
    .all(projectId, start, end);
  for (const r of tou) {
    const day = byPoint.get(r.point_id)?.get(r.ts);
    if (day) day.bands[r.band - 1] += r.delta;
  }
  db.close();
  // Per node and energy type: day ts → { quantity, bands }, summed up the tree.
  const volumes = new Map();
  const add = (nodeId, type, days) => {
    let byType = volumes.get(nodeId);
    if (!byType) {
      byType = new Map();
      volumes.set(nodeId, byType);
    }
    let sums = byType.get(type);
    if (!sums) {
      sums = new Map();
      byType.set(type, sums);
    }
    for (const [ts, d] of days) {
      const s = sums.get(ts);
      if (s) {
        s.quantity += d.quantity;
        for (let b = 0; b < 4; b++) s.bands[b] += d.bands[b];
      } else sums.set(ts, { quantity: d.quantity, bands: [...d.bands] });
    }
  };
  for (const m of tree.meters) {
    const days = byPoint.get(m.pointId) ?? new Map();
    for (let id = m.nodeId; id !== 0 && id !== undefined; id = tree.parentOf.get(id)) add(id, m.type, days);
  }
  const versions = {
    2: coreVersions(RATES.electricity),
    3: coreVersions(RATES.water),
    15: coreVersions(RATES.gas),
  };
  const rateType = { 2: 'tou', 3: 'tiered', 15: 'flat' };
  const basicPrice = RATES.basic.versions[0].price;
  // The local day of each day rollup's start, worked out once.
  const dayTexts = new Map();
  const dayOfTs = (ts) => {
    let text = dayTexts.get(ts);
    if (text === undefined) {
      text = dayText(ts);
      dayTexts.set(ts, text);
    }
    return text;
  };
  const totals = new Map();
  for (const [nodeId, byType] of volumes) {
    const amounts = [];
    for (const [type, sums] of byType) {
      const slices = [...sums.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([ts, s]) => ({ day: dayOfTs(ts), quantity: s.quantity, bands: type === 2 ? s.bands : null }));
      const priced = totalOfSlices(
        priceSlices(rateType[type], versions[type], slices),
        type === 3 ? RATES.water.versions[0].tiers : null,
      );
      amounts.push(priced.amount);
    }
    if (tree.buildings.has(nodeId)) amounts.push(basicAmount(basicPrice, BUILDING_KVA));
    amounts.push(OTHER_FEE.amount);
    totals.set(nodeId, sumMoney(amounts));
  }
  return { ms: performance.now() - began, totals };
}

/** Waits for a task to end; its status 3 is success. */
async function waitTask(client, id) {
  for (;;) {
    const task = await client.notices.task({ params: { id } });
    if (task.status !== 2) {
      if (task.status !== 3) throw new Error(`the calculation failed: ${JSON.stringify(task)}`);
      return task;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The calculation end to end: the call, then the task followed until it ends. */
async function calculate(client, schemeId, month) {
  const began = performance.now();
  const task = await client.cost.calculate({ body: { schemeId, month } });
  await waitTask(client, task.id);
  return performance.now() - began;
}

export async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'eem-bench-cost-'));
  const file = join(dataDir, 'eem.sqlite3');
  let server = startServer(dataDir);
  try {
    let url = await server.url;
    const sh = await createClient({ baseUrl: url }).login('operator-sh', PASSWORD);
    const projectId = sh.user.projectIds[0];
    await server.stop();
    const now = localParts(Date.now(), TZ);
    const month = addMonth(`${now.year}-${String(now.month).padStart(2, '0')}`, -1);
    const { start, end } = monthBounds(month, TZ);
    process.stderr.write('  writing a 2,000-node project with a month of hourly readings and rollups…\n');
    const written = writeProject(file, projectId, start - DAY, end);
    const db = new Database(file, { readonly: true });
    const { schemeId: touSchemeId } = projectBands(db, projectId);
    const nodeRows = db
      .prepare('select id, parent_id, model_label, name from nodes where project_id = ?')
      .all(projectId);
    db.close();
    const benchIds = new Set([
      ...written.holders.buildings,
      ...written.holders.floors,
      ...written.holders.rooms,
      ...written.meters.map((m) => m.nodeId),
    ]);
    const tree = {
      meters: written.meters,
      buildings: new Set(written.holders.buildings),
      parentOf: new Map(nodeRows.map((n) => [n.id, n.parent_id])),
    };
    const objects = nodeRows
      .filter((n) => benchIds.has(n.id))
      .map((n) => ({
        node: { id: n.id, modelLabel: n.model_label },
        basicQuantity: tree.buildings.has(n.id) ? BUILDING_KVA : null,
      }));

    // BENCH_COST_PROFILE=DIR: the server writes a CPU profile there when it stops.
    server = process.env.BENCH_COST_PROFILE
      ? spawnListening(
          [`--cpu-prof`, `--cpu-prof-dir=${process.env.BENCH_COST_PROFILE}`, SERVER_MAIN],
          serverEnv(dataDir),
        )
      : startServer(dataDir);
    if (process.env.BENCH_COST_DEBUG)
      server.child.stderr.on('data', (chunk) => process.stderr.write(`[server] ${chunk}`));
    url = await server.url;
    const login = await createClient({ baseUrl: url }).login(ACCOUNT, PASSWORD);
    const client = createClient({ baseUrl: url, token: login.token, projectId, timeoutMs: 900_000 });
    const rate = (body) => client.cost.createRate({ body });
    const power = await rate({ ...RATES.electricity, touSchemeId });
    const water = await rate(RATES.water);
    const gas = await rate(RATES.gas);
    const basic = await rate(RATES.basic);
    const scheme = await client.cost.createScheme({
      body: {
        name: 'Bench accounting',
        objects,
        rates: [
          { energyType: 2, rateId: power.id, basicRateId: basic.id },
          { energyType: 3, rateId: water.id },
          { energyType: 15, rateId: gas.id },
        ],
        feeItems: ['energy', 'basic', 'other'],
        otherFees: [OTHER_FEE],
        cycle: 'month',
      },
    });

    // Warm-up and check: the task's results equal the baseline's, node by node, to the cent.
    process.stderr.write(`  warm-up: calculating ${month} for ${objects.length} accounting objects…\n`);
    const warmUp = await calculate(client, scheme.id, month);
    const plain = plainCost(file, projectId, tree, start, end);
    const results = await client.cost.results({ body: { schemeId: scheme.id, month } });
    if (results.calculatedAt === null) throw new Error(`${month} is not calculated after the task`);
    let compared = 0;
    for (const row of results.rows) {
      const expected = plain.totals.get(row.node.id) ?? roundMoney(OTHER_FEE.amount);
      if (Math.abs(expected - row.total) > 0.011)
        throw new Error(`${row.node.path} (${row.node.id}): task ${row.total}, plain JS ${expected}`);
      compared++;
    }
    if (compared !== objects.length)
      throw new Error(`compared ${compared} objects, expected ${objects.length}`);

    const taskMs = [];
    const plainMs = [];
    for (let turn = 0; turn < TURNS; turn++) {
      plainMs.push(plainCost(file, projectId, tree, start, end).ms);
      taskMs.push(await calculate(client, scheme.id, month));
      process.stderr.write(
        `  turn ${turn + 1}: task ${Math.round(taskMs.at(-1))} ms, plain JS ${Math.round(plainMs.at(-1))} ms\n`,
      );
    }
    const ratio = median(plainMs) / median(taskMs);
    return {
      name: 'cost',
      title: 'Monthly cost calculation: a 2,000-node project for one month',
      description: `The built server (child process, SQLite in a temp dir, simulator off) with Shanghai Plant grown to ${written.nodes.toLocaleString('en-US')} nodes (10 buildings, 50 floors, 200 rooms and ${written.meters.length.toLocaleString('en-US')} meters: 8 in 10 electricity, 1 water, 1 natural gas), each meter with an hourly counter over ${month} and the day before (${written.readings.toLocaleString('en-US')} readings) and the hour, day and time-of-use rollups the server keeps, written in bulk into the stopped server's file (tests/bench/cost-data.mjs). One accounting scheme with every node of the benchmark an object (the demo's own nodes are objects of its seeded scheme): electricity at a time-of-use rate on the project's scheme, water tiered by the month's volume (3 tiers), natural gas at a flat price, a basic charge by capacity (${BUILDING_KVA} kVA) for the buildings and one other fee. **Task:** costaccount/calculate for ${month} over HTTP, followed through the task call until it ends (the results written all at once). **Baseline:** the same month's cost of every node in plain JavaScript in the bench process: the day rollups and day time-of-use rollups read with better-sqlite3 from the same file, each node's volume per type the sum of the meters below it, priced day by day with core's priceSlices, totalOfSlices and basicAmount (no HTTP, nothing written). The ${compared.toLocaleString('en-US')} totals are checked equal to the task's results to the cent first (warm-up calculation ${Math.round(warmUp).toLocaleString('en-US')} ms). ${TURNS} turns, baseline and task alternating; medians. ${WHERE}`,
      rows: [
        {
          case: `a month's cost of ${objects.length.toLocaleString('en-US')} accounting objects from the day rollups in plain JS (baseline)`,
          value: median(plainMs),
          unit: 'ms',
        },
        {
          case: `a month's cost of ${objects.length.toLocaleString('en-US')} accounting objects: costaccount/calculate as a task, HTTP, to its end`,
          value: median(taskMs),
          unit: 'ms',
          baseline: median(plainMs),
          ratio,
          target: '≥ 0.5 (plain-JS time / task time)',
          met: ratio >= 0.5,
        },
      ],
    };
  } finally {
    await server.stop();
    if (process.env.BENCH_COST_KEEP) process.stderr.write(`KEPT ${dataDir}\n`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}
