/**
 * Measurement points (table `datalog_points`) and the tenant's physical quantities. A point is
 * one quantity of one node; the points of a node follow from the quantities linked to its type
 * (core quantityApplies) and are made when first asked for (`ensurePoints`), so nodes added by
 * import or by hand get theirs without a hook in the nodes area. Every read takes the project.
 */
import type { DatalogPoint } from '@eem/contract';
import {
  type Aggregation,
  DEFAULT_QUANTITIES,
  PATH_SEPARATOR,
  POINT_NODE_TYPES,
  type QuantityKind,
  quantityApplies,
} from '@eem/core';
import type { Kysely, Selectable } from 'kysely';
import type { Database, NodeTable, PhysicalQuantityTable } from '../../db/schema.js';
import { parseAttributes } from '../nodes/node-store.js';

export type QuantityRow = Selectable<PhysicalQuantityTable>;
type NodeRow = Selectable<NodeTable>;

/** A point with what the datalog code needs of its node and quantity. */
export interface PointInfo extends DatalogPoint {
  projectId: number;
}

export function deviceTypesOf(row: Pick<QuantityRow, 'device_types'>): string[] {
  try {
    const parsed: unknown = JSON.parse(row.device_types);
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** The tenant's quantities; the defaults are written the first time a tenant's are read. */
export async function tenantQuantities(
  db: Kysely<Database>,
  tenantId: number,
  now: number,
): Promise<QuantityRow[]> {
  const rows = await db
    .selectFrom('physical_quantities')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .execute();
  if (rows.length > 0) return rows;
  await db
    .insertInto('physical_quantities')
    .values(
      DEFAULT_QUANTITIES.map((q) => ({
        tenant_id: tenantId,
        data_id: q.dataId,
        name: q.name,
        en_name: q.enName,
        unit: q.unit,
        energy_type: q.energyType,
        kind: q.kind,
        aggregation: q.aggregation,
        decimals: q.decimals,
        device_types: JSON.stringify(q.deviceTypes),
        created_at: now,
        updated_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['tenant_id', 'data_id']).doNothing())
    .execute();
  return db.selectFrom('physical_quantities').selectAll().where('tenant_id', '=', tenantId).execute();
}

function energyTypeOf(node: NodeRow): number | null {
  const value = parseAttributes(node.attributes).energytype;
  return typeof value === 'number' ? value : null;
}

/**
 * Makes the missing points of a project's point-carrying nodes (all of them, or `nodeIds`):
 * one per applicable quantity. Idempotent; safe under races (the unique key decides).
 */
export async function ensurePoints(
  db: Kysely<Database>,
  project: { id: number; tenantId: number },
  now: number,
  nodeIds?: readonly number[],
): Promise<void> {
  const quantities = await tenantQuantities(db, project.tenantId, now);
  let query = db
    .selectFrom('nodes')
    .selectAll()
    .where('project_id', '=', project.id)
    .where('model_label', 'in', [...POINT_NODE_TYPES]);
  if (nodeIds) {
    if (nodeIds.length === 0) return;
    query = query.where('id', 'in', [...nodeIds]);
  }
  const nodes = await query.execute();
  if (nodes.length === 0) return;
  const existing = new Set(
    (
      await db
        .selectFrom('datalog_points')
        .select(['node_id', 'data_id'])
        .where('project_id', '=', project.id)
        .execute()
    ).map((p) => `${p.node_id}:${p.data_id}`),
  );
  const missing: { project_id: number; node_id: number; data_id: number; created_at: number }[] = [];
  for (const node of nodes) {
    const energyType = energyTypeOf(node);
    for (const q of quantities) {
      const applies = quantityApplies(
        { dataId: q.data_id, energyType: q.energy_type, deviceTypes: deviceTypesOf(q) },
        node.model_label,
        energyType,
      );
      if (applies && !existing.has(`${node.id}:${q.data_id}`))
        missing.push({ project_id: project.id, node_id: node.id, data_id: q.data_id, created_at: now });
    }
  }
  for (let i = 0; i < missing.length; i += 500) {
    await db
      .insertInto('datalog_points')
      .values(missing.slice(i, i + 500))
      .onConflict((oc) => oc.columns(['node_id', 'data_id']).doNothing())
      .execute();
  }
}

/**
 * Points of the project with their node and quantity: all of them, those of `nodeIds` or
 * those with `pointIds`. Points of deleted nodes or quantities are left out.
 */
export async function loadPoints(
  db: Kysely<Database>,
  project: { id: number; tenantId: number },
  filter: {
    nodeIds?: readonly number[];
    pointIds?: readonly number[];
    language?: 'zh' | 'en';
    /** Look up each point's newest reading (a seek per point); false leaves lastTime null. */
    lastTimes?: boolean;
  } = {},
): Promise<PointInfo[]> {
  if (filter.nodeIds?.length === 0 || filter.pointIds?.length === 0) return [];
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
  const rows = await query.orderBy('p.node_id').orderBy('p.data_id').execute();
  if (rows.length === 0) return [];
  const paths = await nodePaths(db, project.id);
  const last =
    filter.lastTimes === false
      ? new Map<number, number>()
      : await lastTimes(
          db,
          rows.map((r) => r.id),
        );
  return rows.map((r) => ({
    id: r.id,
    projectId: project.id,
    nodeId: r.nodeId,
    nodeLabel: r.nodeLabel,
    nodeName: r.nodeName,
    path: paths.get(r.nodeId) ?? r.nodeName,
    dataId: r.dataId,
    name: filter.language === 'en' && r.enName ? r.enName : r.name,
    unit: r.unit,
    kind: r.kind as QuantityKind,
    aggregation: r.aggregation as Aggregation,
    decimals: r.decimals,
    energyType: r.energyType,
    lastTime: last.get(r.id) ?? null,
  }));
}

/** The path (names below the project, ' / ') of every node of a project. */
export async function nodePaths(db: Kysely<Database>, projectId: number): Promise<Map<number, string>> {
  const nodes = await db
    .selectFrom('nodes')
    .select(['id', 'parent_id', 'name'])
    .where('project_id', '=', projectId)
    .execute();
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const paths = new Map<number, string>();
  const pathOf = (id: number, depth = 0): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id);
    if (!node) return '';
    const parent = node.parent_id === 0 || depth > 60 ? '' : pathOf(node.parent_id, depth + 1);
    const path = parent ? `${parent}${PATH_SEPARATOR}${node.name}` : node.name;
    paths.set(id, path);
    return path;
  };
  for (const node of nodes) pathOf(node.id);
  return paths;
}

/**
 * The newest reading time of each point: one primary-key seek per point (a GROUP BY over the
 * points would read every one of their rows).
 */
async function lastTimes(db: Kysely<Database>, pointIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const id of pointIds) {
    const row = await db
      .selectFrom('readings')
      .select('ts')
      .where('point_id', '=', id)
      .orderBy('ts', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (row) out.set(id, row.ts);
  }
  return out;
}
