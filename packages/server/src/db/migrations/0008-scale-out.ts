import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';
import {
  addMonths,
  ensureMonth,
  monthStart,
  PARTITIONED_TABLES,
  type PartitionedTable,
} from '../partitions.js';

/**
 * Several servers on one database, and time series at scale (issue 19, ADR 0016).
 *
 * Both dialects: `events.notified_at`, when the event's last notice went out (raise or
 * repeat), so an alarm engine that takes over repeats on time without doubling a repeat.
 *
 * PostgreSQL only (SQLite keeps its schema; one process has no peers):
 * - `readings` and `reading_rollups` become partitioned by month of `ts`, with a default
 *   partition and the project id (`project_id`, filled from the point by a trigger when a writer
 *   leaves it out) in the primary key: (point_id, ts, project_id), (point_id, grain, ts,
 *   project_id). An existing database is converted: rows are copied into the partitions of
 *   their months; rows of points that no longer exist are dropped (nothing can read them).
 * - The tables that grow with a project's data and are keyed by id alone get (project_id, id)
 *   as primary key and keep an index on id: nodes, datalog_points, datalog_edits, events,
 *   incidents.
 * - `cluster_members` (the servers, with a heartbeat), `cluster_leases` (the leader lease),
 *   `cluster_job_locks` (the one-at-a-time keys of background jobs), `cluster_breakers`
 *   (breaker states set by remote control) and `tasks.server_id`: the server that runs a
 *   task, filled from the connection's `eem.server_id` setting.
 */
export function scaleOut(dialect: Dialect) {
  type Db = Kysely<unknown>;
  return {
    async up(db: Db): Promise<void> {
      await db.schema.alterTable('events').addColumn('notified_at', 'bigint').execute();
      if (dialect !== 'postgres') return;
      await sql`create function eem_fill_project_id() returns trigger language plpgsql as $$
        begin
          if new.project_id is null then
            select p.project_id into new.project_id from datalog_points p where p.id = new.point_id;
            if new.project_id is null then
              raise exception using errcode = '23503',
                message = format('%s: point %s does not exist', tg_table_name, new.point_id);
            end if;
          end if;
          return new;
        end $$`.execute(db);
      await partition(db, 'readings', sql`value double precision not null`, ['point_id', 'ts']);
      await partition(
        db,
        'reading_rollups',
        sql`n integer not null, sum double precision not null, min double precision not null,
          max double precision not null, last double precision not null, delta double precision not null`,
        ['point_id', 'grain', 'ts'],
      );
      for (const table of ['nodes', 'datalog_points', 'datalog_edits', 'events', 'incidents']) {
        const t = sql.table(table);
        await sql`alter table ${t} drop constraint ${sql.ref(`${table}_pkey`)}`.execute(db);
        await sql`alter table ${t} add constraint ${sql.ref(`${table}_pkey`)} primary key (project_id, id)`.execute(
          db,
        );
        await sql`create index ${sql.ref(`${table}_id`)} on ${t} (id)`.execute(db);
      }
      await sql`create table cluster_members (
        server_id text primary key,
        host text not null,
        pid integer not null,
        started_at timestamptz not null default now(),
        seen_at timestamptz not null default now()
      )`.execute(db);
      await sql`create table cluster_leases (
        name text primary key,
        holder text not null,
        epoch bigint not null,
        expires_at timestamptz not null
      )`.execute(db);
      await sql`create table cluster_job_locks (
        key text primary key,
        server_id text not null,
        taken_at timestamptz not null default now()
      )`.execute(db);
      await sql`create table cluster_breakers (
        node_id bigint primary key,
        closed boolean not null,
        changed_at timestamptz not null default now()
      )`.execute(db);
      await sql`alter table tasks add column server_id text
        default current_setting('eem.server_id', true)`.execute(db);
      await sql`create index tasks_running on tasks (server_id) where status = 2`.execute(db);
    },
  };
}

/**
 * Replaces `table` by a table partitioned by month of ts with the same columns plus project_id,
 * and copies the rows over (of points that exist) into the partitions of their months.
 */
async function partition(
  db: Kysely<unknown>,
  table: PartitionedTable,
  columns: ReturnType<typeof sql>,
  key: readonly string[],
): Promise<void> {
  if (!PARTITIONED_TABLES.includes(table)) throw new Error(`${table} is not partitioned`);
  const old = `${table}_unpartitioned`;
  await sql`alter table ${sql.table(table)} rename to ${sql.table(old)}`.execute(db);
  await sql`alter table ${sql.table(old)} rename constraint ${sql.ref(`${table}_pk`)} to ${sql.ref(`${old}_pk`)}`.execute(
    db,
  );
  const keyColumns = sql.join(key.map((k) => sql.ref(k)));
  await sql`create table ${sql.table(table)} (
    project_id bigint not null,
    point_id bigint not null,
    ${table === 'reading_rollups' ? sql`grain integer not null,` : sql``}
    ts bigint not null,
    ${columns},
    constraint ${sql.ref(`${table}_pk`)} primary key (${keyColumns}, project_id)
  ) partition by range (ts)`.execute(db);
  await sql`create table ${sql.table(`${table}_default`)} partition of ${sql.table(table)} default`.execute(
    db,
  );
  const { rows } = await sql<{ min: number | string | null; max: number | string | null }>`
    select min(ts) as min, max(ts) as max from ${sql.table(old)}`.execute(db);
  const now = Date.now();
  let from = addMonths(monthStart(now), -1);
  let to = addMonths(monthStart(now), 3);
  if (rows[0]?.min !== null && rows[0]?.min !== undefined)
    from = Math.min(from, monthStart(Number(rows[0].min)));
  if (rows[0]?.max !== null && rows[0]?.max !== undefined) to = Math.max(to, monthStart(Number(rows[0].max)));
  for (let m = from; m <= to; m = addMonths(m, 1)) await ensureMonth(db, table, m);
  const names = ['point_id', ...(table === 'reading_rollups' ? ['grain'] : []), 'ts'];
  const rest = table === 'readings' ? ['value'] : ['n', 'sum', 'min', 'max', 'last', 'delta'];
  const copied = sql.join([...names, ...rest].map((c) => sql.ref(`r.${c}`)));
  const target = sql.join(['project_id', ...names, ...rest].map((c) => sql.ref(c)));
  await sql`insert into ${sql.table(table)} (${target})
    select p.project_id, ${copied} from ${sql.table(old)} r
    join datalog_points p on p.id = r.point_id`.execute(db);
  await sql`drop table ${sql.table(old)}`.execute(db);
  await sql`create trigger ${sql.ref(`${table}_project`)} before insert on ${sql.table(table)}
    for each row execute function eem_fill_project_id()`.execute(db);
}
