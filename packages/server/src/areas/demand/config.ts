/**
 * Warning levels (/demandearlywarning) and declarations (/declareproposal): an inlet's levels
 * (defaults 90/95/100/105 % until saved), the month's declared demand with its reminder, and
 * the proposal for a month from the maxima of the 12 months before.
 */
import type { Project } from '@eem/contract';
import {
  addMonth,
  checkWarningLevels,
  DEFAULT_WARNING_LEVELS,
  DEMAND_LIMITS,
  type DemandWindowType,
  levelsInKw,
  monthBounds,
  monthOf,
  type NotifyChannel,
  proposeDeclared,
  type WarningBasis,
} from '@eem/core';
import { currentProject, type RequestContext, requireUser } from '../../context.js';
import { JSON_COLUMNS } from '../../db/json-columns.js';
import { ApiError } from '../../http/api-error.js';
import { recordOperation } from '../logs/record-operation.js';
import { catchUp, declaredFor, periodDemand } from './demand-data.js';
import { type DemandBody, type DemandData, inletOf, inletRefOf } from './inlets.js';
import {
  declarationsOf,
  type InletRow,
  saveDeclaration,
  saveWarningConfigRow,
  warningConfigOf,
} from './repo/inlets.js';
import { rollupsOf } from './repo/rollups.js';
import { versionFor } from './schemes.js';

/** Users of the project by id (name), refusing ids that are not. */
async function projectUsers(
  ctx: RequestContext,
  project: Project,
  ids: readonly number[],
  field: string,
): Promise<{ id: number; name: string }[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.services.db
    .selectFrom('users')
    .leftJoin('user_projects', (j) =>
      j.onRef('user_projects.user_id', '=', 'users.id').on('user_projects.project_id', '=', project.id),
    )
    .select(['users.id', 'users.name', 'users.tenant_id', 'user_projects.project_id'])
    .where('users.id', 'in', [...new Set(ids)])
    .execute();
  const byId = new Map(
    rows
      .filter((r) => r.project_id === project.id || r.tenant_id === project.tenantId)
      .map((r) => [Number(r.id), r.name]),
  );
  return [...new Set(ids)].map((id) => {
    const name = byId.get(id);
    if (name === undefined) throw ApiError.validation(`${field}: user ${id} is not a user of this project`);
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
  if (problem) throw ApiError.validation(problem);
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
    object: `demand warning of inlet ${inlet.name}`,
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
    throw ApiError.validation(`month: a declaration is for this month (${thisMonth}) or later`);
  if (body.month > addMonth(thisMonth, DEMAND_LIMITS.months))
    throw ApiError.validation(`month: a declaration is for at most ${DEMAND_LIMITS.months} months ahead`);
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
    object: `declared demand of inlet ${inlet.name} for ${body.month}: ${body.valueKw} kW`,
    projectId: project.id,
  });
  return { inletId: inlet.id, month: body.month, valueKw: body.valueKw, reminderDay: body.reminderDay };
}

/** The maximum demand (per the window type) of each of an inlet's months. */
export async function monthlyMaxima(
  ctx: RequestContext,
  project: Project,
  inlet: InletRow,
  months: readonly string[],
): Promise<{ month: string; maxKw: number | null; maxAt: number | null }[]> {
  await catchUp(ctx.services.db, inlet);
  const out: { month: string; maxKw: number | null; maxAt: number | null }[] = [];
  for (const month of months) {
    const { start, end } = monthBounds(month, project.timeZone);
    const period = periodDemand(
      await rollupsOf(ctx.services.db, inlet.id, start, end),
      inlet.window_type as DemandWindowType,
    );
    out.push({ month, maxKw: period.maxKw, maxAt: period.maxAt });
  }
  return out;
}

export async function declareProposal(
  ctx: RequestContext,
  body: DemandBody<'declareProposal'>,
): Promise<DemandData<'declareProposal'>> {
  const project = await currentProject(ctx);
  const { db, clock } = ctx.services;
  const inlet = await inletOf(ctx, project, body.inletId);
  const month = body.month ?? addMonth(monthOf(clock(), project.timeZone), 1);
  const months = Array.from({ length: DEMAND_LIMITS.proposalMonths }, (_, i) =>
    addMonth(month, i - DEMAND_LIMITS.proposalMonths),
  );
  const maxima = await monthlyMaxima(ctx, project, inlet, months);
  const declarations = new Map(
    (await declarationsOf(db, [inlet.id], months[0] as string, month)).map((d) => [d.month, d]),
  );
  const history = maxima.map((m) => ({
    ...m,
    declaredKw: declarations.get(m.month)?.value_kw ?? inlet.declared_kw,
  }));
  const proposal = proposeDeclared(
    maxima.map((m) => m.maxKw),
    body.marginPct,
  );
  const saved = declarations.get(month);
  const currentKw = saved?.value_kw ?? inlet.declared_kw;
  const version =
    inlet.billing_scheme_id === null
      ? undefined
      : await versionFor(db, project.id, inlet.billing_scheme_id, month);
  let expected: DemandData<'declareProposal'>['expected'] = null;
  if (version) {
    // The expected maximum: the basis of the proposal (the months' percentile or maximum).
    const expectedMax = proposal.basisKw;
    // 发改办价格〔2016〕1583号: up to the threshold (105 %) the declared value is billed; past it
    // the actual maximum, its part above the threshold at the multiplier (2: "加一倍").
    const demandCharge = (declaredKw: number) => {
      const threshold = (declaredKw * version.penaltyThresholdPct) / 100;
      const actual = expectedMax ?? declaredKw;
      if (actual <= threshold) return round2(declaredKw * version.demandPrice);
      return round2(
        actual * version.demandPrice +
          (actual - threshold) * version.demandPrice * (version.penaltyMultiplier - 1),
      );
    };
    expected = {
      proposed: proposal.proposedKw === null ? null : demandCharge(proposal.proposedKw),
      current: demandCharge(currentKw),
      capacity: round2(inlet.transformer_kva * version.capacityPrice),
      inputs: {
        demandPrice: version.demandPrice,
        capacityPrice: version.capacityPrice,
        transformerKva: inlet.transformer_kva,
        expectedMaxKw: expectedMax,
        penaltyThresholdPct: version.penaltyThresholdPct,
        penaltyMultiplier: version.penaltyMultiplier,
      },
    };
  }
  const reminderUsers = saved
    ? await projectUsers(
        ctx,
        project,
        JSON_COLUMNS.declarationReminderUserIds.read(saved.reminder_user_ids, saved.inlet_id),
        'reminderUserIds',
      ).catch(() => [])
    : [];
  return {
    inlet: inletRefOf(inlet),
    month,
    history,
    method: proposal.method,
    basisKw: proposal.basisKw,
    marginPct: body.marginPct,
    proposedKw: proposal.proposedKw,
    currentKw,
    declared: saved ? { valueKw: saved.value_kw, reminderDay: saved.reminder_day, reminderUsers } : null,
    expected,
  };
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
