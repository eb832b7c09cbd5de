/** Inlets (/inletwiremanage): the ledger with the spec's rules (bus segments do not repeat, names 1–50). */
import type { catalogue, EndpointData, EndpointParsedInput, Inlet, Project } from '@eem/contract';
import { DEMAND_LIMITS, DEMAND_MESSAGES, monthOf, text } from '@eem/core';
import { currentProject, type RequestContext, requireUser } from '../../context.js';
import { inTransaction } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import { recordOperation } from '../logs/record-operation.js';
import { findNode, nodePaths, nodeSkeleton } from '../nodes/repo/nodes.js';
import { visibleNodes } from '../nodes/tree-access.js';
import { powerPointOf, resetRollup } from './demand-data.js';
import {
  declarationsOf,
  deleteInletRows,
  type InletRow,
  inletById,
  inletClash,
  inletsOf,
  insertInlet,
  updateInlet as updateRow,
  warningConfigsOf,
} from './repo/inlets.js';
import { schemeById, schemesOf } from './repo/schemes.js';
import { demandRuntime } from './runtime.js';

type Demand = typeof catalogue.demand;
export type DemandBody<K extends keyof Demand> = EndpointParsedInput<Demand[K]>['body'];
export type DemandData<K extends keyof Demand> = EndpointData<Demand[K]>;

/** The inlets of the call's project the user may see (all, or those whose meter is in the user's nodes). */
export async function visibleInlets(ctx: RequestContext, project: Project): Promise<InletRow[]> {
  const user = requireUser(ctx);
  const rows = await inletsOf(ctx.services.db, project.id);
  const visible = visibleNodes(user, project, await nodeSkeleton(ctx.services.db, project.id));
  return visible === null ? rows : rows.filter((r) => visible.has(r.meter_node_id));
}

/** An inlet of the call's project the user may see, or a clear refusal naming the field. */
export async function inletOf(
  ctx: RequestContext,
  project: Project,
  id: number,
  field = 'inletId',
): Promise<InletRow> {
  const inlet = (await visibleInlets(ctx, project)).find((i) => i.id === id);
  if (!inlet) throw ApiError.notFound(`${field}: inlet ${id} does not exist in this project`);
  return inlet;
}

/** The inlets a body names (all visible ones when none), in the order named. */
export async function inletsNamed(
  ctx: RequestContext,
  project: Project,
  ids: readonly number[] | undefined,
): Promise<InletRow[]> {
  const all = await visibleInlets(ctx, project);
  if (!ids) return all;
  const byId = new Map(all.map((i) => [i.id, i]));
  return [...new Set(ids)].map((id) => {
    const inlet = byId.get(id);
    if (!inlet) throw ApiError.notFound(`inletIds: inlet ${id} does not exist in this project`);
    return inlet;
  });
}

export function inletRefOf(row: InletRow) {
  return { id: row.id, name: row.name, busSegment: row.bus_segment };
}

async function wireInlets(
  ctx: RequestContext,
  project: Project,
  rows: readonly InletRow[],
): Promise<Inlet[]> {
  const { db } = ctx.services;
  const paths = await nodePaths(
    db,
    project.id,
    rows.map((r) => r.meter_node_id),
  );
  const nodes = await nodeSkeleton(db, project.id);
  const nodeById = new Map(nodes.map((n) => [n.id, n]));
  const schemes = new Map((await schemesOf(db, project.id)).map((s) => [s.id, s]));
  const month = monthOf(ctx.services.clock(), project.timeZone);
  const declared = new Map(
    (
      await declarationsOf(
        db,
        rows.map((r) => r.id),
        month,
        month,
      )
    ).map((d) => [d.inlet_id, d.value_kw]),
  );
  const warnings = new Map(
    (await warningConfigsOf(db, project.id)).map((w) => [w.inlet_id, w.enabled === 1]),
  );
  return rows.map((r) => {
    const node = nodeById.get(r.meter_node_id);
    const scheme = r.billing_scheme_id === null ? undefined : schemes.get(r.billing_scheme_id);
    return {
      id: r.id,
      name: r.name,
      code: r.code,
      voltageKv: r.voltage_kv,
      busSegment: r.bus_segment,
      transformerKva: r.transformer_kva,
      billingMethod: r.billing_method as Inlet['billingMethod'],
      declaredKw: r.declared_kw,
      monthDeclaredKw: declared.get(r.id) ?? r.declared_kw,
      windowType: r.window_type as Inlet['windowType'],
      meter: {
        id: r.meter_node_id,
        modelLabel: node?.model_label ?? '',
        name: node?.name ?? '',
        path: paths.get(r.meter_node_id) ?? '',
      },
      billingScheme: scheme ? { id: scheme.id, name: scheme.name } : null,
      account: r.account,
      remark: r.remark,
      warning: warnings.get(r.id) ?? false,
      createdAt: Number(r.created_at),
      updatedAt: Number(r.updated_at),
    };
  });
}

