// Several servers on one PostgreSQL database (ADR 0016), on a throwaway cluster
// (scripts/ensure-postgres.sh):
// 1. Authenticated requests, one server against two: 32 connections on one server (its pool of
//    10 database connections, then of 20), then 16 on each of two servers (the load generator
//    spreads them as a proxy would), alternating, the median of 3 rounds of 4 s. Two endpoints: the project list (served from the caches: session, user,
//    projects) and a task by id (the polling of progress: one database read per request).
//    Rate, p99 latency, and CPU per request of the servers, of PostgreSQL and of the load
//    generator (user + system, /proc), which shares the machine's cores with them.
// 2. Notice fan-out: 20,000 notices published to one user on server A in batches of 500, read
//    by a WebSocket on A itself (within one server) and on B (across servers: NOTIFY, then B
//    reads the rows); rate from `ready` to the last notice, lost and out-of-order counts.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@eem/sdk';
import pg from 'pg';
import { measureRps, quantile } from './load.mjs';
import { fanoutChild, measureFanout } from './notice-fanout.mjs';
import { spawnListening } from './spawn.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');
const SCRIPT = join(root, 'scripts/ensure-postgres.sh');
const PASSWORD = 'Eem@2026demo';
const ROUNDS = 3;
const SECONDS = 4;
const NOTICES = 20_000;

/** CPU seconds (user + system) of a process, from /proc. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The PostgreSQL server's processes (the postmaster and its children) of the cluster in `dir`. */
function postgresPids(dir) {
  const postmaster = Number(readFileSync(join(dir, 'data/postmaster.pid'), 'utf8').split('\n')[0]);
  const pids = [postmaster];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      if (ppid === postmaster) pids.push(Number(entry));
    } catch {}
  }
  return pids;
}

