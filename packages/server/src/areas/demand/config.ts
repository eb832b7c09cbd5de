/**
 * Warning levels (/demandearlywarning) and declarations (/declareproposal): an inlet's levels
 * (defaults 90/95/100/105 % until saved) and the month's declared demand with its reminder.
 * The proposal for a month is the bills area's (areas/bills/proposal.ts, on core's billing rules).
 */
import type { Project } from '@eem/contract';
import {
  addMonth,
  checkWarningLevels,
  DEFAULT_WARNING_LEVELS,
  DEMAND_LIMITS,
  levelsInKw,
  monthOf,
  type NotifyChannel,
  text,
  type WarningBasis,
} from '@eem/core';
import { currentProject, type RequestContext, requireUser } from '../../context.js';
import { JSON_COLUMNS } from '../../db/json-columns.js';
import { ApiError } from '../../http/api-error.js';
import { recordOperation } from '../logs/record-operation.js';
import { declaredFor } from './demand-data.js';
import { type DemandBody, type DemandData, inletOf, inletRefOf } from './inlets.js';
import { type InletRow, saveDeclaration, saveWarningConfigRow, warningConfigOf } from './repo/inlets.js';
import { projectUsersAmong } from './repo/users.js';

/** Users of the project by id (name), refusing ids that are not. */
async function projectUsers(
  ctx: RequestContext,
  project: Project,
  ids: readonly number[],
  field: string,
): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  const rows = await projectUsersAmong(ctx.services.db, project.id, [...new Set(ids)]);
  const byId = new Map(
    rows
      .filter((r) => r.project_id === project.id || r.tenant_id === project.tenantId)
      .map((r) => [Number(r.id), r.name]),
  );
  return [...new Set(ids)].map((id) => {
    const name = byId.get(id);
    if (name === undefined) throw ApiError.at(`body.${field}`, `user ${id} is not a user of this project`);
    return { id, name };
  });
}

async function configAnswer(
  ctx: RequestContext,
  project: Project,
  inlet: InletRow,
): Promise<DemandData<'warningConfig'>> {
  const { db, clock } = ctx.services;
  const row = await warningConfigOf(db, inlet.id);
  const declaredKw = await declaredFor(db, inlet, monthOf(clock(), project.timeZone));
  const basis = (row?.basis ?? 'percent') as WarningBasis;
  const levels = row
    ? JSON_COLUMNS.warningLevels.read(row.levels, row.inlet_id)
    : [...DEFAULT_WARNING_LEVELS];
  const kw = levelsInKw(basis, levels, declaredKw);
  const receiverIds = row ? JSON_COLUMNS.warningReceiverIds.read(row.receiver_ids, row.inlet_id) : [];
  // Receivers who left the project since are left out of the answer.
  const receivers = await projectUsers(ctx, project, receiverIds, 'receiverIds').catch(() => []);
  return {
    inlet: inletRefOf(inlet),
    saved: row !== undefined,
    enabled: row ? row.enabled === 1 : false,
    basis,
    levels: levels.map((l) => ({ ...l, kw: kw.find((k) => k.level === l.level)?.kw ?? l.value })),
    onPredicted: row ? row.on_predicted === 1 : false,
    receivers,
    channels: row ? JSON_COLUMNS.warningChannels.read(row.channels, row.inlet_id) : ['web'],
    repeatMinutes: row?.repeat_minutes ?? 0,
    declaredKw,
  };
}

export async function warningConfig(
  ctx: RequestContext,
  body: DemandBody<'warningConfig'>,
): Promise<DemandData<'warningConfig'>> {
  const project = await currentProject(ctx);
  return configAnswer(ctx, project, await inletOf(ctx, project, body.inletId));
}

export async function saveWarningConfig(
  ctx: RequestContext,
  body: DemandBody<'saveWarningConfig'>,
): Promise<DemandData<'saveWarningConfig'>> {
  const project = await currentProject(ctx);
  const inlet = await inletOf(ctx, project, body.inletId);
  const problem = checkWarningLevels(body.levels);
  if (problem) throw ApiError.rule(problem);
  await projectUsers(ctx, project, body.receiverIds, 'receiverIds');
  await saveWarningConfigRow(ctx.services.db, {
    inlet_id: inlet.id,
    project_id: project.id,
    enabled: body.enabled ? 1 : 0,
    basis: body.basis,
    levels: JSON_COLUMNS.warningLevels.write(body.levels),
    on_predicted: body.onPredicted ? 1 : 0,
    receiver_ids: JSON_COLUMNS.warningReceiverIds.write([...new Set(body.receiverIds)]),
    channels: JSON_COLUMNS.warningChannels.write([...new Set(body.channels)] as NotifyChannel[]),
    repeat_minutes: body.repeatMinutes,
    updated_at: ctx.services.clock(),
  });
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.demandWarning', { name: inlet.name }),
    projectId: project.id,
  });
  return configAnswer(ctx, project, inlet);
}

export async function declare(
  ctx: RequestContext,
  body: DemandBody<'declare'>,
): Promise<DemandData<'declare'>> {
  const project = await currentProject(ctx);
  const user = requireUser(ctx);
  const inlet = await inletOf(ctx, project, body.inletId);
  const thisMonth = monthOf(ctx.services.clock(), project.timeZone);
  if (body.month < thisMonth)
    throw ApiError.at('body.month', `a declaration is for this month (${thisMonth}) or later`);
  if (body.month > addMonth(thisMonth, DEMAND_LIMITS.months))
    throw ApiError.at('body.month', `a declaration is for at most ${DEMAND_LIMITS.months} months ahead`);
  await projectUsers(ctx, project, body.reminderUserIds, 'reminderUserIds');
  await saveDeclaration(ctx.services.db, {
    project_id: project.id,
    inlet_id: inlet.id,
    month: body.month,
    value_kw: body.valueKw,
    reminder_day: body.reminderDay,
    reminder_user_ids: JSON_COLUMNS.declarationReminderUserIds.write([...new Set(body.reminderUserIds)]),
    reminded_at: null,
    updated_by: user.id,
    updated_at: ctx.services.clock(),
  });
  await recordOperation(ctx, {
    operation: 'edit',
    object: text('oplog.declaredDemand', { inlet: inlet.name, month: body.month, kw: body.valueKw }),
    projectId: project.id,
  });
  return { inletId: inlet.id, month: body.month, valueKw: body.valueKw, reminderDay: body.reminderDay };
}
