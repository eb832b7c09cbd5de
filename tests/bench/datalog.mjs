// Meter data logs at scale, each beside its baseline in one run:
// 1. 1,000,000 readings exported to xlsx over HTTP (datalog.exportQuery, the built server as
//    a child) against exceljs's own streaming WorkbookWriter writing the same rows from memory
//    in this process. Target: at least 70% of the baseline's rate; the server's peak RSS at
//    most 300 MB and flat as the row count doubles (500,000 against 1,000,000).
// 2. The same 1,000,000 readings as CSV, against writing the same lines from memory.
// 3. A by-day consumption query over one year of 15-minute data for 100 meters: the rollups
//    (datalog.query interval 1d) against a scan of the raw rows (better-sqlite3 on the same
//    file, increases summed per local day in JavaScript).
// The data (100 energy points of synthetic meters, one year at 15 minutes, 3.5 M readings,
// with their rollups) is written straight into the server's SQLite file while it is stopped.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { bucketStarts } from '@eem/core';
import { createClient } from '@eem/sdk';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import { rollupsOf } from '../../packages/server/dist/areas/datalog/rollups.js';
import { median, peakMiB, resetPeak } from './measure.mjs';
import { spawnListening } from './spawn.mjs';

const here = new URL('.', import.meta.url).pathname;
const POINTS = 100;
const Q = 900_000;
const YEAR_SLOTS = 365 * 96;
const EXPORT_SLOTS = 10_000; // 100 points × 10,000 quarter hours = 1,000,000 readings
const TURNS = Number(process.env.BENCH_DATALOG_TURNS ?? 3);
const PASSWORD = 'Eem@2026demo';
const TZ = 'Europe/Berlin';

export function startServer(dataDir, env = {}) {
  return spawnListening([join(here, '../../packages/server/dist/main.js')], {
    PORT: '0',
    HOST: '127.0.0.1',
    EEM_DATA_DIR: dataDir,
    EEM_DEMO: 'on',
    EEM_SIMULATOR: 'off',
    EEM_HISTORY_DAYS: '0',
    EEM_DATALOG_MAX_EXPORT_COUNT: '5000000',
    ...env,
  });
}

/** 100 meters with an energy point each, and a year of readings with rollups, in the file. */
export function writeData(file, projectId, end) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const start = end - YEAR_SLOTS * Q;
  const now = Date.now();
  const points = [];
  db.transaction(() => {
    for (let m = 0; m < POINTS; m++) {
      const node = db
        .prepare(
          "insert into nodes (project_id, parent_id, model_label, name, attributes, sort, created_at, updated_at) values (?, 0, 'meter', ?, ?, ?, ?, ?)",
        )
        .run(
          projectId,
          `Bench meter ${m + 1}`,
          JSON.stringify({ energytype: 2, ratio: 1 }),
          100_000 + m,
          now,
          now,
        );
      const point = db
        .prepare(
          'insert into datalog_points (project_id, node_id, data_id, created_at) values (?, ?, 1000, ?)',
        )
        .run(projectId, node.lastInsertRowid, start);
      points.push(Number(point.lastInsertRowid));
    }
  })();
  const insert = db.prepare('insert into readings (point_id, ts, value) values (?, ?, ?)');
  const rollup = db.prepare(
    'insert into reading_rollups (point_id, grain, ts, n, sum, min, max, last, delta) values (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const hours = bucketStarts(start, end, '1h', TZ);
  const days = bucketStarts(start, end, '1d', TZ);
  for (const [i, id] of points.entries()) {
    const readings = [];
    let value = 1000 * (i + 1);
    for (let s = 0; s < YEAR_SLOTS; s++) {
      value += 5 + ((s * 7919 + i * 104_729) % 100) / 10;
      readings.push({ ts: start + s * Q, value: Math.round(value * 100) / 100 });
    }
    db.transaction(() => {
      for (const r of readings) insert.run(id, r.ts, r.value);
      for (const r of [
        ...rollupsOf(id, 1, readings, hours, undefined),
        ...rollupsOf(id, 2, readings, days, undefined),
      ])
        rollup.run(r.point_id, r.grain, r.ts, r.n, r.sum, r.min, r.max, r.last, r.delta);
    })();
  }
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return { points, start };
}

