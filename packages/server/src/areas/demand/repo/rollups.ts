/** The quarter-hour demand rollup of each inlet (migration 0040). */
import { DEMAND_WINDOW_MS, type DemandWindowType } from '@eem/core';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

export interface RollupRow {
  ts: number;
  avg_kw: number | null;
  max_kw: number | null;
  max_at: number | null;
  source: number;
}

export const ROLLUP_SOURCE = { computed: 1, imported: 2 } as const;

/** An inlet's quarter hours in [from, to), by time. */
export async function rollupsOf(db: Db, inletId: number, from: number, to: number): Promise<RollupRow[]> {
  const rows = await db
    .selectFrom('demand_rollups')
    .select(['ts', 'avg_kw', 'max_kw', 'max_at', 'source'])
    .where('inlet_id', '=', inletId)
    .where('ts', '>=', from)
    .where('ts', '<', to)
    .orderBy('ts')
    .execute();
  // PostgreSQL answers bigint as text.
  return rows.map((r) => ({
    ts: Number(r.ts),
    avg_kw: r.avg_kw,
    max_kw: r.max_kw,
    max_at: r.max_at === null ? null : Number(r.max_at),
    source: r.source,
  }));
}

/**
 * Writes quarter hours of an inlet: computed ones replace computed ones and leave imported
 * ones be; imported ones replace anything. In chunks (SQLite's bound-parameter limit).
 */
export async function writeRollups(
  db: Db,
  projectId: number,
  inletId: number,
  rows: readonly RollupRow[],
): Promise<void> {
  const values = rows.map((r) => ({ project_id: projectId, inlet_id: inletId, ...r }));
  for (let i = 0; i < values.length; i += 400) {
    await db
      .insertInto('demand_rollups')
      .values(values.slice(i, i + 400))
      .onConflict((oc) =>
        oc
          .columns(['inlet_id', 'ts'])
          .doUpdateSet((eb) => ({
            avg_kw: eb.ref('excluded.avg_kw'),
            max_kw: eb.ref('excluded.max_kw'),
            max_at: eb.ref('excluded.max_at'),
            source: eb.ref('excluded.source'),
          }))
          .where((eb) =>
            eb.or([
              eb('excluded.source', '=', ROLLUP_SOURCE.imported),
              eb('demand_rollups.source', '!=', ROLLUP_SOURCE.imported),
            ]),
          ),
      )
      .execute();
  }
}

/** Deletes the computed quarter hours of an inlet in [from, to) (they are computed again). */
export async function deleteComputed(db: Db, inletId: number, from: number, to: number): Promise<void> {
  await db
    .deleteFrom('demand_rollups')
    .where('inlet_id', '=', inletId)
    .where('ts', '>=', from)
    .where('ts', '<', to)
    .where('source', '=', ROLLUP_SOURCE.computed)
    .execute();
}

/** Deletes every computed quarter hour of an inlet (its meter changed). */
export async function deleteAllComputed(db: Db, inletId: number): Promise<void> {
  await db
    .deleteFrom('demand_rollups')
    .where('inlet_id', '=', inletId)
    .where('source', '=', ROLLUP_SOURCE.computed)
    .execute();
}

/** The point of a node's quantity (data id), if it has one. */
export async function pointOfNode(db: Db, nodeId: number, dataId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('datalog_points')
    .select('id')
    .where('node_id', '=', nodeId)
    .where('data_id', '=', dataId)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

export async function setRolled(
  db: Db,
  inletId: number,
  values: { rolled_to?: number | null; edits_seen?: number },
): Promise<void> {
  await db.updateTable('demand_inlets').set(values).where('id', '=', inletId).execute();
}

/** The span and newest id of the edits of a point after `seen` (null: none). */
export async function editsAfter(
  db: Db,
  pointId: number,
  seen: number,
): Promise<{ from: number; to: number; id: number } | null> {
  const row = await db
    .selectFrom('datalog_edits')
    .select((eb) => [eb.fn.min('ts').as('from'), eb.fn.max('ts').as('to'), eb.fn.max('id').as('id')])
    .where('point_id', '=', pointId)
    .where('id', '>', seen)
    .executeTakeFirst();
  if (!row || row.id === null || row.from === null || row.to === null) return null;
  return { from: Number(row.from), to: Number(row.to), id: Number(row.id) };
}

/** A span's demand figures: maximum (per the window type) with its time, average, count, over-declared count. */
export interface SpanFigures {
  maxKw: number | null;
  maxAt: number | null;
  avgKw: number | null;
  quarters: number;
  overDeclared: number;
}

/**
 * The figures of each span of an inlet's rollup, in SQL: the demand of a quarter hour per the
 * window type (core's demandOf), its maximum with the earliest quarter hour that reaches it (a
 * later one counts only when larger by more than 1e-9), the average and count of the
 * fixed-window values, the quarter hours above the span's declared value.
 *
 * Each span is one aggregate over its own range of the primary key (inlet, quarter hour),
 * the spans joined by union all: grouping the rows of all spans by span instead sorted every
 * quarter hour of the year and took twice as long. The quarter hour of each span's maximum
 * is then found by walking the span's range in time order up to the first that reaches it.
 */
export async function spanFigures(
  db: Db,
  inletId: number,
  windowType: DemandWindowType,
  spans: readonly { start: number; end: number; declaredKw: number }[],
): Promise<SpanFigures[]> {
  const kwOf = (r: string) =>
    windowType === 'fixed'
      ? sql.ref(`${r}.avg_kw`)
      : sql`case when ${sql.ref(`${r}.max_at`)} is null then null else ${sql.ref(`${r}.max_kw`)} end`;
  const at = windowType === 'fixed' ? sql`x.ts + ${DEMAND_WINDOW_MS}` : sql`x.max_at`;
  const perSpan = sql.join(
    spans.map(
      (s, i) => sql`
        select cast(${i} as integer) as m, cast(${s.start} as bigint) as m_start,
          cast(${s.end} as bigint) as m_end, max(${kwOf('r')}) as top, avg(r.avg_kw) as avg_kw,
          count(r.avg_kw) as n,
          sum(case when ${kwOf('r')} > cast(${s.declaredKw} as double precision) then 1 else 0 end) as over
        from demand_rollups r
        where r.inlet_id = ${inletId} and r.ts >= ${s.start} and r.ts < ${s.end}`,
    ),
    sql` union all `,
  );
  const { rows } = await sql<{
    m: number | string;
    avg_kw: number | null;
    n: number | string;
    over: number | string | null;
    kw: number | null;
    at: number | string | null;
  }>`
    with agg as (${perSpan})
    select agg.m, agg.avg_kw, agg.n, agg.over, ${kwOf('x')} as kw, ${at} as at
    from agg left join demand_rollups x
      on x.inlet_id = ${inletId} and x.ts = (
        select y.ts from demand_rollups y
        where y.inlet_id = ${inletId} and y.ts >= agg.m_start and y.ts < agg.m_end
          and ${kwOf('y')} >= agg.top - 1e-9
        order by y.ts limit 1
      )
  `.execute(db);
  const out: SpanFigures[] = spans.map(() => ({
    maxKw: null,
    maxAt: null,
    avgKw: null,
    quarters: 0,
    overDeclared: 0,
  }));
  for (const r of rows)
    out[Number(r.m)] = {
      maxKw: r.kw,
      maxAt: r.at === null ? null : Number(r.at),
      avgKw: r.avg_kw === null ? null : Number(r.avg_kw),
      quarters: Number(r.n),
      overDeclared: Number(r.over ?? 0),
    };
  return out;
}
