/** Calculated results per scheme, month and object, the calculations, and budgets (migration 0042). */
import type { Insertable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { CostResultTable } from '../../../db/schema.js';

export function calculationsOf(db: Db, projectId: number, schemeIds: readonly number[]) {
  if (schemeIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('cost_calculations')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('scheme_id', 'in', [...schemeIds])
    .orderBy('month')
    .execute();
}

export function resultsOf(db: Db, projectId: number, schemeId: number, months: readonly string[]) {
  if (months.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('cost_results')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('scheme_id', '=', schemeId)
    .where('month', 'in', [...months])
    .orderBy('id')
    .execute();
}

/** Totals per node and month of months [from, to] (all schemes), optionally of some nodes. */
export function nodeTotals(db: Db, projectId: number, from: string, to: string, nodeIds?: readonly number[]) {
  let q = db
    .selectFrom('cost_results')
    .select(['node_id', 'month', 'total', 'detail'])
    .where('project_id', '=', projectId)
    .where('month', '>=', from)
    .where('month', '<=', to);
  if (nodeIds) {
    if (nodeIds.length === 0) return Promise.resolve([]);
    q = q.where('node_id', 'in', [...nodeIds]);
  }
  return q.execute();
}

/** Replaces a scheme's month: its rows and its calculation, in the caller's transaction. */
export async function replaceMonth(
  db: Db,
  projectId: number,
  schemeId: number,
  month: string,
  rows: readonly Insertable<CostResultTable>[],
  calculation: { task_id: number | null; calculated_at: number },
): Promise<void> {
  await db.deleteFrom('cost_results').where('scheme_id', '=', schemeId).where('month', '=', month).execute();
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('cost_results')
      .values(rows.slice(i, i + 200))
      .execute();
  await db
    .deleteFrom('cost_calculations')
    .where('scheme_id', '=', schemeId)
    .where('month', '=', month)
    .execute();
  await db
    .insertInto('cost_calculations')
    .values({ scheme_id: schemeId, month, project_id: projectId, ...calculation })
    .execute();
}

export function budgetsOf(db: Db, projectId: number, fromYear: number, toYear: number) {
  return db
    .selectFrom('cost_budgets')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('year', '>=', fromYear)
    .where('year', '<=', toYear)
    .execute();
}

export async function saveBudgets(
  db: Db,
  projectId: number,
  year: number,
  rows: readonly { nodeId: number; modelLabel: string; months: readonly (number | null)[] }[],
): Promise<void> {
  for (const r of rows) {
    await db
      .deleteFrom('cost_budgets')
      .where('project_id', '=', projectId)
      .where('node_id', '=', r.nodeId)
      .where('year', '=', year)
      .execute();
    const values = r.months.flatMap((amount, i) =>
      amount === null
        ? []
        : [
            {
              project_id: projectId,
              node_id: r.nodeId,
              model_label: r.modelLabel,
              year,
              month: i + 1,
              amount,
            },
          ],
    );
    if (values.length > 0) await db.insertInto('cost_budgets').values(values).execute();
  }
}
