/** Node–meter bindings (node_meters) and supply connections (node_connections) of a project. */
import type { Selectable } from 'kysely';
import { type Db, inTransaction } from '../../../db/database.js';
import type { NodeMeterTable } from '../../../db/schema.js';

export type NodeMeterRow = Selectable<NodeMeterTable>;

/** Every binding of a project, by node and meter. */
export function bindingRows(db: Db, projectId: number): Promise<NodeMeterRow[]> {
  return db
    .selectFrom('node_meters')
    .selectAll()
    .where('project_id', '=', projectId)
    .orderBy('node_id')
    .orderBy('meter_id')
    .execute();
}

/** Replaces the meters bound to a node (0: the project), in one transaction. */
export async function replaceBindings(
  db: Db,
  projectId: number,
  nodeId: number,
  meters: readonly { meter_id: number; energy_type: number; coef: number; item: string | null }[],
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .deleteFrom('node_meters')
      .where('project_id', '=', projectId)
      .where('node_id', '=', nodeId)
      .execute();
    if (meters.length > 0)
      await trx
        .insertInto('node_meters')
        .values(meters.map((m) => ({ project_id: projectId, node_id: nodeId, ...m })))
        .execute();
  });
}

/** Every supply connection of a project (of one energy type when given). */
export function connectionRows(db: Db, projectId: number, energyType?: number) {
  let query = db
    .selectFrom('node_connections')
    .select(['energy_type', 'from_id', 'to_id'])
    .where('project_id', '=', projectId);
  if (energyType !== undefined) query = query.where('energy_type', '=', energyType);
  return query.orderBy('energy_type').orderBy('from_id').orderBy('to_id').execute();
}

/** Replaces the connections of an energy type, in one transaction. */
export async function replaceConnections(
  db: Db,
  projectId: number,
  energyType: number,
  pairs: readonly { from_id: number; to_id: number }[],
): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .deleteFrom('node_connections')
      .where('project_id', '=', projectId)
      .where('energy_type', '=', energyType)
      .execute();
    for (let i = 0; i < pairs.length; i += 500)
      await trx
        .insertInto('node_connections')
        .values(
          pairs.slice(i, i + 500).map((p) => ({ project_id: projectId, energy_type: energyType, ...p })),
        )
        .execute();
  });
}

/**
 * What hangs off a deleted node in the energy tables: its bindings (as node or as meter), its
 * connections, time-of-use binding, plans, entries, production values and stars.
 */
export async function deleteEnergyOfNode(db: Db, projectId: number, nodeId: number): Promise<void> {
  await db
    .deleteFrom('node_meters')
    .where('project_id', '=', projectId)
    .where((eb) => eb.or([eb('node_id', '=', nodeId), eb('meter_id', '=', nodeId)]))
    .execute();
  await db
    .deleteFrom('node_connections')
    .where('project_id', '=', projectId)
    .where((eb) => eb.or([eb('from_id', '=', nodeId), eb('to_id', '=', nodeId)]))
    .execute();
  for (const table of [
    'tou_bindings',
    'energy_plans',
    'energy_entries',
    'production_values',
    'favorite_nodes',
  ] as const)
    await db.deleteFrom(table).where('project_id', '=', projectId).where('node_id', '=', nodeId).execute();
}
