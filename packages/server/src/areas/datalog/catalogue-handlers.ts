/**
 * The meter tree, the node types with their quantities, the tenant's physical quantities and
 * the user's trend templates.
 */
import type { catalogue, EndpointData, EndpointParsedInput, PhysicalQuantity, TreeNode } from '@eem/contract';
import { type DatalogInterval, NODE_TYPES, POINT_NODE_TYPES, text } from '@eem/core';
import { projectsSharedRefusal, scopeOf } from '../../auth/scope.js';
import { currentProject, type RequestContext, requireUser } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { recordOperation } from '../logs/record-operation.js';
import { projectNodes } from '../nodes/repo/nodes.js';
import { visibleNodes } from '../nodes/tree-access.js';
import { namedPoints } from './datalog-scope.js';
import { ensurePoints } from './point-store.js';
import { pointCounts, quantitiesProjects, quantityProjects, quantityUse } from './repo/points.js';
import {
  deleteQuantity as deleteQuantityRow,
  insertQuantity,
  type QuantityRow,
  type QuantityValues,
  quantityOfTenant,
  tenantQuantities,
  updateQuantity as updateQuantityRow,
} from './repo/quantities.js';
import { deleteTemplate, saveTemplate, type TrendTemplateRow, templatesOf } from './repo/trend-templates.js';

type Body<K extends keyof typeof catalogue.datalog> = EndpointParsedInput<
  (typeof catalogue.datalog)[K]
>['body'];
type Data<K extends keyof typeof catalogue.datalog> = EndpointData<(typeof catalogue.datalog)[K]>;

const POINT_TYPES = new Set<string>(POINT_NODE_TYPES);

export async function meterTree(
  ctx: RequestContext,
  scope: 'all' | 'electric' | 'network',
): Promise<TreeNode[]> {
  const user = requireUser(ctx);
  const project = await currentProject(ctx);
  const { db } = ctx.services;
  await ensurePoints(db, project, ctx.services.clock());
  const rows = await projectNodes(db, project.id);
  const visible = visibleNodes(user, project, rows);
  const counts = await pointCounts(db, project.id, 'node_id');
  const children = new Map<number, typeof rows>();
  for (const row of rows) {
    if (visible && !visible.has(row.id)) continue;
    const list = children.get(row.parent_id);
    if (list) list.push(row);
    else children.set(row.parent_id, [row]);
  }
  const build = (parentId: number, network: boolean): TreeNode[] =>
    (children.get(parentId) ?? []).flatMap((row) => {
      const inNetwork = network || row.model_label === 'pipenetwork';
      if (parentId === 0 && scope === 'electric' && inNetwork) return [];
      if (parentId === 0 && scope === 'network' && !inNetwork) return [];
      const below = build(row.id, inNetwork);
      const pointCount = POINT_TYPES.has(row.model_label) ? (counts.get(row.id) ?? 0) : 0;
      if (below.length === 0 && pointCount === 0) return [];
      return [
        {
          id: row.id,
          modelLabel: row.model_label,
          name: row.name,
          pointCount,
          ...(below.length > 0 ? { children: below } : {}),
        },
      ];
    });
  return [
    { id: project.id, modelLabel: 'project', name: project.name, pointCount: 0, children: build(0, false) },
  ];
}

export async function modelsOf(ctx: RequestContext): Promise<Data<'models'>> {
  const project = await currentProject(ctx);
  const quantities = await tenantQuantities(ctx.services.db, project.tenantId, ctx.services.clock());
  return NODE_TYPES.filter((t) => POINT_TYPES.has(t.modelLabel)).map((t) => ({
    modelLabel: t.modelLabel,
    label: t.label[0],
    enLabel: t.label[1],
    dataIds: quantities.filter((q) => q.device_types.includes(t.modelLabel)).map((q) => q.data_id),
  }));
}

function quantityOf(
  row: QuantityRow,
  counts: Map<number, number>,
  lockedReason: string | null,
): PhysicalQuantity {
  return {
    id: row.id,
    dataId: row.data_id,
    name: row.name,
    enName: row.en_name,
    unit: row.unit,
    energyType: row.energy_type,
    kind: row.kind === 'cumulative' ? 'cumulative' : 'instantaneous',
    aggregation: row.aggregation as PhysicalQuantity['aggregation'],
    decimals: row.decimals,
    deviceTypes: row.device_types,
    pointCount: counts.get(row.data_id) ?? 0,
    lockedReason,
  };
}

export async function quantities(ctx: RequestContext, body: Body<'quantities'>): Promise<Data<'quantities'>> {
  const project = await currentProject(ctx);
  const keyword = body.keyword.toLowerCase();
  const all = (await tenantQuantities(ctx.services.db, project.tenantId, ctx.services.clock()))
    .filter(
      (q) =>
        !keyword ||
        [q.name, q.en_name, q.unit, String(q.data_id)].some((v) => v.toLowerCase().includes(keyword)),
    )
    .sort((a, b) => a.data_id - b.data_id);
  const counts = await pointCounts(ctx.services.db, project.id, 'data_id');
  const start = body.page.index * body.page.limit;
  const page = all.slice(start, start + body.page.limit);
  const scope = await scopeOf(ctx);
  const used =
    scope.boundProjects === null
      ? new Map<number, number[]>()
      : await quantitiesProjects(
          ctx.services.db,
          project.tenantId,
          page.map((q) => q.data_id),
        );
  return {
    total: all.length,
    list: page.map((q) =>
      quantityOf(q, counts, projectsSharedRefusal(scope, used.get(q.data_id) ?? [], quantityWhat(q))),
    ),
  };
}

