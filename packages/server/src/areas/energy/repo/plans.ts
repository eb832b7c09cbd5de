/** Monthly plans (quotas) of energy (energy_plans): base unit, by accounting year and month. */
import { type Db, inTransaction } from '../../../db/database.js';

export function planRows(
  db: Db,
  projectId: number,
  nodeIds: readonly number[],
  energyType: number,
  months: readonly { year: number; month: number }[],
) {
  const years = [...new Set(months.map((m) => m.year))];
  return db
    .selectFrom('energy_plans')
    .select(['node_id', 'year', 'month', 'value'])
    .where('project_id', '=', projectId)
    .where('energy_type', '=', energyType)
    .where('node_id', 'in', nodeIds.length ? [...nodeIds] : [-1])
    .where('year', 'in', years.length ? years : [-1])
    .orderBy('node_id')
    .orderBy('year')
    .orderBy('month')
    .execute();
}

/** Sets (value given) or clears (null) a node's plans of months, in one transaction; how many were set. */
export async function writePlans(
  db: Db,
  projectId: number,
  nodeId: number,
  energyType: number,
  cells: readonly { year: number; month: number; value: number | null }[],
): Promise<number> {
  return inTransaction(db, async (trx) => {
    let saved = 0;
    for (const c of cells) {
      await trx
        .deleteFrom('energy_plans')
        .where('project_id', '=', projectId)
        .where('node_id', '=', nodeId)
        .where('energy_type', '=', energyType)
        .where('year', '=', c.year)
        .where('month', '=', c.month)
        .execute();
      if (c.value === null) continue;
      await trx
        .insertInto('energy_plans')
        .values({
          project_id: projectId,
          node_id: nodeId,
          energy_type: energyType,
          year: c.year,
          month: c.month,
          value: c.value,
        })
        .execute();
      saved++;
    }
    return saved;
  });
}
