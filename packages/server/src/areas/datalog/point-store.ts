/**
 * Measurement points and the tenant's physical quantities. A point is one quantity of one
 * node; the points of a node follow from the quantities linked to its type (core
 * quantityApplies) and are made when first asked for (`ensurePoints`), so nodes added by
 * import or by hand get theirs without a hook in the nodes area. Every read takes the project.
 */
import type { DatalogPoint } from '@eem/contract';
import {
  type Aggregation,
  PATH_SEPARATOR,
  POINT_NODE_TYPES,
  type QuantityKind,
  quantityApplies,
} from '@eem/core';
import type { Db } from '../../db/database.js';
import { type NodeRow, nodeAttributes, nodeSkeleton, nodesOfTypes } from '../nodes/repo/nodes.js';
import { insertPoints, pointKeys, pointRows } from './repo/points.js';
import { tenantQuantities } from './repo/quantities.js';
import { latestReading } from './repo/readings.js';

/** A point with what the datalog code needs of its node and quantity. */
export interface PointInfo extends DatalogPoint {
  projectId: number;
}

function energyTypeOf(node: NodeRow): number | null {
  const value = nodeAttributes(node).energytype;
  return typeof value === 'number' ? value : null;
}

/**
 * Makes the missing points of a project's point-carrying nodes (all of them, or `nodeIds`):
 * one per applicable quantity. Idempotent; safe under races (the unique key decides).
 */
export async function ensurePoints(
  db: Db,
  project: { id: number; tenantId: number },
  now: number,
  nodeIds?: readonly number[],
): Promise<void> {
  const quantities = await tenantQuantities(db, project.tenantId, now);
  if (nodeIds?.length === 0) return;
  const nodes = await nodesOfTypes(db, project.id, POINT_NODE_TYPES, nodeIds);
  if (nodes.length === 0) return;
  const existing = await pointKeys(db, project.id);
  const missing: { project_id: number; node_id: number; data_id: number; created_at: number }[] = [];
  for (const node of nodes) {
    const energyType = energyTypeOf(node);
    for (const q of quantities) {
      const applies = quantityApplies(
        { dataId: q.data_id, energyType: q.energy_type, deviceTypes: q.device_types },
        node.model_label,
        energyType,
      );
      if (applies && !existing.has(`${node.id}:${q.data_id}`))
        missing.push({ project_id: project.id, node_id: node.id, data_id: q.data_id, created_at: now });
    }
  }
  await insertPoints(db, missing);
}

/**
 * Points of the project with their node and quantity: all of them, those of `nodeIds` or
 * those with `pointIds`. Points of deleted nodes or quantities are left out.
 */
export async function loadPoints(
  db: Db,
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
  const rows = await pointRows(db, project, filter);
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
export async function nodePaths(db: Db, projectId: number): Promise<Map<number, string>> {
  const nodes = await nodeSkeleton(db, projectId);
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
async function lastTimes(db: Db, pointIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const id of pointIds) {
    const row = await latestReading(db, id);
    if (row) out.set(id, row.ts);
  }
  return out;
}
