/** Share, public-area and loss-share schemes with versions and targets, and their results (migration 0041). */
import type { Selectable } from 'kysely';
import type { Db } from '../../../db/database.js';
import { JSON_COLUMNS } from '../../../db/json-columns.js';
import type { ShareSchemeTable } from '../../../db/schema.js';

export interface TargetRow {
  nodeId: number;
  ratio: number | null;
  weight: number | null;
}

export interface VersionRow {
  from: number;
  to: number | null;
  method: string;
  targets: TargetRow[];
}

export type SchemeRow = Selectable<ShareSchemeTable> & { versions: VersionRow[] };

async function withVersions(db: Db, rows: Selectable<ShareSchemeTable>[]): Promise<SchemeRow[]> {
  if (rows.length === 0) return [];
  const versions = await db
    .selectFrom('share_scheme_versions')
    .selectAll()
    .where(
      'scheme_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('scheme_id')
    .orderBy('seq')
    .execute();
  const targets =
    versions.length === 0
      ? []
      : await db
          .selectFrom('share_scheme_targets')
          .selectAll()
          .where(
            'version_id',
            'in',
            versions.map((v) => v.id),
          )
          .orderBy('version_id')
          .orderBy('seq')
          .execute();
  const targetsOf = new Map<number, TargetRow[]>();
  for (const t of targets) {
    const row = { nodeId: Number(t.node_id), ratio: t.ratio, weight: t.weight };
    const list = targetsOf.get(Number(t.version_id));
    if (list) list.push(row);
    else targetsOf.set(Number(t.version_id), [row]);
  }
  const versionsOf = new Map<number, VersionRow[]>();
  for (const v of versions) {
    const row = {
      from: Number(v.valid_from),
      to: v.valid_to === null ? null : Number(v.valid_to),
      method: v.method,
      targets: targetsOf.get(Number(v.id)) ?? [],
    };
    const list = versionsOf.get(Number(v.scheme_id));
    if (list) list.push(row);
    else versionsOf.set(Number(v.scheme_id), [row]);
  }
  return rows.map((r) => ({ ...r, versions: versionsOf.get(Number(r.id)) ?? [] }));
}

/** The schemes of a project and type, by name. */
export async function schemesOf(db: Db, projectId: number, type: string): Promise<SchemeRow[]> {
  const rows = await db
    .selectFrom('share_schemes')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('type', '=', type)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return withVersions(db, rows);
}

export async function schemeById(db: Db, projectId: number, id: number): Promise<SchemeRow | undefined> {
  const row = await db
    .selectFrom('share_schemes')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? (await withVersions(db, [row]))[0] : undefined;
}

export async function schemeCount(db: Db, projectId: number, type: string): Promise<number> {
  const row = await db
    .selectFrom('share_schemes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .where('type', '=', type)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function schemeNameTaken(
  db: Db,
  projectId: number,
  type: string,
  name: string,
  exceptId?: number,
): Promise<boolean> {
  let q = db
    .selectFrom('share_schemes')
    .select('id')
    .where('project_id', '=', projectId)
    .where('type', '=', type)
    .where('name', '=', name);
  if (exceptId !== undefined) q = q.where('id', '!=', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/** The loss-share schemes of these loss objects. */
export function lossSchemesUsing(db: Db, projectId: number, lossObjectIds: readonly number[]) {
  if (lossObjectIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('share_schemes')
    .select(['id', 'name'])
    .where('project_id', '=', projectId)
    .where('type', '=', 'loss')
    .where('loss_object_id', 'in', [...lossObjectIds])
    .execute();
}

async function deleteVersions(db: Db, schemeId: number): Promise<void> {
  const ids = (
    await db.selectFrom('share_scheme_versions').select('id').where('scheme_id', '=', schemeId).execute()
  ).map((v) => v.id);
  if (ids.length > 0) await db.deleteFrom('share_scheme_targets').where('version_id', 'in', ids).execute();
  await db.deleteFrom('share_scheme_versions').where('scheme_id', '=', schemeId).execute();
}

export interface SchemeFields {
  type: string;
  name: string;
  energy_type: number;
  source_node_id: number | null;
  loss_object_id: number | null;
  remark: string;
}

/** Adds (id undefined) or replaces a scheme with its versions and targets; its id. */
export async function writeScheme(
  db: Db,
  projectId: number,
  id: number | undefined,
  fields: SchemeFields,
  versions: readonly VersionRow[],
  now: number,
): Promise<number> {
  let schemeId: number;
  if (id === undefined) {
    const inserted = await db
      .insertInto('share_schemes')
      .values({ ...fields, project_id: projectId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    schemeId = Number(inserted.id);
  } else {
    await db
      .updateTable('share_schemes')
      .set({ ...fields, updated_at: now })
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .execute();
    await deleteVersions(db, id);
    schemeId = id;
  }
  for (const [seq, v] of versions.entries()) {
    const inserted = await db
      .insertInto('share_scheme_versions')
      .values({
        project_id: projectId,
        scheme_id: schemeId,
        seq,
        valid_from: v.from,
        valid_to: v.to,
        method: v.method,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (v.targets.length > 0)
      await db
        .insertInto('share_scheme_targets')
        .values(
          v.targets.map((t, i) => ({
            project_id: projectId,
            version_id: Number(inserted.id),
            seq: i,
            node_id: t.nodeId,
            ratio: t.ratio,
            weight: t.weight,
          })),
        )
        .execute();
  }
  return schemeId;
}

/** Deletes schemes with their versions, targets and results. */
export async function deleteSchemeRows(db: Db, projectId: number, ids: readonly number[]): Promise<void> {
  for (const id of ids) {
    await deleteVersions(db, id);
    await db.deleteFrom('share_result_lines').where('scheme_id', '=', id).execute();
    await db.deleteFrom('share_results').where('scheme_id', '=', id).execute();
    await db.deleteFrom('share_schemes').where('project_id', '=', projectId).where('id', '=', id).execute();
  }
}

export interface ResultMonth {
  month: string;
  start: number;
  end: number;
  sourceAmount: number | null;
  total: number;
  parts: { from: number; to: number; method: string; amount: number }[];
  lines: { nodeId: number; amount: number }[];
}

/** Replaces a scheme's stored months from `fromMonth` on (all of them when null) with `months`. */
export async function replaceResults(
  db: Db,
  projectId: number,
  schemeId: number,
  fromMonth: string | null,
  months: readonly ResultMonth[],
  computedAt: number,
): Promise<void> {
  let lines = db.deleteFrom('share_result_lines').where('scheme_id', '=', schemeId);
  let results = db.deleteFrom('share_results').where('scheme_id', '=', schemeId);
  if (fromMonth !== null) {
    lines = lines.where('month', '>=', fromMonth);
    results = results.where('month', '>=', fromMonth);
  }
  await lines.execute();
  await results.execute();
  for (const m of months) {
    await db
      .insertInto('share_results')
      .values({
        project_id: projectId,
        scheme_id: schemeId,
        month: m.month,
        start_ts: m.start,
        end_ts: m.end,
        source_amount: m.sourceAmount,
        total: m.total,
        parts: JSON_COLUMNS.shareParts.write(m.parts),
        computed_at: computedAt,
      })
      .execute();
    if (m.lines.length > 0)
      await db
        .insertInto('share_result_lines')
        .values(
          m.lines.map((l, seq) => ({
            project_id: projectId,
            scheme_id: schemeId,
            month: m.month,
            seq,
            node_id: l.nodeId,
            amount: l.amount,
          })),
        )
        .execute();
  }
}

/** The stored months of schemes in [startMonth, endMonth], with their lines. */
export async function resultsOf(
  db: Db,
  projectId: number,
  schemeIds: readonly number[],
  startMonth: string,
  endMonth: string,
): Promise<(ResultMonth & { schemeId: number; computedAt: number })[]> {
  if (schemeIds.length === 0) return [];
  const rows = await db
    .selectFrom('share_results')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('scheme_id', 'in', [...schemeIds])
    .where('month', '>=', startMonth)
    .where('month', '<=', endMonth)
    .orderBy('scheme_id')
    .orderBy('month')
    .execute();
  if (rows.length === 0) return [];
  const lines = await db
    .selectFrom('share_result_lines')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('scheme_id', 'in', [...schemeIds])
    .where('month', '>=', startMonth)
    .where('month', '<=', endMonth)
    .orderBy('seq')
    .execute();
  const linesOf = new Map<string, { nodeId: number; amount: number }[]>();
  for (const l of lines) {
    const key = `${l.scheme_id}:${l.month}`;
    const row = { nodeId: Number(l.node_id), amount: l.amount };
    const list = linesOf.get(key);
    if (list) list.push(row);
    else linesOf.set(key, [row]);
  }
  return rows.map((r) => ({
    schemeId: Number(r.scheme_id),
    month: r.month,
    start: Number(r.start_ts),
    end: Number(r.end_ts),
    sourceAmount: r.source_amount,
    total: r.total,
    parts: JSON_COLUMNS.shareParts.read(r.parts, `${r.scheme_id}:${r.month}`),
    lines: linesOf.get(`${r.scheme_id}:${r.month}`) ?? [],
    computedAt: Number(r.computed_at),
  }));
}
