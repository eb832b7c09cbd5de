/**
 * Monthly partitions of the time series on PostgreSQL (ADR 0016): `readings`,
 * `reading_rollups` and `tou_rollups` (ADR 0017) are partitioned by range of `ts` (epoch ms), one partition per UTC month
 * (`readings_p2026_03`), and a default partition that takes a row of a month without one (an
 * import of old data, a clock far ahead), so a write never fails for want of a partition. The
 * maintenance (a singleton, hourly) creates the months ahead, moves rows out of the default
 * partition into their month, and drops months older than the retention. SQLite keeps its
 * unpartitioned tables; nothing here runs there.
 */
import { type Kysely, sql } from 'kysely';

/** The partitioned tables, with what each is called in messages. */
export const PARTITIONED_TABLES = ['readings', 'reading_rollups', 'tou_rollups'] as const;
export type PartitionedTable = (typeof PARTITIONED_TABLES)[number];

/** The start (UTC) of the month of `ms`. */
export function monthStart(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** The start of the month `n` months after the month starting at `start`. */
export function addMonths(start: number, n: number): number {
  const d = new Date(start);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1);
}

/** `readings_p2026_03` for the month starting at `start`. */
export function partitionName(table: PartitionedTable, start: number): string {
  const d = new Date(start);
  return `${table}_p${d.getUTCFullYear()}_${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The months (their starts) of the partitions a table has now, oldest first. */
export async function partitionMonths<DB>(db: Kysely<DB>, table: PartitionedTable): Promise<number[]> {
  const { rows } = await sql<{ name: string }>`
    select c.relname as name from pg_inherits i
    join pg_class c on c.oid = i.inhrelid
    where i.inhparent = ${table}::regclass`.execute(db);
  const pattern = new RegExp(`^${table}_p(\\d{4})_(\\d{2})$`);
  return rows
    .flatMap((r) => {
      const m = pattern.exec(r.name);
      return m ? [Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)] : [];
    })
    .sort((a, b) => a - b);
}

/**
 * Makes the partition of the month starting at `start` (nothing when it exists): rows of that
 * month that wait in the default partition move into it. Run inside a transaction: the default
 * partition is locked meanwhile, so no row of the month can arrive there in between.
 *
 * Locks are taken parent first, then the default partition: the order every query on the table
 * takes them. The other order (default first, then the parent that CREATE ... PARTITION OF
 * locks) deadlocks against any read that holds the parent and waits for the default partition.
 */
export async function ensureMonth<DB>(
  trx: Kysely<DB>,
  table: PartitionedTable,
  start: number,
): Promise<boolean> {
  const name = partitionName(table, start);
  const { rows } = await sql<{ found: string | null }>`select to_regclass(${name}) as found`.execute(trx);
  if (rows[0]?.found) return false;
  const end = addMonths(start, 1);
  const defaults = sql.table(`${table}_default`);
  await sql`lock table ${sql.table(table)} in access exclusive mode`.execute(trx);
  await sql`lock table ${defaults} in access exclusive mode`.execute(trx);
  const moving = sql.table(`${table}_moving`);
  await sql`create temporary table ${moving} on commit drop as
    with gone as (delete from ${defaults} where ts >= ${start} and ts < ${end} returning *)
    select * from gone`.execute(trx);
  await sql`create table ${sql.table(name)} partition of ${sql.table(table)}
    for values from (${sql.lit(start)}) to (${sql.lit(end)})`.execute(trx);
  await sql`insert into ${sql.table(table)} select * from ${moving}`.execute(trx);
  await sql`drop table ${moving}`.execute(trx);
  return true;
}

/** The months that have rows in a table's default partition. */
async function monthsInDefault<DB>(db: Kysely<DB>, table: PartitionedTable): Promise<number[]> {
  const defaults = sql.table(`${table}_default`);
  const { rows } = await sql<{ min: number | string | null; max: number | string | null }>`
    select min(ts) as min, max(ts) as max from ${defaults}`.execute(db);
  const min = rows[0]?.min;
  const max = rows[0]?.max;
  if (min === null || min === undefined || max === null || max === undefined) return [];
  const out: number[] = [];
  for (let m = monthStart(Number(min)); m <= Number(max); m = addMonths(m, 1)) {
    const { rows: found } = await sql`select 1 from ${defaults}
      where ts >= ${m} and ts < ${addMonths(m, 1)} limit 1`.execute(db);
    if (found.length > 0) out.push(m);
  }
  return out;
}

export interface MaintenanceOptions {
  now: number;
  /** Months ahead of the current one that get their partition before any row arrives. */
  aheadMonths?: number;
  /** Months of raw readings kept (0: all); older months are dropped whole. */
  readingsRetentionMonths: number;
  /** Months of rollups kept (0: all). */
  rollupsRetentionMonths: number;
}

export interface MaintenanceReport {
  created: string[];
  dropped: string[];
}

/** The first month kept by a retention of `months` (0: none, every month is kept). */
export function retentionHorizon(now: number, months: number): number | null {
  return months > 0 ? addMonths(monthStart(now), -months + 1) : null;
}

/**
 * One pass of the maintenance: partitions for this month and `aheadMonths` ahead, for every
 * month that has rows waiting in the default partition, and drops the months wholly before
 * the retention horizon (with the default partition's rows from before it). Each month in its
 * own short transaction.
 */
export async function maintainPartitions<DB>(
  db: Kysely<DB>,
  options: MaintenanceOptions,
): Promise<MaintenanceReport> {
  const report: MaintenanceReport = { created: [], dropped: [] };
  const current = monthStart(options.now);
  for (const table of PARTITIONED_TABLES) {
    const months = new Set<number>();
    for (let i = -1; i <= (options.aheadMonths ?? 3); i++) months.add(addMonths(current, i));
    for (const m of await monthsInDefault(db, table)) months.add(m);
    const horizon = retentionHorizon(
      options.now,
      table === 'readings' ? options.readingsRetentionMonths : options.rollupsRetentionMonths,
    );
    for (const m of [...months].sort((a, b) => a - b)) {
      if (horizon !== null && m < horizon) continue;
      if (await db.transaction().execute((trx) => ensureMonth(trx, table, m)))
        report.created.push(partitionName(table, m));
    }
    if (horizon === null) continue;
    for (const m of await partitionMonths(db, table)) {
      if (m >= horizon) continue;
      await sql`drop table if exists ${sql.table(partitionName(table, m))}`.execute(db);
      report.dropped.push(partitionName(table, m));
    }
    await sql`delete from ${sql.table(`${table}_default`)} where ts < ${horizon}`.execute(db);
  }
  return report;
}
