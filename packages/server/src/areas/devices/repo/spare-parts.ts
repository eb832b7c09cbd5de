/**
 * Spare parts and their stock moves. Stock changes only by a move, in the transaction that
 * records it, with a conditional update that never takes the stock below zero (two stock-outs
 * at once cannot both take the last part).
 */
import { STOCK_MOVE } from '@eem/core';
import { type Insertable, type Selectable, sql } from 'kysely';
import { type Db, inTransaction } from '../../../db/database.js';
import { jsonRow } from '../../../db/json-column.js';
import { JSON_COLUMNS } from '../../../db/json-columns.js';
import { contains, countOf } from '../../../db/portable.js';
import type { SparePartTable, StockMoveTable } from '../../../db/schema.js';

const C = JSON_COLUMNS;

export type PartRow = Omit<Selectable<SparePartTable>, 'device_ids'> & { device_ids: number[] };
export type PartValues = Omit<PartRow, 'id' | 'project_id' | 'created_at' | 'stock'>;
export type MoveRow = Selectable<StockMoveTable>;

const partJson = jsonRow({ device_ids: C.sparePartDeviceIds });
const decoded = (row: Selectable<SparePartTable>): PartRow => partJson.read(row);

export interface PartQuery {
  projectId: number;
  keyword?: string | undefined;
  templateId?: number | undefined;
  belowSafetyOnly?: boolean | undefined;
  ids?: readonly number[] | undefined;
}

function matching(db: Db, q: PartQuery) {
  let query = db.selectFrom('spare_parts').where('project_id', '=', q.projectId);
  if (q.keyword) {
    const text = q.keyword;
    query = query.where((eb) =>
      eb.or([contains('name', text), contains('model', text), contains('supplier', text)]),
    );
  }
  if (q.templateId !== undefined) query = query.where('template_id', '=', q.templateId);
  if (q.belowSafetyOnly) query = query.where('safety_stock', '>', 0).whereRef('stock', '<', 'safety_stock');
  if (q.ids) query = query.where('id', 'in', q.ids.length > 0 ? [...q.ids] : [0]);
  return query;
}

export async function partCount(db: Db, q: PartQuery): Promise<number> {
  return countOf(matching(db, q));
}

/** The matching parts by name: a page, or all of them (a device's parts are filtered by the caller). */
export async function partRows(
  db: Db,
  q: PartQuery,
  page?: { limit: number; offset: number },
): Promise<PartRow[]> {
  const query = matching(db, q).selectAll().orderBy('name').orderBy('model').orderBy('id');
  const rows = await (page ? query.limit(page.limit).offset(page.offset) : query).execute();
  return rows.map(decoded);
}

export async function partById(db: Db, projectId: number, id: number): Promise<PartRow | undefined> {
  const row = await db
    .selectFrom('spare_parts')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && decoded(row);
}

export async function partsByIds(db: Db, projectId: number, ids: readonly number[]): Promise<PartRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('spare_parts')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map(decoded);
}

