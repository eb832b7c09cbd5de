/**
 * Two eem-server processes on one throwaway PostgreSQL, behind nginx (scripts/run-cluster.sh
 * proxy, the configuration docs/operations.md shows), with the simulator on: the alarm engine
 * and the simulator run on the leader only (ADR 0016).
 *
 * - A task started on server A is followed to completion from server B: its progress channel,
 *   its polled state and its end notice.
 * - A logout on one server ends the session on the other, which kept it in memory.
 * - An existing database (migrated before 0008) is converted: readings and rollups into monthly
 *   partitions with the project in their keys; the maintenance moves rows out of the default
 *   partition and drops months past the retention.
 * - Notices the alarm engine raises on A reach a console channel on B exactly once and in
 *   order; A is killed with SIGKILL mid-run, B takes the engine over within the lease, and no
 *   event is lost or doubled: every event of the project has exactly one notice to the user,
 *   no two events of a scheme and node overlap, and the channel (read raw, without the SDK's
 *   de-duplication) got every notice of the user once. A channel that was on A resumes on B
 *   by its last id; a console behind the proxy goes on through it.
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Notice, Task } from '@eem/contract';
import { TASK_OPERATION_TYPE } from '@eem/core';
import { createClient, openNoticeChannel, openProgressChannel, SessionExpiredError } from '@eem/sdk';
import { databaseMigrations, maintainPartitions } from '@eem/server';
import { Kysely, Migrator, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { WebSocket } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedIn, signIn } from '../support/clients.js';
import { REPO_ROOT, startTestServer, type TestServer, tempDir } from '../support/server.js';
import { ensurePostgres, type PostgresCluster, stopPostgres } from './cluster.js';

const LEASE_MS = 1_500;
const SCRIPT = join(REPO_ROOT, 'scripts/run-cluster.sh');

let cluster: PostgresCluster | undefined;
let db: pg.Pool;
let a: TestServer;
let b: TestServer;
let proxyUrl = '';
const proxyDir = tempDir('proxy');

function serverOn(id: string): Promise<TestServer> {
  if (!cluster) throw new Error('no PostgreSQL cluster');
  return startTestServer({
    env: {
      EEM_DATABASE_URL: cluster.url,
      EEM_SERVER_ID: id,
      EEM_SIMULATOR: 'on',
      EEM_LIVE_INTERVAL_MS: '500',
      EEM_NOTICE_INTERVAL_MS: '300',
      EEM_LEASE_MS: String(LEASE_MS),
      EEM_TRUST_PROXY: '127.0.0.1',
    },
  });
}

async function until<T>(
  check: () => Promise<T | undefined> | T | undefined,
  what: string,
  ms = 30_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const leader = async () =>
  (await db.query<{ holder: string }>(`select holder from cluster_leases where name = 'leader'`)).rows[0]
    ?.holder;

/** A notice channel read raw: every message as the server sent it, nothing dropped or merged. */
function rawChannel(server: string, who: SignedIn, lastId?: number) {
  const ws = new WebSocket(`${server.replace('http', 'ws')}/messageServer/websocket/${who.user.id}`);
  const notices: Notice[] = [];
  let ready: number | undefined;
  let closed = false;
  ws.addEventListener('open', () =>
    ws.send(JSON.stringify({ type: 'auth', token: who.token, ...(lastId === undefined ? {} : { lastId }) })),
  );
  ws.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as { type: string; notice?: Notice; lastId?: number };
    if (message.type === 'ready') ready = message.lastId;
    if (message.type === 'notice' && message.notice) notices.push(message.notice);
  });
  ws.addEventListener('close', () => {
    closed = true;
  });
  return {
    notices,
    ready: () => ready,
    closed: () => closed,
    close: () => ws.close(),
  };
}

