/** Measurement points (datalog_points): one quantity (data id) of one node of a project. */
import type { Insertable } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { DatalogPointTable } from '../../../db/schema.js';

/** `node:data` of every point of a project. */
export async function pointKeys(db: Db, projectId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('datalog_points')
    .select(['node_id', 'data_id'])
    .where('project_id', '=', projectId)
    .execute();
  return new Set(rows.map((p) => `${p.node_id}:${p.data_id}`));
}

/** Adds points (500 a statement); a point that exists already is kept (the unique key decides). */
export async function insertPoints(db: Db, points: readonly Insertable<DatalogPointTable>[]): Promise<void> {
  for (let i = 0; i < points.length; i += 500) {
    await db
      .insertInto('datalog_points')
      .values(points.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['node_id', 'data_id']).doNothing())
      .execute();
  }
}

/**
 * Points of the project with their node and the tenant's quantity: all of them, those of
 * `nodeIds` or those with `pointIds`. Points of deleted nodes or quantities are left out.
 */
export function pointRows(
  db: Db,
  project: { id: number; tenantId: number },
  filter: { nodeIds?: readonly number[] | undefined; pointIds?: readonly number[] | undefined },
) {
  let query = db
    .selectFrom('datalog_points as p')
    .innerJoin('nodes as n', 'n.id', 'p.node_id')
    .innerJoin('physical_quantities as q', (join) =>
      join.onRef('q.data_id', '=', 'p.data_id').on('q.tenant_id', '=', project.tenantId),
    )
    .select([
      'p.id as id',
      'p.node_id as nodeId',
      'p.data_id as dataId',
      'n.model_label as nodeLabel',
      'n.name as nodeName',
      'n.parent_id as parentId',
      'q.name as name',
      'q.en_name as enName',
      'q.unit as unit',
      'q.kind as kind',
      'q.aggregation as aggregation',
      'q.decimals as decimals',
      'q.energy_type as energyType',
    ])
    .where('p.project_id', '=', project.id)
    .where('n.project_id', '=', project.id);
  if (filter.nodeIds) query = query.where('p.node_id', 'in', [...filter.nodeIds]);
  if (filter.pointIds) query = query.where('p.id', 'in', [...filter.pointIds]);
  return query.orderBy('p.node_id').orderBy('p.data_id').execute();
}

/** Points of a project by node (id, node, data id), for those who index them. */
export function pointIndex(db: Db, projectId: number) {
  return db
    .selectFrom('datalog_points')
    .select(['id', 'node_id', 'data_id'])
    .where('project_id', '=', projectId)
    .execute();
}

/** Points of the project among `ids` whose node is in the project, with node and data id. */
export function pointsOfProject(db: Db, projectId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('datalog_points as p')
    .innerJoin('nodes as n', 'n.id', 'p.node_id')
    .select(['p.id as id', 'p.node_id as nodeId', 'p.data_id as dataId'])
    .where('p.project_id', '=', projectId)
    .where('n.project_id', '=', projectId)
    .where('p.id', 'in', [...ids])
    .execute();
}

/** The points of a node: point id by data id. */
export async function pointsOfNode(db: Db, nodeId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('datalog_points')
    .select(['id', 'data_id'])
    .where('node_id', '=', nodeId)
    .execute();
  return new Map(rows.map((p) => [p.data_id, p.id]));
}

/** Points of a quantity in a project, by node: point id by node id. */
export async function pointsOfQuantity(
  db: Db,
  projectId: number,
  dataId: number,
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('datalog_points')
    .select(['id', 'node_id'])
    .where('project_id', '=', projectId)
    .where('data_id', '=', dataId)
    .execute();
  return new Map(rows.map((p) => [p.node_id, p.id]));
}

/** Points of a project's meters with the meter's name. */
export function meterPoints(db: Db, projectId: number) {
  return db
    .selectFrom('datalog_points as p')
    .innerJoin('nodes as n', 'n.id', 'p.node_id')
    .select(['p.id', 'p.node_id', 'p.data_id', 'n.name'])
    .where('p.project_id', '=', projectId)
    .where('n.model_label', '=', 'meter')
    .execute();
}

/** How many points of the project each node has (`node_id`) or measure each quantity (`data_id`). */
export async function pointCounts(
  db: Db,
  projectId: number,
  by: 'node_id' | 'data_id',
): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('datalog_points')
    .select([`${by} as key`, (eb) => eb.fn.countAll<number>().as('n')])
    .where('project_id', '=', projectId)
    .groupBy(by)
    .execute();
  return new Map(rows.map((r) => [r.key, Number(r.n)]));
}

/** How many points of any project of the tenant measure a quantity. */
export async function quantityUse(db: Db, tenantId: number, dataId: number): Promise<number> {
  const used = await db
    .selectFrom('datalog_points as p')
    .innerJoin('projects as pr', 'pr.id', 'p.project_id')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('pr.tenant_id', '=', tenantId)
    .where('p.data_id', '=', dataId)
    .executeTakeFirst();
  return Number(used?.n ?? 0);
}

/** The projects of a tenant whose points measure a quantity. */
export async function quantityProjects(db: Db, tenantId: number, dataId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('datalog_points as p')
    .innerJoin('projects as pr', 'pr.id', 'p.project_id')
    .select('p.project_id')
    .distinct()
    .where('pr.tenant_id', '=', tenantId)
    .where('p.data_id', '=', dataId)
    .execute();
  return rows.map((r) => r.project_id);
}

/** The projects of a tenant whose points measure each of the data ids: data id → projects. */
export async function quantitiesProjects(
  db: Db,
  tenantId: number,
  dataIds: readonly number[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (dataIds.length === 0) return out;
  const rows = await db
    .selectFrom('datalog_points as p')
    .innerJoin('projects as pr', 'pr.id', 'p.project_id')
    .select(['p.data_id', 'p.project_id'])
    .distinct()
    .where('pr.tenant_id', '=', tenantId)
    .where('p.data_id', 'in', [...dataIds])
    .execute();
  for (const r of rows) {
    const list = out.get(r.data_id);
    if (list) list.push(r.project_id);
    else out.set(r.data_id, [r.project_id]);
  }
  return out;
}

/** When each point was made. */
export async function pointCreatedAt(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('datalog_points')
      .select(['id', 'created_at'])
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
    for (const r of rows) out.set(r.id, r.created_at);
  }
  return out;
}
