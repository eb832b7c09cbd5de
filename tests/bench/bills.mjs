// Electricity bills at scale, beside their baseline in one run: a year of monthly bills for 20
// inlets (energy charge by time-of-use band, basic charge by capacity or by demand with the
// over-declaration rule, power-factor adjustment) through the server's bill computation,
// which reads the rollups (time-of-use rollups for kWh per band, reading rollups for kvarh, the
// quarter-hour demand rollup for the month's maximum), against the same bills computed from the
// raw readings in plain JavaScript (better-sqlite3 on the same file, core's rules: bands per
// reading, the demand curve per quarter hour, computeBill). Target: ≥ 20× the raw computation.
//
// The data: 20 synthetic inlet meters in Shanghai Plant, each with active energy, active power
// and reactive power at 15 minutes for 13 months (about 2.7 M readings) and the hour and day
// rollups the server keeps, written into the stopped server's SQLite file; a billing scheme
// bound to the 20 inlets (the project's time-of-use scheme, both billing methods, PF standard
// 0.90). The server rolls the inlets' demand up itself, on the first call (the warm-up).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addMonth,
  bandIncreases,
  bucketStarts,
  computeBill,
  localParts,
  maximumDemand,
  monthBounds,
  PowerCurve,
  quarterDemands,
  touCalendar,
} from '@eem/core';
import { createClient } from '@eem/sdk';
import Database from 'better-sqlite3';
import { rollupsOf, touRollupsOf } from '../../packages/server/dist/areas/datalog/rollups.js';
import { startServer } from './datalog.mjs';
import { median } from './measure.mjs';

/** Where the server's time goes (measured per query with a Kysely log; see the report of issue 16). */
const WHERE =
  "**Where the time goes:** electricityCostValue/query runs the demand area's rollup catch-up once per inlet and reads each inlet's months in three statements: the energy sources (readSources of the energy area: the time-of-use and reading rollups), the reactive hour means summed per month, and the demand figures of every month (monthDemands in packages/server/src/areas/demand/demand-data.ts); no quarter hour or hour row reaches JavaScript. The demand statement was the cost (about 85 ms for an inlet's year of 35,040 quarter hours, some 1.7 s of the call): it joined a list of months to the quarter-hour rollup, grouped the rows by month (a sort of every quarter hour of the year) and joined them back to find the time of each maximum. It is now one aggregate per month over its own range of the rollup's primary key (inlet, quarter hour), joined by union all, and the time of each maximum the first quarter hour in time order that reaches it (8 ms per inlet); the query plans use the primary keys, and a covering index on the rollup gained nothing measurable, so none was added. Ratio before: 4.67 (months read into JavaScript), 8.25 (months grouped in SQL). The medians move a lot on this shared machine.";
const TURNS = Number(process.env.BENCH_BILLS_TURNS ?? 5);
const INLETS = 20;
const PASSWORD = 'Eem@2026demo';
const ACCOUNT = 'operator-sh';
const TZ = 'Asia/Shanghai';
const Q = 900_000;
const DATA = { energy: 1000, power: 2000, reactive: 2001 };
const round2 = (v) => Math.round(v * 100) / 100;
const PRICES = { capacity: 32, demand: 48, sharp: 1.2, peak: 0.95, flat: 0.62, valley: 0.31 };

/** The project's time-of-use scheme (bound to node 0) and a band per instant. */
function projectBands(db, projectId) {
  const row = db
    .prepare(
      'select v.scheme_id, v.definition from tou_versions v join tou_bindings b on b.scheme_id = v.scheme_id where b.project_id = ? and b.node_id = 0 and v.effective_to is null',
    )
    .get(projectId);
  if (!row) throw new Error('the project has no time-of-use scheme bound');
  const calendar = touCalendar(JSON.parse(row.definition));
  return { schemeId: row.scheme_id, bandAt: (ts) => calendar.bandAt(localParts(ts, TZ)) };
}

/** A day's load shape (kW) of inlet i at instant ts: a base, a working-day hump, noise, spikes. */
function powerAt(i, ts) {
  const p = localParts(ts, TZ);
  const hour = p.hour + p.minute / 60;
  const base = 250 + 20 * i;
  const day = hour >= 8 && hour < 20 ? 220 * Math.sin(((hour - 8) / 12) * Math.PI) : 0;
  const noise = ((ts / Q) * 7919 + i * 104_729) % 60;
  const spike = (ts / Q + i * 37) % 997 === 0 ? 300 : 0;
  return Math.round((base + day + noise + spike) * 100) / 100;
}

