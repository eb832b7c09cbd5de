/**
 * Loss objects (/energyLossConfig): query, save (add or replace), delete. Rules are core's
 * (checkLossObject); nodes must be nodes of the project the user may see; a loss object used by
 * a loss-share scheme cannot be deleted.
 */
import type { catalogue, EndpointData, EndpointParsedInput, EnergyNodeRef } from '@eem/contract';
import { checkLossObject, energyTypeOf, LOSS_LIMITS, LOSS_MESSAGES, startOf } from '@eem/core';
import type { RequestContext } from '../../context.js';
import { requireUser } from '../../context.js';
import { inTransaction } from '../../db/database.js';
import { JSON_COLUMNS } from '../../db/json-columns.js';
import { nameTaken } from '../../db/tenant-names.js';
import { ApiError } from '../../http/api-error.js';
import { type EnergyCall, energyCall, mayRead, nodeOf } from '../energy/scope.js';
import { lossSchemesUsing } from '../share/repo/schemes.js';
import { lossValues, objectDefinition, rangeFigures, rated } from './figures.js';
import { unconfirmedLossEvents } from './repo/events.js';
import {
  deleteLossObjects,
  type LossObjectRow,
  lossObjectById,
  lossObjectCount,
  lossObjectsOf,
  writeLossObject,
} from './repo/objects.js';

type Loss = typeof catalogue.loss;
export type LossBody<K extends keyof Loss> = EndpointParsedInput<Loss[K]>['body'];
export type LossData<K extends keyof Loss> = EndpointData<Loss[K]>;
type LossObjectOut = LossData<'saveConfig'>;

const HOUR = 3_600_000;

/** A refusal of the body by a rule of core ('field: rule'): placed at body.field, so it is localized. */
export function invalid(message: string): ApiError {
  return ApiError.rule(message);
}

/** The window the warnings and the list's last rate read: the 24 whole hours before now. */
export function lastWindow(now: number, timeZone: string): { start: number; end: number } {
  const end = startOf(now, 'hour', timeZone);
  return { start: end - 24 * HOUR, end };
}

export function thresholdsOf(o: LossObjectRow) {
  return {
    levels: JSON_COLUMNS.lossLevels.read(o.levels, o.id),
    lowerLimitPct: o.lower_limit_pct,
    upperLimitPct: o.upper_limit_pct,
  };
}

/** A loss object the project has, else a not-found naming the field. */
export async function lossObjectOf(
  call: EnergyCall,
  id: number,
  field = 'lossObjectId',
): Promise<LossObjectRow> {
  const row = await lossObjectById(call.ctx.services.db, call.project.id, id);
  if (!row) throw ApiError.notFound(LOSS_MESSAGES.objectUnknown(id).replace('lossObjectId', field));
  if (!mayRead(call, Number(row.supply_node_id)))
    throw ApiError.permission(`${field}: no permission for the supply node of this loss object`);
  return row;
}

/** The answers' form of loss objects, with the last window's rate and the open warnings. */
export async function lossObjectsOut(
  call: EnergyCall,
  rows: readonly LossObjectRow[],
): Promise<LossObjectOut[]> {
  const { db, clock } = call.ctx.services;
  const window = lastWindow(clock(), call.project.timeZone);
  const values = await lossValues(
    call.ctx.services.db,
    call.model,
    rows.map((o) => objectDefinition(call.model, o)),
    [window.start, window.end],
  );
  const open = new Map<number, number>();
  for (const e of await unconfirmedLossEvents(db, call.project.id))
    open.set(Number(e.loss_object_id), (open.get(Number(e.loss_object_id)) ?? 0) + 1);
  return rows.map((o, i) => {
    const t = thresholdsOf(o);
    const v = values[i];
    const figures = v ? rated(rangeFigures(v), t) : null;
    const type = energyTypeOf(o.energy_type);
    return {
      id: Number(o.id),
      name: o.name,
      energyType: o.energy_type,
      energyTypeName: type ? (call.ctx.language === 'zh' ? type.name : type.enName) : String(o.energy_type),
      unit: call.model.unit(o.energy_type).unit,
      supply: call.model.info(Number(o.supply_node_id)),
      consumers: o.consumerIds.map((id) => call.model.info(id)),
      lowerLimitPct: o.lower_limit_pct,
      upperLimitPct: o.upper_limit_pct,
      levels: t.levels,
      enabled: o.enabled === 1,
      deadbandPct: o.deadband_pct,
      repeatMinutes: o.repeat_minutes,
      remark: o.remark,
      lastRatePct: figures?.ratePct ?? null,
      lastLevel: figures?.level ?? 0,
      openWarnings: open.get(Number(o.id)) ?? 0,
      createdAt: Number(o.created_at),
      updatedAt: Number(o.updated_at),
    };
  });
}