function server(url, id, env = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), `eem-bench-cluster-${id}-`));
  const proc = spawnListening([join(root, 'packages/server/dist/main.js')], {
    PORT: '0',
    HOST: '127.0.0.1',
    EEM_DATA_DIR: dataDir,
    EEM_DATABASE_URL: url,
    EEM_SERVER_ID: id,
    EEM_DEMO: 'on',
    EEM_SIMULATOR: 'off',
    EEM_HISTORY_DAYS: '0',
    ...env,
  });
  return {
    url: proc.url,
    pid: () => proc.child.pid,
    stop: async () => {
      await proc.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** CPU seconds of PostgreSQL's processes now, by pid (backends come and go). */
function postgresCpu(dir) {
  return new Map(postgresPids(dir).map((pid) => [pid, cpuSeconds(pid)]));
}

/** Load on the servers' URLs at once (connections split evenly), with the CPU spent meanwhile. */
async function load(urls, path, headers, pgDir, serverPids) {
  const before = {
    servers: serverPids.reduce((s, pid) => s + cpuSeconds(pid), 0),
    postgres: postgresCpu(pgDir),
    client: process.cpuUsage(),
  };
  const runs = await Promise.all(
    urls.map((url) =>
      measureRps(url, { path, headers, connections: 32 / urls.length, seconds: SECONDS, warmup: 1 }),
    ),
  );
  const client = process.cpuUsage(before.client);
  let postgres = 0;
  for (const [pid, seconds] of postgresCpu(pgDir)) postgres += seconds - (before.postgres.get(pid) ?? 0);
  const count = runs.reduce((n, r) => n + r.count, 0);
  // CPU over warm-up and measurement, per request counted (the warm-up's requests are not):
  // comparable between the cases, a little above the true cost per request.
  const per = (seconds) => (seconds * 1000) / count;
  return {
    rps: runs.reduce((n, r) => n + r.rps, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    p99: quantile(
      runs.flatMap((r) => r.latencies),
      0.99,
    ),
    serverMs: per(serverPids.reduce((s, pid) => s + cpuSeconds(pid), 0) - before.servers),
    postgresMs: per(postgres),
    clientMs: per((client.user + client.system) / 1e6),
  };
}

export async function run() {
  const loadAverage = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
  const out = execFileSync('bash', [SCRIPT], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const url = out.trim().split('\n').at(-1);
  const pgDir = out.match(/^EEM_PG_DIR=(.*)$/m)[1];
  const rows = [];
  try {
    // 1. Requests, one server against two. A server's pool holds 10 connections
    // (EEM_DATABASE_POOL): two servers hold 20, so one server with 20 is measured too.
    const one = server(url, 'bench-1');
    const oneUrl = await one.url;
    const wide = server(url, 'bench-1-pool-20', { EEM_DATABASE_POOL: '20' });
    const wideUrl = await wide.url;
    const two = server(url, 'bench-2');
    const twoUrl = await two.url;
    const session = await createClient({ baseUrl: oneUrl }).login('operator-sh', PASSWORD);
    const db = new pg.Pool({ connectionString: url, max: 1 });
    const { rows: tasks } = await db.query(
      `insert into tasks (project_id, user_id, operation_type, log_type, name, status, ratio, message, started_at)
       values ($1, $2, 2, 719, 'bench', 3, 1, 'done', $3) returning id`,
      [session.user.projectId, session.user.id, Date.now()],
    );
    await db.end();
    const headers = { authorization: `Bearer ${session.token}` };
    const endpoints = [
      { name: 'project list (caches)', path: '/eem-service/v1/project/project?system=cloud' },
      { name: 'task by id (a database read)', path: `/eem-service/v1/importobject/task/${tasks[0].id}` },
    ];
    const cases = [
      { name: 'one server', urls: [oneUrl], pids: () => [one.pid()] },
      { name: 'one server, pool of 20', urls: [wideUrl], pids: () => [wide.pid()] },
      { name: 'two servers', urls: [oneUrl, twoUrl], pids: () => [one.pid(), two.pid()] },
    ];
    const cpu = (r) =>
      `${r.serverMs.toFixed(3)} server + ${r.postgresMs.toFixed(3)} PostgreSQL + ${r.clientMs.toFixed(3)} load generator`;
    for (const endpoint of endpoints) {
      // Alternating rounds; the median round of each case (by rate).
      const runs = cases.map(() => []);
      for (let round = 0; round < ROUNDS; round++)
        for (const [i, c] of cases.entries())
          runs[i].push(await load(c.urls, endpoint.path, headers, pgDir, c.pids()));
      const middle = (list) => [...list].sort((a, b) => a.rps - b.rps)[Math.floor(list.length / 2)];
      const [single, widePool, pair] = runs.map(middle);
      for (const [i, c] of cases.entries()) {
        const r = [single, widePool, pair][i];
        rows.push(
          {
            case: `${endpoint.name}: ${c.name}`,
            value: r.rps,
            unit: 'req/s',
            ...(i === 0 ? {} : { baseline: single.rps, ratio: r.rps / single.rps }),
            ...(i === 2
              ? { target: 'reported (2 cores shared with PostgreSQL and the load generator)' }
              : {}),
          },
          {
            case: `${endpoint.name}: ${c.name}, p99`,
            value: r.p99,
            unit: 'ms',
            ...(i === 0 ? {} : { baseline: single.p99, ratio: r.p99 / single.p99 }),
          },
          { case: `${endpoint.name}: ${c.name}, CPU per request`, value: cpu(r), unit: 'ms' },
        );
      }
      const errors = runs.flat().reduce((n, r) => n + r.errors, 0);
      rows.push({
        case: `${endpoint.name}: failed requests`,
        value: errors,
        unit: 'count',
        target: '0',
        met: errors === 0,
      });
    }
    await two.stop();
    await wide.stop();
    await one.stop();

    // 2. Notice fan-out within one server and across two.
    const a = fanoutChild({ BENCH_DATABASE_URL: url });
    const aInfo = await a.first;
    const b = fanoutChild({ BENCH_DATABASE_URL: url });
    const bInfo = await b.first;
    const operator = await createClient({ baseUrl: aInfo.url }).login('operator-sh', PASSWORD);
    const channel = (info) => `${info.url.replace('http', 'ws')}/messageServer/websocket/${aInfo.userId}`;
    const fanout = (info) => measureFanout(channel(info), operator.token, a.proc, { count: NOTICES });
    // Alternating, the median of ROUNDS each.
    const withinRuns = [];
    const acrossRuns = [];
    for (let round = 0; round < ROUNDS; round++) {
      acrossRuns.push(await fanout(bInfo));
      withinRuns.push(await fanout(aInfo));
    }
    const medianRate = (runs) => [...runs].sort((x, y) => x.rate - y.rate)[Math.floor(runs.length / 2)];
    const sum = (runs, key) => runs.reduce((n, r) => n + r[key], 0);
    const within = {
      ...medianRate(withinRuns),
      lost: sum(withinRuns, 'lost'),
      outOfOrder: sum(withinRuns, 'outOfOrder'),
    };
    const across = {
      ...medianRate(acrossRuns),
      lost: sum(acrossRuns, 'lost'),
      outOfOrder: sum(acrossRuns, 'outOfOrder'),
    };
    for (const child of [a.proc, b.proc]) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rows.push(
      { case: 'notice fan-out within one server', value: within.rate, unit: 'notices/s' },
      {
        case: 'notice fan-out across servers (published on A, read on B)',
        value: across.rate,
        unit: 'notices/s',
        baseline: within.rate,
        ratio: across.rate / within.rate,
        target: '≥ 10,000 notices/s',
        met: across.rate >= 10_000,
      },
      {
        case: 'notices lost (within + across)',
        value: within.lost + across.lost,
        unit: 'count',
        target: '0',
        met: within.lost + across.lost === 0,
      },
      {
        case: 'notices out of order or repeated (within + across)',
        value: within.outOfOrder + across.outOfOrder,
        unit: 'count',
        target: '0',
        met: within.outOfOrder + across.outOfOrder === 0,
      },
    );
  } finally {
    execFileSync('bash', [SCRIPT, 'stop', pgDir], { stdio: 'inherit' });
  }
  return {
    name: 'cluster',
    title: 'Several servers on one PostgreSQL',
    description: `Servers on one throwaway PostgreSQL 15 (scripts/ensure-postgres.sh; fsync off), simulator off. Requests: GET with a Bearer token, 32 connections on loopback on one server (with its default pool of 10 database connections, and with EEM_DATABASE_POOL=20, as many as two servers hold), then 16 on each of two servers (spread by the load generator, as a proxy would), alternating, the median of ${ROUNDS} rounds of ${SECONDS} s; p99 over every counted request; CPU (user + system from /proc) of the servers, of PostgreSQL and of the load generator over warm-up and measurement, per counted request. The machine's cores are shared by all three (and by other work on this machine), so a second server adds no core of its own: the gain is bounded by them, and rates move by a third between runs here (the load average was ${loadAverage} when this run started); the CPU per request is the steadier measure. A server is one Node.js thread: a second server lets requests that cost the server more (the task read) use the second core; where a request costs the server little (the cached project list), the load generator, also one thread, is the bound. Fan-out: ${NOTICES.toLocaleString('en-US')} notices published on server A to one user in batches of 500 (each batch stored in one transaction under the notice lock, then NOTIFYed), read by one WebSocket client on A (within) and on B (across: B reads the announced rows and pushes them), alternating, the median of ${ROUNDS} each; lost and out-of-order counts over all runs. Within one server, A both stores and pushes; across, B pushes while A stores.`,
    rows,
  };
}