export async function inlets(ctx: RequestContext, body: DemandBody<'inlets'>): Promise<DemandData<'inlets'>> {
  const project = await currentProject(ctx);
  const keyword = body.keyword.toLowerCase();
  const rows = (await visibleInlets(ctx, project)).filter(
    (r) =>
      (body.billingMethod === undefined || r.billing_method === body.billingMethod) &&
      (keyword === '' ||
        [r.name, r.code, r.bus_segment, r.account].some((t) => t.toLowerCase().includes(keyword))),
  );
  const offset = body.page.index * body.page.limit;
  return {
    total: rows.length,
    list: await wireInlets(ctx, project, rows.slice(offset, offset + body.page.limit)),
  };
}

type InletFields = DemandBody<'createInlet'>;

/** The rules a body must meet beyond its schema: unique name and bus segment, a meter with power, a scheme that allows the method. */
async function checkFields(
  ctx: RequestContext,
  project: Project,
  body: InletFields,
  id?: number,
): Promise<void> {
  const { db } = ctx.services;
  if (await inletClash(db, project.id, 'name', body.name, id))
    throw ApiError.conflict(DEMAND_MESSAGES.nameRepeats);
  if (await inletClash(db, project.id, 'bus_segment', body.busSegment, id))
    throw ApiError.conflict(DEMAND_MESSAGES.busSegmentRepeats);
  const meter = await findNode(db, project.id, body.meter.id);
  if (!meter || (await powerPointOf(db, meter.id)) === undefined)
    throw ApiError.rule(DEMAND_MESSAGES.meterUnknown);
  const user = requireUser(ctx);
  const visible = visibleNodes(user, project, await nodeSkeleton(db, project.id));
  if (visible !== null && !visible.has(meter.id)) throw ApiError.rule(DEMAND_MESSAGES.meterUnknown);
  if (body.billingSchemeId !== null) {
    const scheme = await schemeById(db, project.id, body.billingSchemeId);
    if (!scheme) throw ApiError.rule(DEMAND_MESSAGES.schemeUnknown(body.billingSchemeId));
  }
}

function rowValues(body: InletFields, now: number) {
  return {
    name: body.name,
    code: body.code,
    voltage_kv: body.voltageKv,
    bus_segment: body.busSegment,
    transformer_kva: body.transformerKva,
    billing_method: body.billingMethod,
    declared_kw: body.declaredKw,
    window_type: body.windowType,
    meter_node_id: body.meter.id,
    billing_scheme_id: body.billingSchemeId,
    account: body.account,
    remark: body.remark,
    updated_at: now,
  };
}

export async function createInlet(
  ctx: RequestContext,
  body: InletFields,
): Promise<DemandData<'createInlet'>> {
  const project = await currentProject(ctx);
  const { db, clock } = ctx.services;
  await checkFields(ctx, project, body);
  if ((await inletsOf(db, project.id)).length >= DEMAND_LIMITS.inlets)
    throw ApiError.rule(DEMAND_MESSAGES.tooManyInlets);
  const now = clock();
  const id = await insertInlet(db, {
    project_id: project.id,
    ...rowValues(body, now),
    rolled_to: null,
    created_at: now,
  });
  demandRuntime(ctx.services).invalidate();
  await recordOperation(ctx, {
    operation: 'add',
    object: text('oplog.inlet', { name: body.name }),
    projectId: project.id,
  });
  return (await wireInlets(ctx, project, [(await inletById(db, project.id, id)) as InletRow]))[0] as Inlet;
}

export async function updateInlet(
  ctx: RequestContext,
  body: DemandBody<'updateInlet'>,
): Promise<DemandData<'updateInlet'>> {
  const project = await currentProject(ctx);
  const { db, clock } = ctx.services;
  const old = await inletOf(ctx, project, body.id, 'id');
  await checkFields(ctx, project, body, body.id);
  await inTransaction(db, async (trx) => {
    await updateRow(trx, project.id, body.id, rowValues(body, clock()));
    // Another meter: its demand is another one, computed again from its readings.
    if (old.meter_node_id !== body.meter.id) await resetRollup(trx, body.id);
  });
  demandRuntime(ctx.services).invalidate();
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.inlet', { name: body.name }),
    projectId: project.id,
  });
  return (
    await wireInlets(ctx, project, [(await inletById(db, project.id, body.id)) as InletRow])
  )[0] as Inlet;
}

export async function deleteInlet(ctx: RequestContext, id: number): Promise<null> {
  const project = await currentProject(ctx);
  const inlet = await inletOf(ctx, project, id, 'id');
  await inTransaction(ctx.services.db, (trx) => deleteInletRows(trx, project.id, id));
  demandRuntime(ctx.services).invalidate();
  await recordOperation(ctx, {
    operation: 'delete',
    object: text('oplog.inlet', { name: inlet.name }),
    projectId: project.id,
  });
  return null;
}