/** POSTs an export and reads the body to the end, counting bytes; ms and bytes. */
async function exportOnce(url, token, projectId, body) {
  const started = performance.now();
  const response = await fetch(`${url}/eem-service/v1/flink/datalog/query/export`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      projectId: String(projectId),
    },
    body: JSON.stringify(body),
  });
  if (response.status !== 200)
    throw new Error(`export answered ${response.status}: ${await response.text()}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.length;
  return { ms: performance.now() - started, bytes, rows: Number(response.headers.get('x-export-rows')) };
}

/** A writable that throws the bytes away (as the HTTP client above does). */
const sink = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

/** The baseline rows: what the export writes, built in memory beforehand. */
function memoryRows(points, start) {
  const rows = [];
  for (let s = 0; s < EXPORT_SLOTS; s++) {
    const iso = new Date(start + s * Q).toISOString().replace('.000Z', '+00:00');
    for (const [i, id] of points.entries())
      rows.push([iso, `Bench meter ${i + 1}`, 'Active energy', 'kWh', 1000 + s, id]);
  }
  return rows;
}

async function exceljsBaseline(rows) {
  const started = performance.now();
  const out = sink();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet('Readings');
  sheet.addRow(['Time', 'Node', 'Quantity', 'Unit', 'Value', 'Point ID']).commit();
  for (const row of rows) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
  return performance.now() - started;
}

async function csvBaseline(rows) {
  const started = performance.now();
  const out = sink();
  for (let i = 0; i < rows.length; i += 20_000) {
    let text = '';
    for (const r of rows.slice(i, i + 20_000)) text += `${r.join(',')}\n`;
    out.write(text);
  }
  out.end();
  return performance.now() - started;
}

/** The by-day consumption of the year from the raw rows (the scan the rollups spare). */
export function rawScan(file, points, start, end) {
  const db = new Database(file, { readonly: true });
  const started = performance.now();
  const days = bucketStarts(start, end, '1d', TZ);
  const select = db.prepare(
    'select ts, value from readings where point_id = ? and ts >= ? and ts < ? order by ts',
  );
  let buckets = 0;
  for (const id of points) {
    const sums = new Map();
    let prev;
    let d = 0;
    for (const r of select.iterate(id, start, end)) {
      while (d + 1 < days.length && days[d + 1] <= r.ts) d++;
      if (prev !== undefined)
        sums.set(days[d], (sums.get(days[d]) ?? 0) + (r.value >= prev ? r.value - prev : r.value));
      prev = r.value;
    }
    buckets += sums.size;
  }
  const ms = performance.now() - started;
  db.close();
  return { ms, buckets };
}

export async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'eem-bench-datalog-'));
  const file = join(dataDir, 'eem.sqlite3');
  let server = startServer(dataDir);
  try {
    let url = await server.url;
    const session = await createClient({ baseUrl: url }).login('manager-bj', PASSWORD);
    const projectId = session.user.projectIds[0];
    await server.stop();
    const end = Math.floor(Date.now() / Q) * Q;
    process.stderr.write('  writing 3.5 M readings with rollups…\n');
    const { points, start } = writeData(file, projectId, end);
    server = startServer(dataDir);
    url = await server.url;
    const login = await createClient({ baseUrl: url }).login('manager-bj', PASSWORD);
    const client = createClient({ baseUrl: url, token: login.token, projectId });
    const pid = server.child.pid;

    const exportBody = (format, count) => ({
      pointIds: points.slice(0, count),
      startTime: start,
      endTime: start + EXPORT_SLOTS * Q,
      interval: 'raw',
      format,
    });
    const rows = memoryRows(points, start);

    // Warm-up: one of each.
    await exportOnce(url, login.token, projectId, exportBody('xlsx', 10));
    await exceljsBaseline(rows.slice(0, 50_000));

    const xlsx = [];
    const xlsxBase = [];
    const peaks = { half: [], full: [] };
    for (let turn = 0; turn < TURNS; turn++) {
      xlsxBase.push(await exceljsBaseline(rows));
      const peakKnown = resetPeak(pid);
      const full = await exportOnce(url, login.token, projectId, exportBody('xlsx', POINTS));
      if (full.rows !== POINTS * EXPORT_SLOTS) throw new Error(`the export held ${full.rows} rows`);
      if (peakKnown) peaks.full.push(peakMiB(pid));
      xlsx.push(full.ms);
      resetPeak(pid);
      await exportOnce(url, login.token, projectId, exportBody('xlsx', POINTS / 2));
      if (peakKnown) peaks.half.push(peakMiB(pid));
      process.stderr.write(
        `  xlsx turn ${turn + 1}: server ${Math.round(full.ms)} ms, exceljs ${Math.round(xlsxBase.at(-1))} ms\n`,
      );
    }
    const csv = [];
    const csvBase = [];
    for (let turn = 0; turn < TURNS; turn++) {
      csvBase.push(await csvBaseline(rows));
      csv.push((await exportOnce(url, login.token, projectId, exportBody('csv', POINTS))).ms);
    }

    const queryBody = { pointIds: points, startTime: start, endTime: end, interval: '1d' };
    await client.datalog.query({ body: queryBody });
    const rollup = [];
    const scan = [];
    let days = 0;
    for (let turn = 0; turn < TURNS; turn++) {
      const started = performance.now();
      const answer = await client.datalog.query({ body: queryBody });
      rollup.push(performance.now() - started);
      days = answer.series.reduce((n, s) => n + s.data.length, 0);
      scan.push(rawScan(file, points, start, end).ms);
    }

    const READINGS = POINTS * EXPORT_SLOTS;
    const rate = (ms) => READINGS / (ms / 1000);
    const xlsxRatio = median(xlsx.map((ms, i) => xlsxBase[i] / ms));
    const csvRatio = median(csv.map((ms, i) => csvBase[i] / ms));
    const peakFull = peaks.full.length ? Math.max(...peaks.full) : undefined;
    const peakHalf = peaks.half.length ? Math.max(...peaks.half) : undefined;
    const result = [
      {
        case: 'xlsx: exceljs streaming writer from memory (baseline)',
        value: rate(median(xlsxBase)),
        unit: 'rows/s',
      },
      {
        case: 'xlsx: eem-server export over HTTP',
        value: rate(median(xlsx)),
        unit: 'rows/s',
        baseline: rate(median(xlsxBase)),
        ratio: xlsxRatio,
        target: '≥ 0.7 × baseline',
        met: xlsxRatio >= 0.7,
      },
      {
        case: 'csv: the same lines written from memory (baseline)',
        value: rate(median(csvBase)),
        unit: 'rows/s',
      },
      {
        case: 'csv: eem-server export over HTTP',
        value: rate(median(csv)),
        unit: 'rows/s',
        baseline: rate(median(csvBase)),
        ratio: csvRatio,
      },
    ];
    if (peakFull !== undefined && peakHalf !== undefined) {
      result.push({ case: 'server peak RSS, xlsx export of 500,000 rows', value: peakHalf, unit: 'MiB' });
      result.push({
        case: 'server peak RSS, xlsx export of 1,000,000 rows',
        value: peakFull,
        unit: 'MiB',
        baseline: peakHalf,
        ratio: peakFull / peakHalf,
        target: '≤ 300 MB, flat (ratio ≈ 1)',
        met: peakFull <= 300 && peakFull / peakHalf < 1.2,
      });
    }
    result.push(
      {
        case: 'by-day consumption, 100 meters × 1 year: raw scan (baseline)',
        value: median(scan),
        unit: 'ms',
      },
      {
        case: `by-day consumption, 100 meters × 1 year: datalog.query 1d from rollups (${days} values)`,
        value: median(rollup),
        unit: 'ms',
        baseline: median(scan),
        ratio: median(scan) / median(rollup),
        target: 'faster than the scan (ratio = speed-up)',
        met: median(rollup) < median(scan),
      },
    );
    return {
      name: 'datalog',
      title: 'Meter data logs: 1,000,000-reading exports and a year of rollups',
      description: `The built server (child process, SQLite in a temp dir, simulator off) holds ${POINTS} synthetic meters with an energy point each and one year of 15-minute readings (${(POINTS * YEAR_SLOTS).toLocaleString('en-US')} rows, with their hour and day rollups), written straight into its file. **Export:** ${READINGS.toLocaleString('en-US')} raw readings (${POINTS} points × ${EXPORT_SLOTS.toLocaleString('en-US')} quarter hours) through datalog.exportQuery as xlsx and as CSV, read to the end by a fetch client that throws the bytes away; the baselines write the same rows (built in memory beforehand) with exceljs's streaming WorkbookWriter (no shared strings, no styles, as the server) and as joined CSV lines, into a sink. The server's peak RSS (VmHWM, reset before each export) is compared for 500,000 and 1,000,000 rows. **Query:** consumption per local day of ${TZ} over the year for the ${POINTS} meters through datalog.query (interval 1d, read from the day rollups, over HTTP) against a scan of the raw rows of the same file with better-sqlite3 (one ordered range read per point, increases summed per day in JavaScript, no HTTP). ${TURNS} turns each, baseline and server alternating; medians.`,
      rows: result,
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
