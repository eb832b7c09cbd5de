/** Products (products) and their planned and actual output (production_values, kind 1 plan, 2 actual). */
import type { Selectable } from 'kysely';
import { type Db, inTransaction } from '../../../db/database.js';
import { contains } from '../../../db/portable.js';
import type { ProductTable } from '../../../db/schema.js';

export type ProductRow = Selectable<ProductTable>;

export const PRODUCTION_KIND = { plan: 1, actual: 2 } as const;

export async function productPage(
  db: Db,
  projectId: number,
  keyword: string,
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: (ProductRow & { in_use: number })[] }> {
  let base = db.selectFrom('products').where('project_id', '=', projectId);
  if (keyword) base = base.where(contains('name', keyword));
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await base
    .selectAll()
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('production_values as v')
            .select('v.product_id')
            .where('v.project_id', '=', projectId)
            .whereRef('v.product_id', '=', 'products.id'),
        )
        .as('in_use'),
    )
    .orderBy('name')
    .orderBy('id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  return {
    total: Number(count?.n ?? 0),
    rows: rows.map((r) => ({ ...r, in_use: Number(r.in_use) ? 1 : 0 })),
  };
}

export function productById(db: Db, projectId: number, id: number): Promise<ProductRow | undefined> {
  return db
    .selectFrom('products')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function productsOf(db: Db, projectId: number): Promise<ProductRow[]> {
  return db
    .selectFrom('products')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function insertProduct(
  db: Db,
  values: { project_id: number; name: string; unit: string; created_at: number },
): Promise<ProductRow> {
  return db.insertInto('products').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateProduct(
  db: Db,
  projectId: number,
  id: number,
  set: { name: string; unit: string },
) {
  await db
    .updateTable('products')
    .set(set)
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .execute();
}

/** Deletes a product without values (one with values keeps it); whether it did. */
export async function deleteUnusedProduct(db: Db, projectId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('products')
    .where('project_id', '=', projectId)
    .where('id', '=', id)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('production_values as v')
            .select('v.product_id')
            .where('v.project_id', '=', projectId)
            .where('v.product_id', '=', id),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface ValueRow {
  node_id: number;
  product_id: number;
  kind: number;
  year: number;
  month: number;
  value: number;
}

/** Values of a project: of a product, of some nodes, in some (year, month) pairs' years. */
export function productionRows(
  db: Db,
  projectId: number,
  filter: { productId?: number; nodeIds?: readonly number[]; years?: readonly number[]; kind?: number },
): Promise<ValueRow[]> {
  let query = db
    .selectFrom('production_values')
    .select(['node_id', 'product_id', 'kind', 'year', 'month', 'value'])
    .where('project_id', '=', projectId);
  if (filter.productId !== undefined) query = query.where('product_id', '=', filter.productId);
  if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
  if (filter.nodeIds)
    query = query.where('node_id', 'in', filter.nodeIds.length ? [...filter.nodeIds] : [-1]);
  if (filter.years) query = query.where('year', 'in', filter.years.length ? [...filter.years] : [-1]);
  return query.orderBy('node_id').orderBy('kind').orderBy('year').orderBy('month').execute();
}

/** Sets (value given) or clears (null) values, in one transaction. */
export async function writeProduction(
  db: Db,
  projectId: number,
  cells: readonly {
    product_id: number;
    node_id: number;
    kind: number;
    year: number;
    month: number;
    value: number | null;
  }[],
): Promise<void> {
  await inTransaction(db, async (trx) => {
    for (const c of cells) {
      await trx
        .deleteFrom('production_values')
        .where('project_id', '=', projectId)
        .where('product_id', '=', c.product_id)
        .where('node_id', '=', c.node_id)
        .where('kind', '=', c.kind)
        .where('year', '=', c.year)
        .where('month', '=', c.month)
        .execute();
      if (c.value !== null)
        await trx
          .insertInto('production_values')
          .values({
            project_id: projectId,
            product_id: c.product_id,
            node_id: c.node_id,
            kind: c.kind,
            year: c.year,
            month: c.month,
            value: c.value,
          })
          .execute();
    }
  });
}
