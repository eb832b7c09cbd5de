// The work-order board at scale (issue 18): 100,000 repair orders of one project, in every
// state. The board's view is what the console asks for on each visit or filter change: the
// counts by state (workorders.repairCount, with the overdue count) and the first page of the
// list (workorders.repairQuery, 50 orders, newest planned start first), over HTTP from the
// built server. The baseline is the bare SQL of the same on the same file (better-sqlite3 in
// this process, no HTTP, no session, no JSON) answering the same: a `count(*) ... group by
// status` with the overdue sum, and the first 50 rows by planned start with the list's total. Target: the board at least half the baseline's speed (ratio ≥ 0.5),
// which only indexed queries reach.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@eem/sdk';
import Database from 'better-sqlite3';
import { median } from './measure.mjs';
import { spawnListening } from './spawn.mjs';

const here = new URL('.', import.meta.url).pathname;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const TURNS = Number(process.env.BENCH_ORDERS_TURNS ?? 20);
const PASSWORD = 'Eem@2026demo';
const HOUR = 3_600_000;
/** Board order: to be confirmed, to be repaired, to be reviewed, returned, timed out, completed, discarded. */
const STATUSES = [1, 2, 3, 4, 6, 5, 5, 5, 5, 8];

function startServer(dataDir) {
  return spawnListening([join(here, '../../packages/server/dist/main.js')], {
    PORT: '0',
    HOST: '127.0.0.1',
    EEM_DATA_DIR: dataDir,
    EEM_DEMO: 'on',
    EEM_SIMULATOR: 'off',
    EEM_HISTORY_DAYS: '0',
  });
}

/** 100,000 repair orders of the project, copied from a demo order with their own code and state. */
function writeOrders(file, projectId) {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const model = db
    .prepare("select * from work_orders where project_id = ? and type = 'repair' limit 1")
    .get(projectId);
  if (!model) throw new Error('no demo repair order to copy');
  const { id: _id, ...columns } = model;
  const names = Object.keys(columns);
  const insert = db.prepare(
    `insert into work_orders (${names.join(', ')}) values (${names.map((n) => `@${n}`).join(', ')})`,
  );
  const start = Date.now() - 400 * 24 * HOUR;
  db.transaction(() => {
    for (let i = 0; i < ORDERS; i++) {
      const status = STATUSES[i % STATUSES.length];
      const planned = start + i * 5 * 60_000;
      insert.run({
        ...columns,
        code: `RO-BENCH-${String(i).padStart(6, '0')}`,
        status,
        executetimeplan: planned,
        deadline: planned + 4 * HOUR,
        overdue: i % 7 === 0 ? 1 : 0,
        event_id: null,
        created_at: planned,
        updated_at: planned,
      });
    }
  })();
  db.close();
}

/** The bare SQL of the board: counts by state (with the overdue ones), the first page and its total. */
function bareBoard(db, projectId) {
  const started = performance.now();
  const counts = db
    .prepare(
      "select status, count(*) as n, sum(overdue) as late from work_orders where project_id = ? and type = 'repair' group by status",
    )
    .all(projectId);
  const { total } = db
    .prepare("select count(*) as total from work_orders where project_id = ? and type = 'repair'")
    .get(projectId);
  const page = db
    .prepare(
      "select * from work_orders where project_id = ? and type = 'repair' order by executetimeplan desc, id desc limit 50",
    )
    .all(projectId);
  const ms = performance.now() - started;
  if (total !== counts.reduce((n, r) => n + r.n, 0)) throw new Error('the counts disagree');
  return { ms, total, page: page.length };
}

async function board(client) {
  const started = performance.now();
  const [counts, page] = await Promise.all([
    client.workorders.repairCount({ body: {} }),
    client.workorders.repairQuery({ body: { page: { index: 0, limit: 50 } } }),
  ]);
  return {
    ms: performance.now() - started,
    total: counts.total,
    page: page.list.length,
    pageTotal: page.total,
  };
}

export async function run() {
  const dataDir = mkdtempSync(join(tmpdir(), 'eem-bench-orders-'));
  const file = join(dataDir, 'eem.sqlite3');
  let server = startServer(dataDir);
  try {
    let url = await server.url;
    const session = await createClient({ baseUrl: url }).login('operator-sh', PASSWORD);
    const projectId = session.user.projectId;
    await server.stop();
    process.stderr.write(`  writing ${ORDERS.toLocaleString('en-US')} repair orders…\n`);
    writeOrders(file, projectId);
    server = startServer(dataDir);
    url = await server.url;
    const login = await createClient({ baseUrl: url }).login('operator-sh', PASSWORD);
    const client = createClient({ baseUrl: url, token: login.token, projectId });
    const db = new Database(file, { readonly: true });

    // Warm-up, and the two agree on what they count.
    const first = await board(client);
    const bare = bareBoard(db, projectId);
    if (first.total !== bare.total || first.page !== 50 || first.pageTotal !== bare.total)
      throw new Error(`the board counted ${first.total}, the SQL ${bare.total}`);
    if (first.total < ORDERS) throw new Error(`the board holds ${first.total} orders`);

    const served = [];
    const baseline = [];
    for (let turn = 0; turn < TURNS; turn++) {
      baseline.push(bareBoard(db, projectId).ms);
      served.push((await board(client)).ms);
    }
    db.close();
    const ratio = median(served.map((ms, i) => baseline[i] / ms));
    return {
      name: 'work-orders',
      title: `Work-order board, ${ORDERS.toLocaleString('en-US')} repair orders`,
      description: `The board's view of one project holding ${ORDERS.toLocaleString('en-US')} repair orders in every state: the counts by state with the overdue count (workorders.repairCount) and the first page of 50 (workorders.repairQuery), both over HTTP from the built server on SQLite, against the bare SQL answering the same (the grouped count, the first 50 rows and their total) through better-sqlite3 on the same file. Medians of ${TURNS} turns, alternated. Target: ratio (baseline time / board time) at least 0.5.`,
      rows: [
        {
          case: 'bare SQL: grouped count + first page with its total (baseline)',
          value: median(baseline),
          unit: 'ms',
        },
        {
          case: 'board over HTTP: repairCount + repairQuery',
          value: median(served),
          unit: 'ms',
          baseline: median(baseline),
          ratio,
          target: 'ratio ≥ 0.5',
          met: ratio >= 0.5,
        },
      ],
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