/** Writes the 20 inlets' meters, readings, rollups, the billing scheme and the inlets. */
function writeData(file, projectId, start, end) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const { schemeId, bandAt } = projectBands(db, projectId);
  const now = Date.now();
  const hours = bucketStarts(start, end, '1h', TZ);
  const days = bucketStarts(start, end, '1d', TZ);
  const insertNode = db.prepare(
    "insert into nodes (project_id, parent_id, model_label, name, attributes, sort, created_at, updated_at) values (?, 0, 'meter', ?, ?, ?, ?, ?)",
  );
  const insertPoint = db.prepare(
    'insert into datalog_points (project_id, node_id, data_id, created_at) values (?, ?, ?, ?)',
  );
  const insertReading = db.prepare('insert into readings (point_id, ts, value) values (?, ?, ?)');
  const insertRollup = db.prepare(
    'insert into reading_rollups (point_id, grain, ts, n, sum, min, max, last, delta) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const insertTou = db.prepare(
    'insert into tou_rollups (project_id, point_id, grain, ts, band, delta) values (?, ?, ?, ?, ?, ?)',
  );
  const billing = db
    .prepare(
      'insert into billing_schemes (project_id, name, pf_standard, tou_scheme_id, created_at, updated_at) values (?, ?, 0.9, ?, ?, ?)',
    )
    .run(projectId, 'Bench tariff', schemeId, now, now);
  const billingId = Number(billing.lastInsertRowid);
  db.prepare(
    `insert into billing_scheme_versions (project_id, scheme_id, month_from, month_to, methods, capacity_price, demand_price,
       penalty_threshold_pct, penalty_multiplier, price_sharp, price_peak, price_flat, price_valley)
     values (?, ?, '2000-01', null, '["capacity","demand"]', ?, ?, 105, 2, ?, ?, ?, ?)`,
  ).run(
    projectId,
    billingId,
    PRICES.capacity,
    PRICES.demand,
    PRICES.sharp,
    PRICES.peak,
    PRICES.flat,
    PRICES.valley,
  );
  const insertInlet = db.prepare(
    `insert into demand_inlets (project_id, name, code, voltage_kv, bus_segment, transformer_kva, billing_method, declared_kw,
       window_type, meter_node_id, billing_scheme_id, account, remark, rolled_to, created_at, updated_at)
     values (?, ?, ?, 10, ?, ?, ?, ?, ?, ?, ?, '', '', null, ?, ?)`,
  );
  const inlets = [];
  for (let i = 0; i < INLETS; i++) {
    const points = {};
    db.transaction(() => {
      const node = insertNode.run(
        projectId,
        `Bench inlet meter ${i + 1}`,
        JSON.stringify({ energytype: 2, ratio: 1 }),
        200_000 + i,
        now,
        now,
      );
      for (const [key, dataId] of Object.entries(DATA))
        points[key] = Number(insertPoint.run(projectId, node.lastInsertRowid, dataId, start).lastInsertRowid);
      const declared = 500 + 10 * i;
      const inlet = insertInlet.run(
        projectId,
        `Bench inlet ${i + 1}`,
        `B${i + 1}`,
        `Bench bus ${i + 1}`,
        1250,
        i % 2 === 0 ? 'demand' : 'capacity',
        declared,
        i % 4 < 2 ? 'fixed' : 'sliding',
        node.lastInsertRowid,
        billingId,
        now,
        now,
      );
      inlets.push({ id: Number(inlet.lastInsertRowid), points, index: i });
    })();
    // Readings at each quarter hour: active power, active energy as its counter, reactive power at tan φ.
    const energy = [];
    const reactive = [];
    const power = [];
    let kWh = 10_000 * (i + 1);
    const tan = 0.3 + 0.03 * i; // PF from about 0.96 down to about 0.78
    for (let ts = start; ts < end; ts += Q) {
      const p = powerAt(i, ts);
      power.push({ ts, value: p });
      kWh += p / 4;
      energy.push({ ts, value: Math.round(kWh * 100) / 100 });
      reactive.push({ ts, value: Math.round(p * tan * 100) / 100 });
    }
    db.transaction(() => {
      for (const [key, readings] of [
        ['energy', energy],
        ['reactive', reactive],
        ['power', power],
      ]) {
        const id = points[key];
        for (const r of readings) insertReading.run(id, r.ts, r.value);
        for (const r of [
          ...rollupsOf(id, 1, readings, hours, undefined),
          ...rollupsOf(id, 2, readings, days, undefined),
        ])
          insertRollup.run(r.point_id, r.grain, r.ts, r.n, r.sum, r.min, r.max, r.last, r.delta);
      }
      for (const r of touRollupsOf(projectId, points.energy, energy, hours, days, undefined, bandAt))
        insertTou.run(r.project_id, r.point_id, r.grain, r.ts, r.band, r.delta);
    })();
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { inlets, bandAt };
}

