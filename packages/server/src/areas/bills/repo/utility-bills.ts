/** The utility's bills as entered (tables utility_bills and utility_bill_lines, migration 0040). */
import type { Db } from '../../../db/database.js';
import { inTransaction } from '../../../db/database.js';
import { contains } from '../../../db/portable.js';

export interface UtilityLineRow {
  code: string;
  name: string;
  quantity: number | null;
  unit: string;
  price: number | null;
  amount: number;
}

export interface UtilityBillRow {
  id: number;
  inlet_id: number;
  month: string;
  number: string;
  remark: string;
  total: number;
  entered_by: string;
  updated_at: number;
  lines: UtilityLineRow[];
}

export interface UtilityBillWrite {
  projectId: number;
  inletId: number;
  month: string;
  number: string;
  remark: string;
  total: number;
  enteredBy: number;
  at: number;
  lines: readonly UtilityLineRow[];
}

function billsQuery(db: Db, projectId: number) {
  return db
    .selectFrom('utility_bills as b')
    .leftJoin('users as u', 'u.id', 'b.entered_by')
    .where('b.project_id', '=', projectId);
}

async function withLines(db: Db, rows: readonly Omit<UtilityBillRow, 'lines'>[]): Promise<UtilityBillRow[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.id));
  const lines = await db
    .selectFrom('utility_bill_lines')
    .select(['bill_id', 'code', 'name', 'quantity', 'unit', 'price', 'amount'])
    .where('bill_id', 'in', ids)
    .orderBy('bill_id')
    .orderBy('seq')
    .execute();
  const byBill = new Map<number, UtilityLineRow[]>();
  for (const l of lines) {
    const list = byBill.get(Number(l.bill_id)) ?? [];
    list.push({
      code: l.code,
      name: l.name,
      quantity: l.quantity === null ? null : Number(l.quantity),
      unit: l.unit,
      price: l.price === null ? null : Number(l.price),
      amount: Number(l.amount),
    });
    byBill.set(Number(l.bill_id), list);
  }
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    inlet_id: Number(r.inlet_id),
    total: Number(r.total),
    updated_at: Number(r.updated_at),
    lines: byBill.get(Number(r.id)) ?? [],
  }));
}

const COLUMNS = [
  'b.id as id',
  'b.inlet_id as inlet_id',
  'b.month as month',
  'b.number as number',
  'b.remark as remark',
  'b.total as total',
  'b.updated_at as updated_at',
] as const;

/** The bills of inlets over months [from, to] (inclusive), by month. */
export async function utilityBillsOf(
  db: Db,
  projectId: number,
  inletIds: readonly number[],
  from: string,
  to: string,
): Promise<UtilityBillRow[]> {
  if (inletIds.length === 0) return [];
  const rows = await billsQuery(db, projectId)
    .select([...COLUMNS, 'u.name as entered_by'])
    .where('b.inlet_id', 'in', inletIds)
    .where('b.month', '>=', from)
    .where('b.month', '<=', to)
    .orderBy('b.month')
    .execute();
  return withLines(
    db,
    rows.map((r) => ({ ...r, entered_by: r.entered_by ?? '' })),
  );
}

export async function utilityBillById(
  db: Db,
  projectId: number,
  id: number,
): Promise<UtilityBillRow | undefined> {
  const row = await billsQuery(db, projectId)
    .select([...COLUMNS, 'u.name as entered_by'])
    .where('b.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return (await withLines(db, [{ ...row, entered_by: row.entered_by ?? '' }]))[0];
}

export async function utilityBillIdOf(db: Db, inletId: number, month: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('utility_bills')
    .select('id')
    .where('inlet_id', '=', inletId)
    .where('month', '=', month)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

/** A page of bills (newest month first) of some inlets, months and a keyword (number, remark, inlet name). */
export async function utilityBillPage(
  db: Db,
  projectId: number,
  filter: { inletIds: readonly number[]; from?: string; to?: string; keyword: string },
  offset: number,
  limit: number,
): Promise<{ total: number; rows: UtilityBillRow[] }> {
  let q = billsQuery(db, projectId).innerJoin('demand_inlets as i', 'i.id', 'b.inlet_id');
  if (filter.inletIds.length > 0) q = q.where('b.inlet_id', 'in', filter.inletIds);
  if (filter.from) q = q.where('b.month', '>=', filter.from);
  if (filter.to) q = q.where('b.month', '<=', filter.to);
  if (filter.keyword) {
    const k = filter.keyword;
    q = q.where((eb) => eb.or([contains('b.number', k), contains('b.remark', k), contains('i.name', k)]));
  }
  const counted = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const total = Number(counted?.n ?? 0);
  const rows = await q
    .select([...COLUMNS, 'u.name as entered_by'])
    .orderBy('b.month', 'desc')
    .orderBy('i.name')
    .offset(offset)
    .limit(limit)
    .execute();
  return {
    total,
    rows: await withLines(
      db,
      rows.map((r) => ({ ...r, entered_by: r.entered_by ?? '' })),
    ),
  };
}

/** Writes a bill and its lines (replacing those of `id`), all or nothing; the bill's id. */
export async function writeUtilityBill(db: Db, bill: UtilityBillWrite, id?: number): Promise<number> {
  return inTransaction(db, async (trx) => {
    const fields = {
      inlet_id: bill.inletId,
      month: bill.month,
      number: bill.number,
      remark: bill.remark,
      total: bill.total,
      entered_by: bill.enteredBy,
      updated_at: bill.at,
    };
    let billId = id;
    if (billId === undefined) {
      const inserted = await trx
        .insertInto('utility_bills')
        .values({ ...fields, project_id: bill.projectId, created_at: bill.at })
        .returning('id')
        .executeTakeFirstOrThrow();
      billId = Number(inserted.id);
    } else {
      await trx
        .updateTable('utility_bills')
        .set(fields)
        .where('project_id', '=', bill.projectId)
        .where('id', '=', billId)
        .execute();
      await trx.deleteFrom('utility_bill_lines').where('bill_id', '=', billId).execute();
    }
    const target = billId;
    await trx
      .insertInto('utility_bill_lines')
      .values(
        bill.lines.map((l, seq) => ({
          project_id: bill.projectId,
          bill_id: target,
          seq,
          code: l.code,
          name: l.name,
          quantity: l.quantity,
          unit: l.unit,
          price: l.price,
          amount: l.amount,
        })),
      )
      .execute();
    return target;
  });
}

export async function deleteUtilityBillRows(db: Db, projectId: number, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('utility_bill_lines').where('bill_id', '=', id).execute();
    await trx.deleteFrom('utility_bills').where('project_id', '=', projectId).where('id', '=', id).execute();
  });
}