export async function partNameTaken(
  db: Db,
  projectId: number,
  name: string,
  model: string,
  exceptId = 0,
): Promise<boolean> {
  const row = await db
    .selectFrom('spare_parts')
    .select('id')
    .where('project_id', '=', projectId)
    .where('name', '=', name)
    .where('model', '=', model)
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertPart(
  db: Db,
  values: PartValues & { project_id: number; created_at: number; stock: number },
): Promise<PartRow> {
  const row = await db
    .insertInto('spare_parts')
    .values(partJson.write(values))
    .returningAll()
    .executeTakeFirstOrThrow();
  return decoded(row);
}

export async function updatePart(
  db: Db,
  projectId: number,
  id: number,
  values: PartValues,
): Promise<PartRow> {
  const row = await db
    .updateTable('spare_parts')
    .set(partJson.write(values))
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return decoded(row);
}

export async function deletePart(db: Db, projectId: number, id: number): Promise<void> {
  await db.deleteFrom('spare_parts').where('project_id', '=', projectId).where('id', '=', id).execute();
}

export async function hasMoves(db: Db, projectId: number, partId: number): Promise<boolean> {
  const row = await db
    .selectFrom('stock_moves')
    .select('id')
    .where('project_id', '=', projectId)
    .where('part_id', '=', partId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Parts by template (a template in use is not deleted). */
export async function partCountOfTemplate(db: Db, projectId: number, templateId: number): Promise<number> {
  const row = await db
    .selectFrom('spare_parts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId)
    .where('template_id', '=', templateId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export type NewMove = Omit<Insertable<StockMoveTable>, 'stock_after' | 'project_id' | 'part_id'>;

/**
 * Moves a part's stock by one move (in: +, out: −) and records it, in one transaction; a
 * stock-out beyond the stock changes nothing and answers undefined.
 */
export async function moveStock(
  db: Db,
  part: { project_id: number; id: number },
  move: NewMove,
): Promise<{ part: PartRow; move: MoveRow } | undefined> {
  return inTransaction(db, async (trx) => {
    const delta = move.kind === STOCK_MOVE.in ? move.quantity : -move.quantity;
    let update = trx
      .updateTable('spare_parts')
      .set({ stock: sql<number>`stock + ${delta}` })
      .where('project_id', '=', part.project_id)
      .where('id', '=', part.id);
    if (delta < 0) update = update.where('stock', '>=', -delta);
    const row = await update.returningAll().executeTakeFirst();
    if (!row) return undefined;
    const written = await trx
      .insertInto('stock_moves')
      .values({ ...move, project_id: part.project_id, part_id: part.id, stock_after: row.stock })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { part: decoded(row), move: written };
  });
}

export interface MoveQuery {
  projectId: number;
  partId?: number | undefined;
  kind?: number | undefined;
  deviceId?: number | undefined;
  from?: number | undefined;
  to?: number | undefined;
}

function movesMatching(db: Db, q: MoveQuery) {
  let query = db.selectFrom('stock_moves').where('project_id', '=', q.projectId);
  if (q.partId !== undefined) query = query.where('part_id', '=', q.partId);
  if (q.kind !== undefined) query = query.where('kind', '=', q.kind);
  if (q.deviceId !== undefined) query = query.where('device_id', '=', q.deviceId);
  if (q.from !== undefined) query = query.where('time', '>=', q.from);
  if (q.to !== undefined) query = query.where('time', '<', q.to);
  return query;
}

export async function moveCount(db: Db, q: MoveQuery): Promise<number> {
  return countOf(movesMatching(db, q));
}

export function movePage(db: Db, q: MoveQuery, page: { limit: number; offset: number }): Promise<MoveRow[]> {
  return movesMatching(db, q)
    .selectAll()
    .orderBy('time', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** Stock-outs in [from, to) summed per part and device (the statistics). */
export async function consumption(
  db: Db,
  q: MoveQuery & { partIds?: readonly number[] },
): Promise<{ part_id: number; device_id: number | null; quantity: number }[]> {
  let query = movesMatching(db, { ...q, kind: STOCK_MOVE.out });
  if (q.partIds && q.partIds.length > 0) query = query.where('part_id', 'in', [...q.partIds]);
  const rows = await query
    .select(['part_id', 'device_id', (eb) => eb.fn.sum<number>('quantity').as('quantity')])
    .groupBy(['part_id', 'device_id'])
    .execute();
  return rows.map((r) => ({ part_id: r.part_id, device_id: r.device_id, quantity: Number(r.quantity) }));
}

/**
 * The shared catalogue: the parts of several projects grouped by name and model, a page of
 * groups (by name) with the parts of each.
 */
export async function sharedParts(
  db: Db,
  projectIds: readonly number[],
  keyword: string,
  page: { limit: number; offset: number },
): Promise<{ total: number; parts: PartRow[]; groups: { name: string; model: string }[] }> {
  if (projectIds.length === 0) return { total: 0, parts: [], groups: [] };
  let base = db.selectFrom('spare_parts').where('project_id', 'in', [...projectIds]);
  if (keyword) base = base.where((eb) => eb.or([contains('name', keyword), contains('model', keyword)]));
  const totalRow = await db
    .selectFrom(base.select(['name', 'model']).groupBy(['name', 'model']).as('g'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const groups = await base
    .select(['name', 'model'])
    .groupBy(['name', 'model'])
    .orderBy('name')
    .orderBy('model')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  if (groups.length === 0) return { total: Number(totalRow?.n ?? 0), parts: [], groups: [] };
  const rows = await db
    .selectFrom('spare_parts')
    .selectAll()
    .where('project_id', 'in', [...projectIds])
    .where('name', 'in', [...new Set(groups.map((g) => g.name))])
    .orderBy('project_id')
    .execute();
  return { total: Number(totalRow?.n ?? 0), parts: rows.map(decoded), groups };
}