/** kvarh of [start, end) from reactive power (kvar): each hour's mean × 1 h, summed. */
function hourMeans(readings, start, end) {
  let kvarh = 0;
  let hour;
  let sum = 0;
  let n = 0;
  for (const r of readings) {
    if (r.ts < start || r.ts >= end) continue;
    const h = Math.floor(r.ts / 3_600_000);
    if (h !== hour) {
      if (n > 0) kvarh += sum / n;
      hour = h;
      sum = 0;
      n = 0;
    }
    sum += r.value;
    n++;
  }
  return n > 0 ? kvarh + sum / n : kvarh;
}

/**
 * The baseline: each inlet's bills of the months from its raw readings in JavaScript, with
 * core's rules (a reading's increase in the band of its time; the demand curve per quarter
 * hour; computeBill), one ordered range read per point.
 */
function rawBills(file, inlets, months, bandAt) {
  const db = new Database(file, { readonly: true });
  const started = performance.now();
  const inletRow = db.prepare('select * from demand_inlets where id = ?');
  const select = db.prepare(
    'select ts, value from readings where point_id = ? and ts >= ? and ts < ? order by ts',
  );
  const bounds = months.map((m) => monthBounds(m, TZ));
  const from = bounds[0].start;
  const to = bounds.at(-1).end;
  const out = new Map();
  for (const inlet of inlets) {
    const row = inletRow.get(inlet.id);
    const energy = select.all(inlet.points.energy, from - Q, to);
    const reactive = select.all(inlet.points.reactive, from - Q, to);
    const power = select.all(inlet.points.power, from - 2 * Q - 1_800_000, to + 1_800_000);
    const curve = new PowerCurve(power.map((r) => ({ t: r.ts, v: r.value })));
    const quarters = quarterDemands(curve, from, to);
    const totals = [];
    let q = 0;
    for (const [m, { start, end }] of bounds.entries()) {
      const inMonth = [];
      while (q < quarters.length && quarters[q].ts < end) {
        if (quarters[q].ts >= start) inMonth.push(quarters[q]);
        q++;
      }
      const max = maximumDemand(inMonth, row.window_type);
      const prev = (list) => list.findLast((r) => r.ts < start)?.value;
      const bands = bandIncreases(energy, prev(energy), start, end, bandAt).bands;
      const kvarh = hourMeans(reactive, start, end);
      const bill = computeBill({
        bands: [1, 2, 3, 4].map((band) => ({
          band,
          kWh: Math.round(bands[band] * 1e6) / 1e6,
          price: [PRICES.sharp, PRICES.peak, PRICES.flat, PRICES.valley][band - 1],
        })),
        basic: {
          method: row.billing_method,
          capacityKva: row.transformer_kva,
          capacityPrice: PRICES.capacity,
          demandPrice: PRICES.demand,
          declaredKw: row.declared_kw,
          // As the server bills them: the rollup keeps 4 decimals, the bill 2.
          maxKw: max === null ? null : round2(Math.round(max.kw * 10_000) / 10_000),
        },
        kvarh: round2(kvarh),
        pfStandard: 0.9,
      });
      totals.push({ month: months[m], total: bill.total, bill, maxKw: max?.kw, kvarh });
    }
    out.set(inlet.id, totals);
  }
  const ms = performance.now() - started;
  db.close();
  return { ms, bills: out };
}