beforeAll(async () => {
  cluster = ensurePostgres();
  db = new pg.Pool({ connectionString: cluster.url, max: 2 });
  a = await serverOn('a');
  await until(async () => (await leader()) === 'a' || undefined, 'server a to lead');
  b = await serverOn('b');
  const out = execFileSync(
    'bash',
    [
      SCRIPT,
      'proxy',
      proxyDir,
      `127.0.0.1:${await freePort()}`,
      `127.0.0.1:${a.port}`,
      `127.0.0.1:${b.port}`,
    ],
    { encoding: 'utf8', timeout: 240_000, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  proxyUrl = out.trim().split('\n').at(-1) ?? '';
}, 300_000);

afterAll(async () => {
  execFileSync('bash', [SCRIPT, 'stop-proxy', proxyDir], { stdio: 'inherit' });
  rmSync(proxyDir, { recursive: true, force: true });
  await Promise.all([a?.stop(), b?.stop()]);
  await db?.end();
  stopPostgres(cluster);
});

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

describe('two servers on one PostgreSQL', () => {
  it('follows a task started on server A to its end from server B: progress channel, polling, notice', async () => {
    const { rows } = await db.query<{ id: string }>(`select id from projects where code = 'SH-01'`);
    const sh = Number(rows[0]?.id);
    const onA = await signIn(a.url, 'tenant-admin', { projectId: sh });
    const onB = await signIn(b.url, 'tenant-admin', { projectId: sh, now: Date.now() + 1 });
    const heard: Task[] = [];
    const progress = openProgressChannel(onB.client, { userId: onB.user.id, onTask: (t) => heard.push(t) });
    const ended = rawChannel(b.url, onB);
    await until(() => ended.ready(), 'the notice channel on B');
    await new Promise((r) => setTimeout(r, 300));
    const points = await db.query<{ id: string }>(
      'select id from datalog_points where project_id = $1 order by id limit 200',
      [sh],
    );
    const now = Date.now();
    const task = await onA.client.datalog.recalculation({
      body: { pointIds: points.rows.map((p) => Number(p.id)), startTime: now - 86_400_000, endTime: now },
    });
    const states: string[] = [];
    const done = await until(async () => {
      const state = await onB.client.datalog.recalculationState();
      if (state.task?.id === task.id) states.push(state.state);
      return state.task?.id === task.id && state.state === 'done' ? state : undefined;
    }, 'the recalculation to end, polled on B');
    expect(done).toMatchObject({ done: points.rows.length, total: points.rows.length });
    const mine = await until(() => {
      const seen = heard.filter((t) => t.id === task.id);
      return seen.at(-1)?.status === 3 ? seen : undefined;
    }, 'the end on the progress channel of B');
    progress.close();
    // Progress from A, as it went: ratios that grow, some between the start and the end.
    const ratios = mine.map((t) => t.ratio);
    expect(ratios).toEqual([...ratios].sort((x, y) => x - y));
    expect(ratios.some((r) => r > 0 && r < 1)).toBe(true);
    const notice = await until(
      () => ended.notices.find((n) => JSON.parse(n.content ?? '{}').taskId === task.id),
      'the end notice on B',
    );
    expect(JSON.parse(notice.content ?? '{}')).toMatchObject({
      status: 2,
      taskoperationtype: TASK_OPERATION_TYPE.datalogRecalculation,
    });
    ended.close();
  });

  it('ends a session on every server when it is logged out on one (caches invalidated across them)', async () => {
    const onA = await signIn(a.url, 'inspector');
    const onB = createClient({ baseUrl: b.url, token: onA.token });
    expect((await onB.session.me()).name).toBe('inspector'); // B now keeps the session in memory
    await onA.client.session.logout();
    // B hears of it through the bus (a millisecond or two); without it, B would accept the
    // token it keeps for as long as the session would have lasted.
    const refused = await until(
      () =>
        onB.session.me().then(
          () => undefined,
          (e: unknown) => (e instanceof SessionExpiredError ? e : undefined),
        ),
      'the logout on A to reach B',
      5_000,
    );
    expect(refused.httpStatus).toBe(401);
  });

  it('delivers the alarm engine’s notices from A on B once and in order; kill -9 of A hands the engine to B, losing and doubling nothing', async () => {
    const { rows } = await db.query<{ id: string }>(`select id from projects where code = 'SH-01'`);
    const sh = Number(rows[0]?.id);
    const openedAt = Date.now();
    const operatorB = await signIn(b.url, 'operator-sh');
    const operatorA = await signIn(a.url, 'operator-sh', { now: Date.now() + 1 });
    const onB = rawChannel(b.url, operatorB);
    const onA = rawChannel(a.url, operatorA);
    const since = await until(() => onB.ready(), 'the channel on B');
    await until(() => onA.ready(), 'the channel on A');
    // A console behind the proxy, with the SDK's reconnect and resume.
    const proxied: Notice[] = [];
    const consoleChannel = openNoticeChannel(createClient({ baseUrl: proxyUrl, token: operatorB.token }), {
      userId: operatorB.user.id,
      onNotice: (n) => proxied.push(n),
      reconnectMs: 200,
    });
    const events = (n: Notice[]) => n.filter((x) => JSON.parse(x.content ?? '{}').eventId !== undefined);
    await until(() => events(onB.notices).length >= 3 || undefined, 'three event notices on B');
    expect(await leader()).toBe('a');

    await a.kill();
    const killedAt = Date.now();
    expect(await until(() => onA.closed() || undefined, 'the channel on A to close')).toBe(true);
    await until(async () => (await leader()) === 'b' || undefined, 'server b to lead');
    const tookOver = Date.now() - killedAt;
    // Events raised by B's engine after the take-over reach the same channel.
    await until(
      () => events(onB.notices).filter((n) => n.time > killedAt + tookOver).length >= 3 || undefined,
      'three event notices raised on B',
    );
    // The proxy answers on B alone.
    for (let i = 0; i < 5; i++)
      expect(
        (
          await fetch(`${proxyUrl}/eem-service/v1/project/project`, {
            headers: { authorization: `Bearer ${operatorB.token}` },
          })
        ).status,
      ).toBe(200);

    // The channel that was on A resumes on B from its last id: exactly what it missed.
    const lastOnA = onA.notices.at(-1)?.id ?? (onA.ready() as number);
    const resumed = rawChannel(b.url, operatorB, lastOnA);
    const upto = await until(() => resumed.ready(), 'the resumed channel');
    const missed = await db.query<{ id: string }>(
      'select id from notices where user_id = $1 and id > $2 and id <= $3 order by id',
      [operatorB.user.id, lastOnA, upto],
    );
    expect(resumed.notices.map((n) => n.id)).toEqual(missed.rows.map((r) => Number(r.id)));
    resumed.close();

    // Let the engine settle, then stop listening and compare with the database.
    await new Promise((r) => setTimeout(r, 500));
    const last = onB.notices.at(-1)?.id as number;
    await until(
      () => proxied.some((n) => n.id >= last) || undefined,
      'the console behind the proxy to catch up',
    );
    onB.close();
    consoleChannel.close();
    const ids = onB.notices.map((n) => n.id);
    const stored = await db.query<{ id: string; content: string }>(
      'select id, content from notices where user_id = $1 and id > $2 and id <= $3 order by id',
      [operatorB.user.id, since, last],
    );
    // Exactly once, in order, nothing missing: the channel's ids are the stored ids.
    expect(ids).toEqual(stored.rows.map((r) => Number(r.id)));
    // The console behind the proxy (its channel moved from A to B, if it was on A) missed nothing since it opened.
    const first = proxied[0]?.id ?? last;
    expect(proxied.filter((n) => n.id <= last).map((n) => n.id)).toEqual(ids.filter((id) => id >= first));

    // Every event the engines raised for the project while the channel listened (between the
    // first and the last it was told of) has exactly one notice to the user: none lost, none
    // raised twice.
    const noticed = new Map<number, number>();
    for (const row of stored.rows) {
      const eventId = JSON.parse(row.content).eventId as number | undefined;
      if (eventId !== undefined) noticed.set(eventId, (noticed.get(eventId) ?? 0) + 1);
    }
    const window = await db.query<{
      id: string;
      scheme_id: string;
      node_id: string;
      time: string;
      end_time: string | null;
    }>(
      `select id, scheme_id, node_id, time, end_time from events
       where project_id = $1 and scheme_id is not null and time >= $2 and id between $3 and $4 order by id`,
      [sh, openedAt, Math.min(...noticed.keys()), Math.max(...noticed.keys())],
    );
    expect(window.rows.length).toBeGreaterThanOrEqual(6);
    for (const event of window.rows)
      expect(noticed.get(Number(event.id)), `notices of event ${event.id}`).toBe(1);
    const byKey = new Map<string, { time: number; end: number }[]>();
    for (const e of window.rows) {
      const key = `${e.scheme_id}:${e.node_id}`;
      byKey.set(key, [
        ...(byKey.get(key) ?? []),
        { time: Number(e.time), end: e.end_time === null ? Number.POSITIVE_INFINITY : Number(e.end_time) },
      ]);
    }
    for (const [key, list] of byKey) {
      list.sort((x, y) => x.time - y.time);
      for (let i = 1; i < list.length; i++)
        expect(list[i - 1]?.end as number, `events of ${key} overlap`).toBeLessThanOrEqual(
          list[i]?.time as number,
        );
    }
  });

  it('converts an existing database to monthly partitions with the project in the keys; keeps them by the retention', async () => {
    if (!cluster) throw new Error('no PostgreSQL cluster');
    const port = new URL(cluster.url).port;
    const admin = new pg.Client({
      host: cluster.dir,
      port: Number(port),
      user: 'postgres',
      database: 'postgres',
    });
    await admin.connect();
    await admin.query('create database eem_convert owner eem');
    await admin.end();
    const old = new Kysely<unknown>({
      dialect: new PostgresDialect({
        pool: new pg.Pool({ connectionString: cluster.url.replace(/\/eem$/, '/eem_convert'), max: 2 }),
      }),
    });
    try {
      const all = databaseMigrations('postgres');
      const migrator = new Migrator({ db: old, provider: { getMigrations: async () => all } });
      expect((await migrator.migrateTo('0007-expert-pq')).error).toBeUndefined();
      const at = (month: number, day: number) => Date.UTC(2026, month - 1, day);
      await sql`insert into tenants (name, created_at) values ('t', 0)`.execute(old);
      await sql`insert into projects (tenant_id, name, code, time_zone, created_at) values
        (1, 'a', 'A', 'UTC', 0), (1, 'b', 'B', 'UTC', 0)`.execute(old);
      await sql`insert into datalog_points (project_id, node_id, data_id, created_at) values
        (1, 10, 1000, 0), (2, 20, 1000, 0)`.execute(old);
      // Hourly readings of both points from 20 January to 10 March, and a point that is gone.
      await sql`insert into readings (point_id, ts, value)
        select p, ${at(1, 20)}::bigint + h::bigint * 3600000, h from generate_series(0, 1175) h, (values (1), (2), (99)) v(p)`.execute(
        old,
      );
      await sql`insert into reading_rollups (point_id, grain, ts, n, sum, min, max, last, delta)
        select 1, 2, ${at(1, 20)}::bigint + d::bigint * 86400000, 24, 1, 0, 1, 1, 1 from generate_series(0, 48) d`.execute(
        old,
      );
      await sql`insert into events (project_id, log_type, event_class, level, status, time, description)
        values (2, 704, 2, 3, 1, ${at(2, 1)}, 'before')`.execute(old);

      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const parts = await sql<{ part: string; n: number; projects: string }>`
        select tableoid::regclass::text as part, count(*)::int as n, string_agg(distinct project_id::text, ',') as projects
        from readings group by 1 order by 1`.execute(old);
      // January: 12 days × 24 h of two points; February: 28 days; March: up to the 10th. The
      // readings of point 99 (no such point) are gone.
      expect(parts.rows).toEqual([
        { part: 'readings_p2026_01', n: 2 * 12 * 24, projects: '1,2' },
        { part: 'readings_p2026_02', n: 2 * 28 * 24, projects: '1,2' },
        { part: 'readings_p2026_03', n: 2 * 9 * 24, projects: '1,2' },
      ]);
      const projectOf = await sql<{ point_id: number; project_id: number }>`
        select distinct point_id::int, project_id::int from readings order by 1`.execute(old);
      expect(projectOf.rows).toEqual([
        { point_id: 1, project_id: 1 },
        { point_id: 2, project_id: 2 },
      ]);
      const keys = await sql<{ name: string; def: string }>`
        select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as def from pg_index
        where indisprimary and indrelid in ('readings'::regclass, 'reading_rollups'::regclass, 'events'::regclass)
        order by 1`.execute(old);
      expect(keys.rows.map((k) => k.def.replace(/^.* USING btree /, ''))).toEqual([
        '(project_id, id)',
        '(point_id, grain, ts, project_id)',
        '(point_id, ts, project_id)',
      ]);
      expect(
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from reading_rollups where project_id = 1`.execute(old)
        ).rows[0]?.n,
      ).toBe(49);

      // A writer that leaves the project out: the point gives it; a month without a partition
      // goes to the default partition until the maintenance makes its month.
      await sql`insert into readings (point_id, ts, value) values (2, ${Date.UTC(2024, 4, 3)}, 7)`.execute(
        old,
      );
      const stray = await sql<{ part: string; project_id: number }>`
        select tableoid::regclass::text as part, project_id::int from readings where ts = ${Date.UTC(2024, 4, 3)}`.execute(
        old,
      );
      expect(stray.rows).toEqual([{ part: 'readings_default', project_id: 2 }]);
      const unknown = await sql`insert into readings (point_id, ts, value) values (12345, 0, 1)`
        .execute(old)
        .catch((e: unknown) => e);
      expect(String(unknown)).toContain('point 12345 does not exist');
      const now = Date.UTC(2026, 2, 15);
      const first = await maintainPartitions(old, {
        now,
        readingsRetentionMonths: 0,
        rollupsRetentionMonths: 0,
      });
      expect(first.created).toContain('readings_p2024_05');
      expect(first.dropped).toEqual([]);
      const moved = await sql<{ part: string }>`
        select tableoid::regclass::text as part from readings where ts = ${Date.UTC(2024, 4, 3)}`.execute(
        old,
      );
      expect(moved.rows).toEqual([{ part: 'readings_p2024_05' }]);
      // Keep two months of readings (February and March) and three of rollups.
      const second = await maintainPartitions(old, {
        now,
        readingsRetentionMonths: 2,
        rollupsRetentionMonths: 3,
      });
      expect(second.dropped.sort()).toEqual(['readings_p2024_05', 'readings_p2026_01']);
      const left = await sql<{ n: number; first: string }>`
        select count(*)::int as n, min(ts)::text as first from readings`.execute(old);
      expect(left.rows[0]).toEqual({ n: 2 * (28 + 9) * 24, first: String(Date.UTC(2026, 1, 1)) });
      expect(
        (await sql<{ n: number }>`select count(*)::int as n from reading_rollups`.execute(old)).rows[0]?.n,
      ).toBe(49);
    } finally {
      await old.destroy();
    }
  });
});