function checkDeviceTypes(types: readonly string[]): void {
  const unknown = types.find((t) => !POINT_TYPES.has(t));
  if (unknown !== undefined)
    throw ApiError.at(
      'body.deviceTypes',
      `${unknown} cannot carry points (one of ${POINT_NODE_TYPES.join(', ')})`,
    );
}

type QuantityBody = Body<'createQuantity'>;

function columns(body: QuantityBody, now: number): QuantityValues {
  return {
    name: body.name,
    en_name: body.enName,
    unit: body.unit,
    energy_type: body.energyType,
    kind: body.kind,
    aggregation: body.aggregation,
    decimals: body.decimals,
    device_types: [...new Set(body.deviceTypes)],
    updated_at: now,
  };
}

export async function createQuantity(ctx: RequestContext, body: QuantityBody): Promise<PhysicalQuantity> {
  const project = await currentProject(ctx);
  checkDeviceTypes(body.deviceTypes);
  const { db } = ctx.services;
  const now = ctx.services.clock();
  const existing = await tenantQuantities(db, project.tenantId, now);
  if (existing.some((q) => q.data_id === body.dataId))
    throw ApiError.conflict(`dataId: ${body.dataId} is already used`);
  const row = await insertQuantity(db, {
    ...columns(body, now),
    tenant_id: project.tenantId,
    data_id: body.dataId,
    created_at: now,
  });
  await recordOperation(ctx, {
    operation: 'add',
    object: text('oplog.physicalQuantity', { dataId: body.dataId, name: body.name }),
    projectId: project.id,
  });
  return quantityOf(
    row,
    await pointCounts(db, project.id, 'data_id'),
    await quantityRefusal(ctx, project.tenantId, row),
  );
}

async function ownQuantity(ctx: RequestContext, tenantId: number, id: number): Promise<QuantityRow> {
  const row = await quantityOfTenant(ctx.services.db, tenantId, id);
  if (!row) throw ApiError.notFound(`id: physical quantity ${id} does not exist`);
  return row;
}

export async function updateQuantity(
  ctx: RequestContext,
  body: Body<'updateQuantity'>,
): Promise<PhysicalQuantity> {
  const project = await currentProject(ctx);
  checkDeviceTypes(body.deviceTypes);
  const row = await ownQuantity(ctx, project.tenantId, body.id);
  await assertGovernsQuantity(ctx, project.tenantId, row);
  if (row.data_id !== body.dataId)
    throw ApiError.at('body.dataId', 'the data id of a quantity cannot change');
  const updated = await updateQuantityRow(ctx.services.db, row.id, columns(body, ctx.services.clock()));
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.physicalQuantity', { dataId: row.data_id, name: body.name }),
    projectId: project.id,
  });
  return quantityOf(updated, await pointCounts(ctx.services.db, project.id, 'data_id'), null);
}

/**
 * A quantity is the tenant's: a project administrator may change or delete one that only his
 * projects' points measure (or none), not one that other projects measure (issue 11).
 */
async function quantityRefusal(
  ctx: RequestContext,
  tenantId: number,
  row: { name: string; data_id: number },
): Promise<string | null> {
  const used = await quantityProjects(ctx.services.db, tenantId, row.data_id);
  return projectsSharedRefusal(await scopeOf(ctx), used, quantityWhat(row));
}

const quantityWhat = (row: { name: string }) => `physical quantity ${row.name}`;

async function assertGovernsQuantity(
  ctx: RequestContext,
  tenantId: number,
  row: { name: string; data_id: number },
): Promise<void> {
  const refusal = await quantityRefusal(ctx, tenantId, row);
  if (refusal) throw ApiError.permission(refusal);
}

export async function deleteQuantity(ctx: RequestContext, id: number): Promise<null> {
  const project = await currentProject(ctx);
  const row = await ownQuantity(ctx, project.tenantId, id);
  await assertGovernsQuantity(ctx, project.tenantId, row);
  const used = await quantityUse(ctx.services.db, project.tenantId, row.data_id);
  if (used > 0)
    throw ApiError.conflict(
      `physical quantity ${row.data_id} is measured by ${used} points and cannot be deleted`,
    );
  await deleteQuantityRow(ctx.services.db, row.id);
  await recordOperation(ctx, {
    operation: 'delete',
    object: text('oplog.physicalQuantity', { dataId: row.data_id, name: row.name }),
    projectId: project.id,
  });
  return null;
}

export async function trendTemplates(ctx: RequestContext): Promise<Data<'trendTemplates'>> {
  const user = requireUser(ctx);
  const project = await currentProject(ctx);
  return (await templatesOf(ctx.services.db, project.id, user.id)).map(templateOf);
}

function templateOf(row: TrendTemplateRow) {
  return {
    id: row.id,
    name: row.name,
    pointIds: row.point_ids,
    interval: row.interval as DatalogInterval,
    createdAt: row.created_at,
  };
}

export async function saveTrendTemplate(
  ctx: RequestContext,
  body: Body<'saveTrendTemplate'>,
): Promise<Data<'saveTrendTemplate'>> {
  const user = requireUser(ctx);
  const project = await currentProject(ctx);
  await namedPoints(ctx, project, body.pointIds);
  const row = await saveTemplate(ctx.services.db, {
    projectId: project.id,
    userId: user.id,
    name: body.name,
    pointIds: body.pointIds,
    interval: body.interval,
    now: ctx.services.clock(),
  });
  return templateOf(row);
}

export async function deleteTrendTemplate(ctx: RequestContext, id: number): Promise<null> {
  const user = requireUser(ctx);
  const project = await currentProject(ctx);
  if (!(await deleteTemplate(ctx.services.db, id, project.id, user.id)))
    throw ApiError.notFound(`id: trend template ${id} does not exist`);
  return null;
}
