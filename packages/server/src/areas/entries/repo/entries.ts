/** Manual energy entries (energy_entries): per node (0: the project), energy type and period key. */
import type { Selectable } from 'kysely';
import { type Db, inTransaction } from '../../../db/database.js';
import type { EnergyEntryTable } from '../../../db/schema.js';

export type EntryRow = Selectable<EnergyEntryTable>;

/** The (node, energy type) pairs of a project that have entries. */
export function entryKeys(db: Db, projectId: number) {
  return db
    .selectFrom('energy_entries')
    .select(['node_id', 'energy_type'])
    .distinct()
    .where('project_id', '=', projectId)
    .orderBy('node_id')
    .orderBy('energy_type')
    .execute();
}

/** Entries of a project whose period key starts with one of `prefixes` (years 'YYYY' or months 'YYYY-MM'); of some nodes and types when given. */
export async function entryRows(
  db: Db,
  projectId: number,
  filter: { prefixes?: readonly string[]; nodeIds?: readonly number[]; energyTypes?: readonly number[] } = {},
): Promise<EntryRow[]> {
  let query = db.selectFrom('energy_entries').selectAll().where('project_id', '=', projectId);
  if (filter.nodeIds)
    query = query.where('node_id', 'in', filter.nodeIds.length ? [...filter.nodeIds] : [-1]);
  if (filter.energyTypes)
    query = query.where('energy_type', 'in', filter.energyTypes.length ? [...filter.energyTypes] : [-1]);
  if (filter.prefixes) {
    const prefixes = filter.prefixes;
    query = query.where((eb) => eb.or(prefixes.map((p) => eb('period', 'like', `${p}%`))));
  }
  return query.orderBy('node_id').orderBy('energy_type').orderBy('period').execute();
}

/** Sets (quantity given) or deletes (null) entries, in one transaction. */
export async function writeEntries(
  db: Db,
  projectId: number,
  cells: readonly {
    node_id: number;
    energy_type: number;
    period: string;
    quantity: number | null;
    amount: number | null;
    remark: string;
  }[],
  by: { userId: number; now: number },
): Promise<{ saved: number; deleted: number }> {
  return inTransaction(db, async (trx) => {
    let saved = 0;
    let deleted = 0;
    for (const c of cells) {
      const key = (q: ReturnType<typeof trx.deleteFrom<'energy_entries'>>) =>
        q
          .where('project_id', '=', projectId)
          .where('node_id', '=', c.node_id)
          .where('energy_type', '=', c.energy_type)
          .where('period', '=', c.period);
      if (c.quantity === null) {
        const result = await key(trx.deleteFrom('energy_entries')).executeTakeFirst();
        deleted += Number(result.numDeletedRows);
        continue;
      }
      const values = {
        quantity: c.quantity,
        amount: c.amount,
        remark: c.remark,
        updated_by: by.userId,
        updated_at: by.now,
      };
      await trx
        .insertInto('energy_entries')
        .values({
          project_id: projectId,
          node_id: c.node_id,
          energy_type: c.energy_type,
          period: c.period,
          ...values,
        })
        .onConflict((oc) =>
          oc.columns(['project_id', 'node_id', 'energy_type', 'period']).doUpdateSet(values),
        )
        .execute();
      saved++;
    }
    return { saved, deleted };
  });
}