export async function configs(ctx: RequestContext, body: LossBody<'configs'>): Promise<LossData<'configs'>> {
  const call = await energyCall(ctx);
  const keyword = body.keyword.toLowerCase();
  const rows = (await lossObjectsOf(ctx.services.db, call.project.id)).filter(
    (o) =>
      mayRead(call, Number(o.supply_node_id)) &&
      (body.energyType === undefined || o.energy_type === body.energyType) &&
      (keyword === '' || o.name.toLowerCase().includes(keyword)),
  );
  const pageRows = rows.slice(body.page.index * body.page.limit, (body.page.index + 1) * body.page.limit);
  return { total: rows.length, list: await lossObjectsOut(call, pageRows) };
}

/** A node (not the project) of the project the user may see, named by a body's field. */
export function nodeIdOf(call: EnergyCall, ref: EnergyNodeRef, field: string): number {
  if (ref.modelLabel === 'project') throw invalid(`${field}: ${LOSS_MESSAGES.notProject}`);
  return nodeOf(call, ref, field);
}

export async function saveConfig(ctx: RequestContext, body: LossBody<'saveConfig'>): Promise<LossObjectOut> {
  requireUser(ctx);
  const call = await energyCall(ctx);
  const { db, clock } = ctx.services;
  if (body.id !== undefined) await lossObjectOf(call, body.id, 'id');
  const supplyId = nodeIdOf(call, body.supply, 'supply');
  const consumerIds = body.consumers.map((c, i) => nodeIdOf(call, c, `consumers.${i}`));
  const problem = checkLossObject({
    supplyId,
    consumerIds,
    lowerLimitPct: body.lowerLimitPct,
    upperLimitPct: body.upperLimitPct,
    levels: body.levels,
  });
  if (problem) throw invalid(problem);
  if (await nameTaken(db, 'loss_objects', call.project.id, body.name, body.id))
    throw invalid(LOSS_MESSAGES.nameRepeats);
  if (body.id === undefined && (await lossObjectCount(db, call.project.id)) >= LOSS_LIMITS.objects)
    throw ApiError.rule(LOSS_MESSAGES.tooManyObjects);
  const now = clock();
  const id = await inTransaction(db, (trx) =>
    writeLossObject(
      trx,
      call.project.id,
      body.id,
      {
        name: body.name,
        energy_type: body.energyType,
        supply_node_id: supplyId,
        lower_limit_pct: body.lowerLimitPct,
        upper_limit_pct: body.upperLimitPct,
        levels: JSON_COLUMNS.lossLevels.write(body.levels),
        enabled: body.enabled ? 1 : 0,
        deadband_pct: body.deadbandPct,
        repeat_minutes: body.repeatMinutes,
        remark: body.remark,
        updated_at: now,
      },
      consumerIds,
      now,
    ),
  );
  const saved = await lossObjectById(db, call.project.id, id);
  if (!saved) throw ApiError.notFound(LOSS_MESSAGES.objectUnknown(id));
  const [out] = await lossObjectsOut(call, [saved]);
  return out as LossObjectOut;
}

export async function deleteConfig(ctx: RequestContext, body: LossBody<'deleteConfig'>): Promise<null> {
  const call = await energyCall(ctx);
  const { db } = ctx.services;
  const ids = [...new Set(body.ids)];
  for (const [i, id] of ids.entries()) await lossObjectOf(call, id, `ids.${i}`);
  const using = await lossSchemesUsing(db, call.project.id, ids);
  if (using.length > 0)
    throw ApiError.conflict(LOSS_MESSAGES.objectInUse(using.map((s) => s.name).join(', ')));
  await inTransaction(db, (trx) => deleteLossObjects(trx, call.project.id, ids));
  return null;
}