export async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'eem-bench-bills-'));
  const file = join(dataDir, 'eem.sqlite3');
  let server = startServer(dataDir);
  try {
    let url = await server.url;
    const session = await createClient({ baseUrl: url }).login(ACCOUNT, PASSWORD);
    const projectId = session.user.projectIds[0];
    await server.stop();
    // The 12 whole months of Shanghai before this one; readings from a day before the first.
    const thisMonth = (() => {
      const p = localParts(Date.now(), TZ);
      return `${p.year}-${String(p.month).padStart(2, '0')}`;
    })();
    const months = Array.from({ length: 12 }, (_, k) => addMonth(thisMonth, k - 12));
    const start = monthBounds(months[0], TZ).start - 86_400_000;
    const end = Math.floor(Date.now() / Q) * Q;
    process.stderr.write(`  writing ${INLETS} inlets × 3 points of 15-minute readings with rollups…\n`);
    const { inlets, bandAt } = writeData(file, projectId, start, end);
    server = startServer(
      dataDir,
      process.env.BENCH_BILLS_PROFILE
        ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${process.env.BENCH_BILLS_PROFILE}` }
        : {},
    );
    if (process.env.BENCH_BILLS_DEBUG)
      server.child.stderr.on('data', (chunk) => process.stderr.write(`[server] ${chunk}`));
    url = await server.url;
    const login = await createClient({ baseUrl: url }).login(ACCOUNT, PASSWORD);
    const client = createClient({ baseUrl: url, token: login.token, projectId, timeoutMs: 900_000 });
    const body = {
      inletIds: inlets.map((i) => i.id),
      startMonth: months[0],
      endMonth: months[11],
    };

    // Warm-up: the server rolls the demand of the 20 inlets up from their power readings.
    process.stderr.write("  warm-up: the server rolls up the inlets' demand…\n");
    let started = performance.now();
    const served = await client.bills.costValue({ body });
    const warmUp = performance.now() - started;
    const raw = rawBills(file, inlets, months, bandAt);
    let compared = 0;
    for (const series of served.series) {
      const mine = raw.bills.get(series.inlet.id);
      for (const row of series.rows) {
        const expected = mine?.find((b) => b.month === row.month)?.total;
        if (expected === undefined || Math.abs(expected - row.total) > 0.011)
          throw new Error(
            `${series.inlet.name} ${row.month}: server ${JSON.stringify(row)}, raw ${JSON.stringify(mine?.find((b) => b.month === row.month))}`,
          );
        compared++;
      }
    }
    if (compared !== INLETS * 12) throw new Error(`compared ${compared} bills, expected ${INLETS * 12}`);

    const serverMs = [];
    const rawMs = [];
    const billMs = [];
    for (let turn = 0; turn < TURNS; turn++) {
      rawMs.push(rawBills(file, inlets, months, bandAt).ms);
      started = performance.now();
      await client.bills.costValue({ body });
      serverMs.push(performance.now() - started);
      started = performance.now();
      for (const inlet of inlets) await client.bills.bill({ body: { inletId: inlet.id, month: months[11] } });
      billMs.push(performance.now() - started);
      process.stderr.write(
        `  turn ${turn + 1}: costValue ${Math.round(serverMs.at(-1))} ms, raw ${Math.round(rawMs.at(-1))} ms\n`,
      );
    }
    const ratio = median(rawMs) / median(serverMs);
    return {
      name: 'bills',
      title: 'Electricity bills: a year of monthly bills for 20 inlets',
      description: `The built server (child process, SQLite in a temp dir, simulator off) with 20 synthetic inlets in Shanghai Plant, each a meter with active energy, active power and reactive power at 15 minutes over 13 months (${(inlets.length * 3 * Math.round((end - start) / Q)).toLocaleString('en-US')} readings) and the hour, day and time-of-use rollups the server keeps, bound to one billing scheme (the project's time-of-use scheme, capacity and demand prices, PF standard 0.90); half the inlets billed by demand (fixed and sliding windows), half by capacity. **Server:** electricityCostValue/query for the 20 inlets and the 12 whole months before this one (240 bills: energy by band, basic charge, penalty, power-factor adjustment) over HTTP, after a warm-up call in which the server rolled up the inlets' quarter-hour demand from their power readings (${Math.round(warmUp).toLocaleString('en-US')} ms, once). **Baseline:** the same 240 bills from the raw readings in plain JavaScript in the bench process (better-sqlite3, one ordered range read per point, no HTTP): kWh per band with the band of each reading's time, kvarh as the hour means of reactive power, the demand curve per quarter hour and its monthly maximum, and core's computeBill; the 240 totals are checked equal to the server's first (to the cent). ${TURNS} turns, baseline and server alternating; medians. Beside them, 20 single-month bills through bill/bill, one call per inlet. ${WHERE}`,
      rows: [
        {
          case: 'a year of bills for 20 inlets from raw readings in JS (baseline)',
          value: median(rawMs),
          unit: 'ms',
        },
        {
          case: 'a year of bills for 20 inlets: electricityCostValue/query from the rollups, HTTP',
          value: median(serverMs),
          unit: 'ms',
          baseline: median(rawMs),
          ratio,
          target: '≥ 20× the raw computation',
          met: ratio >= 20,
        },
        {
          case: "one month's bill of each of 20 inlets: 20 × bill/bill, HTTP",
          value: median(billMs),
          unit: 'ms',
        },
      ],
    };
  } finally {
    await server.stop();
    if (process.env.BENCH_BILLS_KEEP) process.stderr.write(`KEPT ${dataDir}\n`);
    else rmSync(dataDir, { recursive: true, force: true });
  }
}
